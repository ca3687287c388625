import AnchorPlugin
import Foundation
import GoldenImage
import Raster
import Testing

/// The bench keypad scene through its C entry point, compared with references kept with the
/// other renderer pictures in Tests/RasterTests/References.
/// Serialized: the plugin keeps one scene (and one glyph cache) for the process, as the single-threaded harness expects.
@Suite(.serialized) struct KeypadFrameTests {
    let referencesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("RasterTests/References").path

    private func frame(_ image: PixelImage, stripOnly: Bool, display: String) -> Int32 {
        display.withCString { text in
            anchorKeypadFrame(image.buffer.base.assumingMemoryBound(to: UInt32.self), Int32(image.width),
                              Int32(image.height), Int32(image.buffer.strideBytes), stripOnly ? 1 : 0, text)
        }
    }

    private func pixels(_ image: PixelImage, rows: Range<Int>) -> [UInt32] {
        rows.flatMap { y in (0..<image.width).map { image.buffer.xrgb(x: $0, y: y) } }
    }

    @Test func fullFrameMatchesItsReference() throws {
        let image = PixelImage(width: 800, height: 480)
        #expect(frame(image, stripOnly: false, display: "3.14159265359") == 0)
        try assertMatchesGolden(image.buffer, named: "keypad_full", referencesDirectory: referencesDirectory)
    }

    @Test func stripUpdateRedrawsOnlyTheStrip() throws {
        let image = PixelImage(width: 800, height: 480)
        #expect(frame(image, stripOnly: false, display: "3.14159265359") == 0)
        let keysBefore = pixels(image, rows: 100..<480)
        let stripBefore = pixels(image, rows: 0..<100)
        #expect(frame(image, stripOnly: true, display: "18.8495559215") == 0)
        #expect(pixels(image, rows: 100..<480) == keysBefore, "keys untouched by a strip update")
        #expect(pixels(image, rows: 0..<100) != stripBefore, "the new number is drawn")
        try assertMatchesGolden(image.buffer, named: "keypad_strip", referencesDirectory: referencesDirectory)

        // Drawing the first number again gives back the first picture exactly.
        #expect(frame(image, stripOnly: true, display: "3.14159265359") == 0)
        #expect(pixels(image, rows: 0..<100) == stripBefore)
    }

    @Test func badBuffersAreRefused() {
        let image = PixelImage(width: 10, height: 10)
        let status = "1".withCString { text in
            anchorKeypadFrame(image.buffer.base.assumingMemoryBound(to: UInt32.self), 10, 10, 8, 0, text)
        }
        #expect(status != 0, "a stride shorter than a row is an error")
    }
}
