import GoldenImage
import Raster
import RasterPNG
import Testing
import Foundation

@Suite struct GoldenImageTests {
    private func scratchDirectory() -> String {
        let path = NSTemporaryDirectory() + "calx-golden-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func picture(_ value: UInt32) -> PixelImage {
        let image = PixelImage(width: 6, height: 4)
        for y in 0..<4 { for x in 0..<6 { image.buffer.row32(y)[x] = value } }
        return image
    }

    @Test func recordsThenMatchesThenReportsMismatchWithFiles() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let image = picture(0x336699)

        let missing = checkGolden(image.buffer, named: "box", referencesDirectory: dir, record: false)
        guard case .mismatched(let why) = missing else { Issue.record("missing reference passed"); return }
        #expect(why.contains("no reference") && why.contains("CALX_RECORD_GOLDEN"))

        #expect(checkGolden(image.buffer, named: "box", referencesDirectory: dir, record: true)
            == .recorded(path: dir + "/box.png"))
        #expect(checkGolden(image.buffer, named: "box", referencesDirectory: dir, record: false) == .matched)

        // Within tolerance still matches.
        image.buffer.row32(0)[0] = 0x346799
        #expect(checkGolden(image.buffer, named: "box", referencesDirectory: dir, tolerance: 2, record: false) == .matched)

        image.buffer.row32(2)[5] = 0xFF0000
        let outcome = checkGolden(image.buffer, named: "box", referencesDirectory: dir, record: false)
        guard case .mismatched(let message) = outcome else { Issue.record("mismatch passed"); return }
        #expect(message.contains("1 of 24 pixels"))
        #expect(message.contains(dir + "/box.actual.png") && message.contains(dir + "/box.diff.png"))
        let actual = try PNGFile.read(path: dir + "/box.actual.png")
        #expect(actual.buffer.xrgb(x: 5, y: 2) == 0xFF0000)
        let diff = try PNGFile.read(path: dir + "/box.diff.png")
        #expect(diff.buffer.xrgb(x: 5, y: 2) & 0x00FFFF == 0, "the differing pixel is red in the diff")
        #expect(diff.buffer.xrgb(x: 0, y: 0) != diff.buffer.xrgb(x: 5, y: 2))

        // Allowed differing pixels let it pass, and clear the stale files.
        #expect(checkGolden(image.buffer, named: "box", referencesDirectory: dir, maxDifferingPixels: 1, record: false) == .matched)
        #expect(!FileManager.default.fileExists(atPath: dir + "/box.actual.png"))
        #expect(throws: GoldenMismatch.self) {
            try assertMatchesGolden(image.buffer, named: "box", referencesDirectory: dir)
        }
        #expect(goldenMismatch(image.buffer, named: "box", referencesDirectory: dir, maxDifferingPixels: 1) == nil)
    }

    @Test func sizeMismatchIsReported() {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = checkGolden(picture(0).buffer, named: "size", referencesDirectory: dir, record: true)
        let other = PixelImage(width: 5, height: 4)
        guard case .mismatched(let message) = checkGolden(other.buffer, named: "size", referencesDirectory: dir, record: false)
        else { Issue.record("size mismatch passed"); return }
        #expect(message.contains("5x4") && message.contains("6x4"))
    }

    @Test func differenceCountsPerChannel() {
        let a = picture(0x102030), b = picture(0x102033)
        #expect(GoldenDifference(a.buffer, b.buffer, tolerance: 2).differingPixels == 24)
        #expect(GoldenDifference(a.buffer, b.buffer, tolerance: 3).differingPixels == 0)
        #expect(GoldenDifference(a.buffer, b.buffer, tolerance: 0).largestChannelDifference == 3)
    }
}
