import Calculator
@testable import Kiosk
import Raster
import Testing

@Suite struct DamageTests {
    @Test(arguments: [(800, 480), (480, 800), (1920, 1080)])
    func aDigitPressRepaintsTheDisplayStripAndItsKeyOnly(size: (Int, Int)) {
        let (w, h) = size
        let app = makeApp(w, h)
        let image = PixelImage(width: w, height: h)
        let first = app.draw(into: image.buffer)
        #expect(first.reduce(0) { $0 + $1.area } == w * h)
        #expect(!app.needsRedraw)
        var f = Finger()
        let seven = app.layout.center(of: .digit(7))!
        f.frame(app, [(1, seven.x, seven.y, .down)])
        let pressDamage = app.draw(into: image.buffer)
        let keyRect = app.layout.keys.first { $0.key == .digit(7) }!.rect
        #expect(pressDamage.allSatisfy { $0.intersection(keyRect) == $0 }, "\(pressDamage)")
        f.frame(app, [(1, seven.x, seven.y, .up)])
        #expect(app.needsRedraw)
        let damage = app.draw(into: image.buffer)
        let allowed = app.layout.displayStrip.union(keyRect)
        let area = damage.reduce(0) { $0 + $1.area }
        #expect(damage.allSatisfy { allowed.intersection($0) == $0 }, "\(damage)")
        #expect(area < w * h / 4)
        #expect(!app.needsRedraw)
        #expect(app.draw(into: image.buffer).isEmpty)
    }

    @Test func drawingAPixelChangeShowsInTheBuffer() {
        let app = makeApp(800, 480)
        let image = PixelImage(width: 800, height: 480)
        _ = app.draw(into: image.buffer)
        let strip = app.layout.displayLine
        func count() -> Int {
            var n = 0
            for y in strip.y..<strip.maxY { for x in strip.x..<strip.maxX where image.buffer.xrgb(x: x, y: y) == Palette(.light).displayText.xrgb { n += 1 } }
            return n
        }
        let before = count()
        app.handle(key: .digit(1), time: 1)
        app.handle(key: .digit(2), time: 1)
        _ = app.draw(into: image.buffer)
        #expect(count() > before)
    }
}

@Suite struct RoundedFillTests {
    @Test func theFastRoundedFillPaintsTheSamePixels() {
        for (w, h, r) in [(60, 40, 6.0), (33, 90, 10.5), (20, 8, 4.0), (100, 100, 0.0)] {
            let a = PixelImage(width: 140, height: 140), b = PixelImage(width: 140, height: 140)
            var ca = Canvas(buffer: a.buffer), cb = Canvas(buffer: b.buffer)
            ca.clear(.white); cb.clear(.white)
            let rect = IntRect(x: 7, y: 9, width: w, height: h)
            ca.fill(Rect(rect), Color(rgb: 0x336699), cornerRadius: r)
            cb.fillRounded(rect, Color(rgb: 0x336699), radius: r)
            var same = true
            for y in 0..<140 { for x in 0..<140 where a.buffer.xrgb(x: x, y: y) != b.buffer.xrgb(x: x, y: y) { same = false } }
            #expect(same, "\(w)x\(h) r\(r)")
        }
    }
}

@Suite struct GraphDamageTests {
    @Test func aPanRepaintsTheGraphPaneOnly() {
        let app = makeApp(800, 480)
        app.handle(key: .graph, time: 1)
        let image = PixelImage(width: 800, height: 480)
        _ = app.draw(into: image.buffer)
        var f = Finger()
        let plot = app.plotRect
        f.frame(app, [(1, Double(plot.x) + 100, Double(plot.y) + 100, .down)])
        f.frame(app, [(1, Double(plot.x) + 140, Double(plot.y) + 100, .move)])
        let damage = app.draw(into: image.buffer)
        #expect(!damage.isEmpty)
        #expect(damage.allSatisfy { app.layout.graphPane.intersection($0) == $0 }, "\(damage)")
    }

    @Test func aResizeKeepsTheGraphAndRedrawsEverything() {
        let app = makeApp(800, 480)
        app.handle(key: .graph, time: 1)
        let viewport = app.viewport, graph = app.graph
        app.resize(width: 480, height: 800, millimetres: nil)
        #expect(app.layout.mode == .stacked && !app.isGraphPushed)
        #expect(app.viewport == viewport && app.graph == graph)
        let image = PixelImage(width: 480, height: 800)
        #expect(app.draw(into: image.buffer).reduce(0) { $0 + $1.area } == 480 * 800)
    }
}
