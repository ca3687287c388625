import Calculator
import GoldenImage
@testable import Kiosk
import Raster
import Testing
import Typeface

/// The screen as people see it, with the real controller and font. Record with CALX_RECORD_GOLDEN=1, then look.
@Suite(.serialized) struct GoldenScreenTests {

    enum Scene: String, CaseIterable {
        case launch, rootOfSum, error, tanSplit, pushedGraph, pinchedPanned
        var keys: [CalculatorKey] {
            switch self {
            case .launch: return []
            case .rootOfSum: return [.digit(9), .binary(.add), .memory, .equals, .unary(.squareRoot)]
            case .error: return [.digit(1), .binary(.divide), .digit(0), .equals]
            case .tanSplit, .pushedGraph: return [.memory, .unary(.tangent), .graph]
            case .pinchedPanned: return [.memory, .unary(.sine), .graph]
            }
        }
    }

    static let cases: [(Scene, Int, Int, Theme)] = [
        (.launch, 800, 480, .light), (.launch, 480, 800, .dark), (.launch, 1280, 720, .light),
        (.launch, 1920, 1080, .dark), (.launch, 720, 1280, .light), (.launch, 480, 320, .light),
        (.rootOfSum, 800, 480, .light), (.rootOfSum, 480, 800, .light),
        (.error, 800, 480, .dark), (.error, 480, 320, .light),
        (.tanSplit, 800, 480, .light), (.tanSplit, 1280, 720, .dark), (.tanSplit, 1920, 1080, .light),
        (.pushedGraph, 480, 800, .light), (.pushedGraph, 720, 1280, .dark),
        (.pinchedPanned, 800, 480, .light), (.pinchedPanned, 480, 320, .dark),
    ]

    @Test(arguments: cases.indices) func screen(_ index: Int) throws {
        let (scene, w, h, theme) = Self.cases[index]
        let app = KioskApp(width: w, height: h, theme: theme, glyphs: try Typeface.default(), storage: MemoryStateStorage())
        var t = 1.0
        for key in scene.keys { t += 0.1; app.handle(key: key, time: t) }
        if scene == .pinchedPanned {
            let plot = app.graphPaneRect
            let cx = plot.x + plot.width / 2, cy = plot.y + plot.height / 2
            app.play(try TouchScript(parsing: "wait 500\npinch \(cx) \(cy) 80 160\nwait 500\npan \(cx) \(cy) \(cx + plot.width / 6) \(cy - plot.height / 8)\n",
                                     startTime: t))
        }
        let image = PixelImage(width: w, height: h)
        _ = app.draw(into: image.buffer)
        let name = "\(scene.rawValue)_\(w)x\(h)_\(theme.rawValue)"
        #expect(goldenMismatch(image.buffer, named: name, referencesDirectory: references(#filePath), tolerance: 3) == nil)
    }
}
