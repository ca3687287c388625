import Foundation

/// Runs the built `calx` and captures what it prints.
enum CalxBinary {
    /// `CALX_BINARY`, else the debug product of this package (`swift test` builds it first).
    static var url: URL {
        if let path = ProcessInfo.processInfo.environment["CALX_BINARY"] { return URL(fileURLWithPath: path) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/calx")
    }

    struct Result { var status: Int32; var stdout: String; var stderr: String }

    /// `environment` is added to this process's own (CALX_CONFIG points `calx run` at a test config).
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: e, as: UTF8.self))
    }
}
