import Foundation

/// Runs the built `calx` (or the developers' `calx-lab`) and captures what it prints.
enum CalxBinary {
    /// `CALX_BINARY`, else the debug product of this package (`swift test` builds it first).
    static var url: URL {
        if let path = ProcessInfo.processInfo.environment["CALX_BINARY"] { return URL(fileURLWithPath: path) }
        return debugProduct("calx")
    }

    /// `CALX_LAB_BINARY`, else the debug `calx-lab` (soak and fuzz).
    static var labURL: URL {
        if let path = ProcessInfo.processInfo.environment["CALX_LAB_BINARY"] { return URL(fileURLWithPath: path) }
        return debugProduct("calx-lab")
    }

    private static func debugProduct(_ name: String) -> URL {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/\(name)")
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Standard output as bytes, for a picture written there.
        var output = Data()
    }

    /// `environment` is added to this process's own (CALX_CONFIG points `calx run` at a test config);
    /// `directory`, when given, is the working directory; `lab` runs `calx-lab` instead; `input`, when given,
    /// is standard input, through a pipe.
    static func run(_ arguments: [String], environment: [String: String] = [:], directory: String? = nil,
                    lab: Bool = false, input: Data? = nil) throws -> Result {
        let process = Process()
        process.executableURL = lab ? labURL : url
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe(), err = Pipe(), source = Pipe()
        process.standardOutput = out
        process.standardError = err
        if input != nil { process.standardInput = source }
        try process.run()
        if let input {
            // Written beside the reads below: a pipe holds 64 KiB, and calx may stop reading early and refuse
            // (then the write fails with EPIPE instead of the signal ending the tests).
            signal(SIGPIPE, SIG_IGN)
            let writer = source.fileHandleForWriting
            Thread.detachNewThread {
                try? writer.write(contentsOf: input)
                try? writer.close()
            }
        }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: e, as: UTF8.self), output: o)
    }
}

extension CalxBinary {
    /// The exit status and the peak resident set size in kB of one run, through GNU time
    /// (scripts/install-deps.sh --test). Not wait4's own figure: a child spawned from this test process
    /// starts with its high-water mark, which exec keeps.
    static func peakKilobytes(_ arguments: [String]) throws -> (status: Int32, kilobytes: Int) {
        let figure = FileManager.default.temporaryDirectory.appendingPathComponent("calx-rss-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: figure) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", "-o", figure, url.path] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let text = try String(contentsOfFile: figure, encoding: .utf8)
        let kilobytes = text.split(separator: "\n").last.flatMap { Int($0) } ?? -1
        return (process.terminationStatus, kilobytes)
    }
}
