import Foundation
import Testing

/// Issue 35: what a stranger's files and arguments made calx print or do.
@Suite struct StrangersInputTests {
    static let dir: String = {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("calx-strangers-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    static func file(_ name: String, _ bytes: [UInt8]) -> String {
        let path = dir + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// The messages fuzz: a calx.conf line can hold a NUL, which no argument can. The path was cut at it, and
    /// setting a corrupt state aside looked for a free name forever.
    @Test func aConfigPathWithANulByteIsRefused() throws {
        let config = Self.file("nul.conf", Array("state=\(Self.dir)/state\0x\n".utf8))
        let r = try CalxBinary.run(["run", "--card", "/nonexistent/card9"], environment: ["CALX_CONFIG": config])
        #expect(r.status == 2)
        #expect(r.stderr.contains("state= in \(config) line 1 must be the path of a state file, with no NUL byte"), "\(r.stderr)")
    }
}
