import Kiosk
import Platform

struct TouchScriptFileError: Error { var text: String }

/// Reads and parses a touch script file; the error names the file and the line.
func loadTouchScript(path: String) -> Result<TouchScript, TouchScriptFileError> {
    let text: String
    do {
        guard let read = try readTextFile(path, limit: 16 << 20) else {
            return .failure(TouchScriptFileError(text: "calx: cannot read touch script \(path): it does not exist"))
        }
        text = read
    } catch {
        return .failure(TouchScriptFileError(text: "calx: cannot read touch script: \(error)"))
    }
    do {
        return .success(try TouchScript(parsing: text))
    } catch {
        return .failure(TouchScriptFileError(text: "calx: \(path): \(error)"))
    }
}
