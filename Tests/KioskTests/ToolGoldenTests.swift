import Calculator
import GoldenImage
@testable import Kiosk
import Raster
import Testing
import Typeface

/// The graph's tools as people see them, with the real controller and font, reached by their keys:
/// the value readout, the table of values, the shaded integral with its proved enclosure, and the
/// tangent of a trace with its slope. Record with CALX_RECORD_GOLDEN=1, then look.
@Suite(.serialized) struct ToolGoldenTests {
    enum Scene: String, CaseIterable {
        case value, table, integral, tangent
    }

    static let cases: [(Scene, Int, Int, Theme)] = [
        (.value, 800, 480, .light), (.value, 320, 240, .light), (.value, 480, 800, .dark),
        (.table, 800, 480, .light), (.table, 320, 240, .dark), (.table, 1920, 1080, .light),
        (.integral, 800, 480, .light), (.integral, 480, 800, .dark), (.integral, 1280, 720, .dark),
        (.tangent, 800, 480, .light), (.tangent, 480, 320, .dark),
    ]

    /// sin, M² − 1 and, for the table, 1/M (undefined at 0).
    static func tokens(_ scene: Scene) -> String {
        scene == .table ? "M sin graph C M x² − 1 = graph C 1 ÷ M = graph" : "M sin graph C M x² − 1 = graph"
    }

    @Test(arguments: cases.indices) func screen(_ index: Int) throws {
        let (scene, w, h, theme) = Self.cases[index]
        let app = KioskApp(width: w, height: h, theme: theme, glyphs: try Typeface.default(), storage: MemoryStateStorage())
        var t = 1.0
        func press(_ tokens: String) {
            for token in tokens.split(separator: " ") { t += 0.1; app.handle(key: CalculatorKey(token: String(token))!, time: t) }
        }
        func tap(_ key: PaneKey) {
            let r = (app.layout.rect(of: key) ?? ToolBarView.rect(of: key, app.tools, layout: app.layout))!
            t += 0.3
            app.handle([TouchEvent(id: 1, x: Double(r.x + r.width / 2), y: Double(r.y + r.height / 2), phase: .down, time: t)])
            t += 0.05
            app.handle([TouchEvent(id: 1, x: Double(r.x + r.width / 2), y: Double(r.y + r.height / 2), phase: .up, time: t)])
        }
        press(Self.tokens(scene))
        switch scene {
        case .value:
            tap(.tools); tap(.valueTool); press("1 . 2 =")
        case .table:
            tap(.tools); tap(.tableTool)
            // Scrolled by a drag: two and a half rows on.
            let plot = app.plotRect, row = ValueTableView.rowHeight(plotHeight: plot.height)
            let x = Double(plot.x + plot.width / 2), y = Double(plot.y + plot.height / 2)
            app.play(try TouchScript(parsing: "wait 300\npan \(Int(x)) \(Int(y)) \(Int(x)) \(Int(y - 2.5 * row))\n", startTime: t))
        case .integral:
            tap(.tools); tap(.integralTool); press("− 1 = 2 =")
        case .tangent:
            // A hold on M² − 1 at x = −1.5, where its slope is −3.
            let plot = Rect(app.plotRect)
            let p = app.viewport.screenPoint(x: -1.5, y: 1.25, in: plot)
            app.play(try TouchScript(parsing: "wait 500\ndown 1 \(Int(p.x.rounded())) \(Int(p.y.rounded()))\nwait 600\n", startTime: t))
        }
        let image = PixelImage(width: w, height: h)
        // Drawn until settled: samples refined, points searched, integrals proved.
        var frames = 0
        repeat {
            _ = app.draw(into: image.buffer)
            frames += 1
        } while app.needsRedraw && frames < 400
        #expect(!app.needsRedraw)
        let name = "tools_\(scene.rawValue)_\(w)x\(h)_\(theme.rawValue)"
        #expect(goldenMismatch(image.buffer, named: name, referencesDirectory: references(#filePath)) == nil)
    }
}
