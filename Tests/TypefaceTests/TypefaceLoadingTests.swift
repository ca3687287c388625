import Glibc
import Raster
import Testing
@testable import Typeface

@Suite struct TypefaceLoadingTests {
    @Test func defaultFaceIsDejaVuSans() throws {
        let face = try Typeface.default()
        #expect(face.familyName == "DejaVu Sans")
        #expect(face.path.hasSuffix("DejaVuSans.ttf"))
    }

    @Test func theFixedPathIsTakenWithoutAskingFontconfig() throws {
        let path = try Typeface.default().path
        var asked = 0
        let face = try Typeface.default(cacheCapacity: 16, fixedPaths: ["/tmp/calx-no-such-font-\(getpid()).ttf", path]) {
            asked += 1; return nil
        }
        #expect(face.path == path && face.familyName == "DejaVu Sans")
        #expect(asked == 0)
    }

    @Test func fontconfigIsAskedWhenNoFixedPathHoldsDejaVuSans() throws {
        let dejaVu = try Typeface.default().path
        let missing = "/tmp/calx-no-such-font-\(getpid()).ttf"
        var asked = 0
        let face = try Typeface.default(cacheCapacity: 16, fixedPaths: [missing]) { asked += 1; return (dejaVu, "DejaVu Sans") }
        #expect(face.path == dejaVu && asked == 1)
        // Nothing anywhere: the error names every place tried, fontconfig included.
        #expect(throws: TypefaceError.noDefaultFont(tried: [missing, "fontconfig (no match for DejaVu Sans)"])) {
            try Typeface.default(cacheCapacity: 16, fixedPaths: [missing]) { nil }
        }
    }

    @Test func fontconfigFindsDejaVuSans() throws {
        let match = try #require(Typeface.fontconfigMatch(family: "DejaVu Sans"))
        #expect(match.family == "DejaVu Sans")
        #expect(try Typeface(path: match.path).familyName == "DejaVu Sans")
    }

    @Test func missingFileNamesThePath() {
        let path = "/tmp/calx-no-such-font-\(getpid()).ttf"
        #expect(throws: TypefaceError.missingFile(path: path)) { try Typeface(path: path) }
        #expect(TypefaceError.missingFile(path: path).description.contains(path))
    }

    @Test func corruptEmptyAndDirectoryPathsAreErrorsNamingThePath() throws {
        let garbage = "/tmp/calx-garbage-font-\(getpid()).ttf"
        let empty = "/tmp/calx-empty-font-\(getpid()).ttf"
        let truncated = "/tmp/calx-truncated-font-\(getpid()).ttf"
        defer { unlink(garbage); unlink(empty); unlink(truncated) }
        try write(Array(repeating: 0x5A, count: 4096), to: garbage)
        try write([], to: empty)
        // The first kilobyte of a real font: a valid header whose tables point past the end.
        let real = try Typeface.default().path
        try write(Array(readBytes(real).prefix(1024)), to: truncated)
        for path in [garbage, empty, truncated, "/tmp"] {
            do {
                _ = try Typeface(path: path)
                Issue.record("\(path) loaded as a font")
            } catch {
                #expect(error.description.contains(path), "\(error)")
                if case .unusableFile = error {} else { Issue.record("\(path): unexpected \(error)") }
            }
        }
    }

    @Test func noDefaultFontMessageListsWhatWasTried() {
        let error = TypefaceError.noDefaultFont(tried: ["/a.ttf", "/b.ttf"])
        #expect(error.description.contains("/a.ttf, /b.ttf") && error.description.contains("fonts-dejavu-core"))
    }

    private func write(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        if !bytes.isEmpty { try #require(bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count) }
    }

    private func readBytes(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return Array(bytes.prefix(max(0, n)))
    }
}
