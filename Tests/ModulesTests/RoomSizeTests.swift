import Foundation
import Testing

/// Issue 23's rooms: no Swift file grows past 400 lines, and `KioskApp` stays a coordinator (its class file at
/// most 300 lines; the rest of it lives in extensions named after what they hold, or in the parts it coordinates).
struct RoomSizeTests {
    static let root = PackageManifest.root

    static func lineCount(_ path: String) throws -> Int {
        try String(contentsOfFile: "\(root)/\(path)", encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count - 1
    }

    @Test func noSwiftFileIsOver400Lines() throws {
        let files = try ["Sources", "Tests"].flatMap { folder in
            try FileManager.default.subpathsOfDirectory(atPath: "\(Self.root)/\(folder)")
                .filter { $0.hasSuffix(".swift") }.map { "\(folder)/\($0)" }
        }
        #expect(files.count > 100, "the walk found the sources")
        for file in files {
            let lines = try Self.lineCount(file)
            #expect(lines <= 400, "\(file) has \(lines) lines")
        }
    }

    @Test func kioskAppIsACoordinator() throws {
        let lines = try Self.lineCount("Sources/Kiosk/KioskApp.swift")
        #expect(lines <= 300, "KioskApp.swift has \(lines) lines")
    }
}
