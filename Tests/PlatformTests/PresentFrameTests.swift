import Raster
import Testing
@testable import Platform

/// A client that paints a fixed rectangle whenever it is asked to draw.
private final class PaintingClient: DisplayClient {
    var needsRedraw = true
    var draws = 0
    let rect = IntRect(x: 2, y: 1, width: 3, height: 2)
    func touches(_ contacts: [TouchContact], time: Double) {}
    func key(_ press: KeyPress, time: Double) {}
    func advance(to time: Double) {}
    var nextDeadline: Double? { nil }
    func draw(into buffer: PixelBuffer) -> [IntRect] {
        draws += 1
        needsRedraw = false
        var canvas = Canvas(buffer: buffer)
        canvas.fill(rect, Color(rgb: 0x336699))
        return [rect]
    }
    func invalidate() { needsRedraw = true }
    func resize(width: Int, height: Int, millimetres: ScreenMillimetres?) {}
    func quit() {}
}

@Suite struct PresentFrameTests {
    @Test func drawsOnlyWhatChangedAndShowsIt() throws {
        let display = try #require(MemoryDisplay(width: 8, height: 4))
        let client = PaintingClient()
        #expect(try presentFrame(of: client, on: display))
        #expect(client.draws == 1 && display.frames == 1 && display.damagedPixels == 6)
        #expect(display.drawBuffer.row32(1)[2] == Color(rgb: 0x336699).xrgb)
        // Nothing changed: no draw, no present.
        #expect(try !presentFrame(of: client, on: display))
        #expect(client.draws == 1 && display.frames == 1)
        client.invalidate()
        #expect(try presentFrame(of: client, on: display))
        #expect(display.frames == 2)
    }

    @Test func resizeGivesABlackPictureOfTheNewSize() throws {
        let display = try #require(MemoryDisplay(width: 8, height: 4))
        _ = try presentFrame(of: PaintingClient(), on: display)
        try display.resize(width: 5, height: 9)
        #expect(display.width == 5 && display.height == 9 && display.drawBuffer.width == 5)
        #expect((0..<9).allSatisfy { y in (0..<5).allSatisfy { display.drawBuffer.row32(y)[$0] == 0 } })
    }
}
