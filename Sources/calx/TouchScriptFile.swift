import Kiosk

struct TouchScriptFileError: Error { var text: String }

/// Reads and parses a touch script file; the error names the file and the line.
func loadTouchScript(path: String) -> Result<TouchScript, TouchScriptFileError> {
    let bytes: [UInt8]
    do { bytes = try readWholeFile(path) } catch {
        return .failure(TouchScriptFileError(text: "calx: cannot read touch script: \(error)"))
    }
    do {
        return .success(try TouchScript(parsing: String(decoding: bytes, as: UTF8.self)))
    } catch {
        return .failure(TouchScriptFileError(text: "calx: \(path): \(error)"))
    }
}
