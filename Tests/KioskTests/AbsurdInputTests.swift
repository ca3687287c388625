import Calculator
@testable import Kiosk
import Raster
import Testing

/// Nothing a touch source or a screen's EDID says may trap the kiosk.
@Suite struct AbsurdInputTests {
    static let absurd: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, Double(Int.max), -0.0, 1e-300]

    @Test func anyTouchCoordinateIsClampedOntoTheScreen() {
        let app = makeApp(800, 480)
        finger(app, graph: true)
        var id = 100
        var t = 2.0
        for x in Self.absurd {
            for y in Self.absurd {
                for phases in [[TouchEvent.Phase.down, .move, .up], [.down, .move, .cancel]] {
                    id += 1
                    for phase in phases {
                        t += 0.02
                        app.handle([TouchEvent(id: id, x: x, y: y, phase: phase, time: t)])
                    }
                }
            }
        }
        // Two fingers far apart in the graph: a pinch through the absurd points.
        for (a, b) in zip(Self.absurd, Self.absurd.reversed()) {
            t += 0.02
            app.handle([TouchEvent(id: 1, x: 500, y: 200, phase: .down, time: t), TouchEvent(id: 2, x: 600, y: 300, phase: .down, time: t)])
            app.handle([TouchEvent(id: 1, x: a, y: b, phase: .move, time: t + 0.01), TouchEvent(id: 2, x: b, y: a, phase: .move, time: t + 0.01)])
            app.handle([TouchEvent(id: 1, x: a, y: b, phase: .up, time: t + 0.02), TouchEvent(id: 2, x: b, y: a, phase: .up, time: t + 0.02)])
        }
        let image = PixelImage(width: 800, height: 480)
        _ = app.draw(into: image.buffer)
        withExtendedLifetime(image) {}
        #expect(app.onScreen(.nan, .infinity).x == 0 && app.onScreen(.nan, .infinity).y == 479)
    }

    func finger(_ app: KioskApp, graph: Bool) {
        var f = Finger()
        if graph { f.tap(app, app.layout.center(of: .graph)!) }
    }

    /// `calx shot --mm 1e-300x1e-300` trapped on pixels per millimetre; a real EDID can be as wrong.
    @Test(arguments: [(1e-300, 1e-300), (1e300, 1e300), (0.001, 0.001), (1e9, 1)])
    func anImplausibleScreenSizeIsNoSize(mm: (Double, Double)) {
        let layout = ScreenLayout(width: 800, height: 480, millimetres: ScreenMillimetres(width: mm.0, height: mm.1))
        #expect(layout.pixelsPerMillimetre == nil)
        let app = KioskApp(width: 800, height: 480, millimetres: ScreenMillimetres(width: mm.0, height: mm.1), glyphs: BlockGlyphs(), storage: MemoryStateStorage())
        let image = PixelImage(width: 800, height: 480)
        _ = app.draw(into: image.buffer)
        withExtendedLifetime(image) {}
    }
}
