import CalculatorBrain
import GoldenImage
@testable import Kiosk
import Raster
import Testing
import Typeface

/// The pushed graph (portrait screens) with the real font. Record with CALX_RECORD_GOLDEN=1, then look.
@Suite struct GraphGoldenTests {
    static let tangent = GraphProgram(expression: .unary(.tangent, .variable("M")), description: "tan(M)", variable: "M")
    static let sine = GraphProgram(expression: .unary(.sine, .variable("M")), description: "sin(M)", variable: "M")

    func picture(_ w: Int, _ h: Int, _ theme: Theme, _ program: GraphProgram, script: (KioskApp) -> String = { _ in "" })
        throws -> PixelImage {
        let app = KioskApp(width: w, height: h, theme: theme, glyphs: try Typeface.default(), storage: MemoryStateStorage())
        app.showGraph(program)
        app.play(try TouchScript(parsing: script(app)))
        let image = PixelImage(width: w, height: h)
        _ = app.draw(into: image.buffer)
        return image
    }

    @Test(arguments: [(480, 800, Theme.light), (720, 1280, .dark)])
    func pushedGraphInPortrait(size: (Int, Int, Theme)) throws {
        let image = try picture(size.0, size.1, size.2, Self.tangent)
        #expect(goldenMismatch(image.buffer, named: "pushed_tan_\(size.0)x\(size.1)_\(size.2.rawValue)",
                               referencesDirectory: references(#filePath), tolerance: 3) == nil)
    }

    @Test func pinchedAndPannedGraph() throws {
        let image = try picture(480, 800, .light, Self.sine) { app in
            let p = app.graphPaneRect
            let cx = p.x + p.width / 2, cy = p.y + p.height / 2
            return "pinch \(cx) \(cy) 60 150\nwait 500\npan \(cx) \(cy) \(cx + 70) \(cy - 90)\n"
        }
        #expect(goldenMismatch(image.buffer, named: "pinched_panned_sin_480x800_light",
                               referencesDirectory: references(#filePath), tolerance: 3) == nil)
    }
}
