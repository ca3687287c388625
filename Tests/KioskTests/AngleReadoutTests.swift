import Calculator
@testable import Kiosk
import Raster
import Testing

/// The display says DEG in degrees, and nothing in radians (the pictures of radians stay as they were).
@Suite struct AngleReadoutTests {
    func strip(_ app: KioskApp, _ image: PixelImage) -> [UInt32] {
        let r = app.layout.displayStrip
        return (r.y..<r.maxY).flatMap { y in (r.x..<r.maxX).map { x in image.buffer.xrgb(x: x, y: y) } }
    }

    @Test func degreesShowInTheReadout() {
        let app = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: MemoryStateStorage())
        let image = PixelImage(width: 800, height: 480)
        _ = app.draw(into: image.buffer)
        let radians = strip(app, image)
        app.handle(key: .angleMode(.degrees), time: 1)
        #expect(app.needsRedraw)
        _ = app.draw(into: image.buffer)
        #expect(strip(app, image) != radians)
        app.handle(key: .toggleAngleMode, time: 2)
        _ = app.draw(into: image.buffer)
        #expect(strip(app, image) == radians)
    }
}
