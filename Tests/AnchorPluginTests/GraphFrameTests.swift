import AnchorPlugin
import Foundation
import GoldenImage
import Raster
import Testing

/// The bench graph scene through its C entry point: references kept with the other renderer
/// pictures in Tests/RasterTests/References, and the scene's rules checked on the pixels.
@Suite(.serialized) struct GraphFrameTests {
    let referencesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("RasterTests/References").path
    static let curve: UInt32 = 0x1F5FD0

    private func frame(_ image: PixelImage, tangent: Bool, shift: Double = 0) -> Int32 {
        anchorGraphFrame(image.buffer.base.assumingMemoryBound(to: UInt32.self), Int32(image.width), Int32(image.height),
                         Int32(image.buffer.strideBytes), tangent ? 1 : 0, -10 + shift, 10 + shift, -12, 12)
    }

    @Test(arguments: [false, true])
    func frameMatchesItsReference(tangent: Bool) throws {
        let image = PixelImage(width: 800, height: 480)
        #expect(frame(image, tangent: tangent, shift: 0.34) == 0)
        try assertMatchesGolden(image.buffer, named: tangent ? "graph_tan" : "graph_sinx", referencesDirectory: referencesDirectory)
    }

    @Test func axesTicksAndCurveFollowTheSceneRules() {
        let image = PixelImage(width: 800, height: 480)
        #expect(frame(image, tangent: false) == 0)
        // World 0 is at column 400 and row 240: 1-px black axes there.
        #expect(image.buffer.xrgb(x: 10, y: 240) == 0)
        #expect(image.buffer.xrgb(x: 10, y: 239) == 0xFFFFFF && image.buffer.xrgb(x: 10, y: 241) == 0xFFFFFF)
        #expect(image.buffer.xrgb(x: 400, y: 5) == 0)
        // A tick at x = 1 (column 440) is 9 px long, centred on the axis.
        #expect((236...244).allSatisfy { image.buffer.xrgb(x: 440, y: $0) == 0 })
        #expect(image.buffer.xrgb(x: 440, y: 235) != 0 && image.buffer.xrgb(x: 440, y: 245) != 0)
        // The curve passes through sin(x)·x at the column centres: x = 5 is column 600.
        let x = 5.0 + 0.5 / 40, row = Int((12 - sin(x) * x) * 20)
        #expect((row - 1...row + 1).contains { image.buffer.xrgb(x: 600, y: $0) == GraphFrameTests.curve })
    }

    @Test func tangentIsSplitAtItsAsymptotes() {
        let image = PixelImage(width: 800, height: 480)
        #expect(frame(image, tangent: true) == 0)
        // Between the two branches at x = π/2 (column ≈ 462.8) no segment joins +∞ to −∞: the
        // middle rows of that column stay white, away from the axis.
        let column = Int(((Double.pi / 2) + 10) * 40)
        #expect((100...200).allSatisfy { image.buffer.xrgb(x: column, y: $0) == 0xFFFFFF })
        #expect((280...380).allSatisfy { image.buffer.xrgb(x: column, y: $0) == 0xFFFFFF })
    }

    @Test func badWindowsAndBuffersAreRefused() {
        let image = PixelImage(width: 4, height: 4)
        let px = image.buffer.base.assumingMemoryBound(to: UInt32.self)
        #expect(anchorGraphFrame(px, 4, 4, 8, 0, -1, 1, -1, 1) != 0, "stride shorter than a row")
        #expect(anchorGraphFrame(px, 4, 4, 16, 0, 1, 1, -1, 1) != 0, "empty x range")
        #expect(anchorGraphFrame(px, 4, 4, 16, 0, -1, 1, .nan, 1) != 0, "NaN window")
        #expect(anchorGraphFrame(px, 4, 4, 16, 0, -1, 1, -1, 1) == 0)
    }
}
