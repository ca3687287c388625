import Foundation
import Kiosk

struct TouchScriptFileError: Error { var text: String }

/// Reads and parses a touch script file; the error names the file and the line.
func loadTouchScript(path: String) -> Result<TouchScript, TouchScriptFileError> {
    guard let data = FileManager.default.contents(atPath: path) else {
        return .failure(TouchScriptFileError(text: "calx: cannot read touch script \(path)"))
    }
    do {
        return .success(try TouchScript(parsing: String(decoding: data, as: UTF8.self)))
    } catch {
        return .failure(TouchScriptFileError(text: "calx: \(path): \(error)"))
    }
}
