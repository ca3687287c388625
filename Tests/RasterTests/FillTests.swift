import Raster
import Testing

@Suite struct FillTests {
    @Test func wholePixelFillStaysInsideTheClip() {
        let image = PixelImage(width: 8, height: 8)
        var canvas = Canvas(buffer: image.buffer)
        canvas.clip = IntRect(x: 2, y: 2, width: 4, height: 4)
        canvas.fill(IntRect(x: -10, y: -10, width: 100, height: 100), Color(rgb: 0x123456))
        #expect(image.buffer.xrgb(x: 1, y: 1) == 0)
        #expect(image.buffer.xrgb(x: 2, y: 2) == 0x123456)
        #expect(image.buffer.xrgb(x: 5, y: 5) == 0x123456)
        #expect(image.buffer.xrgb(x: 6, y: 6) == 0)
        #expect(canvas.damage.rects == [IntRect(x: 2, y: 2, width: 4, height: 4)])
    }
}
