import Calculator
import GoldenImage
@testable import Kiosk
import Raster
import Testing
import Typeface

/// The screen as people see it, with the real controller and font. Record with CALX_RECORD_GOLDEN=1, then look.
@Suite(.serialized) struct GoldenScreenTests {

    enum Scene: String, CaseIterable {
        case launch, rootOfSum, error, tanSplit, pushedGraph, pinchedPanned, traced, fitted, severalGraphs, sixGraphs, history,
             secondPage, refused, exactRoot, exactDegrees, deepZoom, hugeFit, openGroups
        var keys: [CalculatorKey] {
            switch self {
            case .launch: return []
            case .rootOfSum: return [.digit(9), .binary(.add), .memory, .equals, .unary(.squareRoot)]
            case .error: return [.digit(1), .binary(.divide), .digit(0), .equals]
            case .tanSplit, .pushedGraph: return [.memory, .unary(.tangent), .graph]
            case .pinchedPanned, .traced, .deepZoom: return [.memory, .unary(.sine), .graph]
            // M × 1e300: Fit must find values near 1e300.
            case .hugeFit: return [.memory, .binary(.multiply), .digit(1), .exponent, .digit(3), .digit(0), .digit(0), .equals, .graph]
            // (sin(M) + M) ÷ M: a hole at 0, and a y-range Fit has to find.
            case .fitted: return [.memory, .unary(.sine), .binary(.add), .memory, .equals, .binary(.divide), .memory, .equals, .graph]
            // sin, cos and M² − 1: their zeros, extrema and meetings marked, newest listed first.
            case .severalGraphs:
                return [.memory, .unary(.sine), .graph, .clear, .memory, .unary(.cosine), .graph, .clear,
                        .memory, .unary(.square), .binary(.subtract), .digit(1), .equals, .graph]
            // Six curves, some with long titles: the title strip shrinks, takes two rows, then elides.
            case .sixGraphs:
                let long: [CalculatorKey] = [.memory, .unary(.sine), .binary(.add), .memory, .equals, .binary(.divide), .memory,
                                             .equals, .unary(.squareRoot), .binary(.add), .digit(1), .equals]
                return [.memory, .unary(.sine), .graph, .clear, .memory, .unary(.cosine), .graph, .clear]
                    + long + [.graph, .clear, .memory, .unary(.tangent), .graph, .clear]
                    + [.memory, .unary(.cube), .binary(.divide), .digit(8), .equals, .graph, .clear]
                    + long + [.binary(.multiply), .memory, .equals, .graph]
            // Two results in degrees, one long enough to elide, then the list over the keypad.
            case .history: return [.angleMode(.degrees), .digit(3), .digit(0), .unary(.sine), .binary(.add), .digit(2),
                                   .unary(.squareRoot), .binary(.multiply), .constant("π"), .binary(.subtract), .digit(1),
                                   .unary(.reciprocal), .equals, .clear, .digit(6), .point, .digit(2), .exponent, .digit(3),
                                   .equals, .historyList]
            case .secondPage: return [.digit(1), .secondPage]
            // A refused key says why where the description was, and the number stays in view.
            case .refused: return [.digit(1), .exponent, .digit(4), .digit(0), .digit(0)]
            // √2 × √6 is exactly 2√3: the exact form beside the number (ExactFormGoldenTests, at every size).
            case .exactRoot: return [.digit(2), .unary(.squareRoot), .binary(.multiply), .digit(6), .unary(.squareRoot), .equals]
            // Two "(" open in degrees: "DEG (2" where the angle readout is, the description waiting.
            case .openGroups: return [.angleMode(.degrees), .digit(2), .binary(.multiply), .openGroup, .openGroup, .digit(1),
                                      .binary(.add), .digit(3)]
            // tan(-30°) is -√3/3: the form between DEG and the number.
            case .exactDegrees: return [.angleMode(.degrees), .digit(3), .digit(0), .unary(.negate), .unary(.tangent)]
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
        (.traced, 800, 480, .light), (.traced, 480, 800, .dark), (.fitted, 800, 480, .light),
        (.severalGraphs, 800, 480, .light), (.severalGraphs, 480, 800, .dark), (.severalGraphs, 1280, 720, .dark),
        (.sixGraphs, 800, 480, .light), (.sixGraphs, 480, 800, .light),
        (.history, 800, 480, .light), (.history, 480, 800, .dark), (.secondPage, 480, 320, .light),
        (.refused, 800, 480, .light), (.refused, 480, 320, .dark),
        // The deep zoom (labels 0.02 and its offsets), Fit on M × 1e300, six curves numbered at 320x240.
        (.deepZoom, 800, 480, .light), (.hugeFit, 800, 480, .light), (.sixGraphs, 320, 240, .light),
        (.openGroups, 800, 480, .light), (.openGroups, 480, 800, .dark),
    ]

    /// High contrast and text 1.5 times larger at every supported size (the layout tests' nine, which the locale
    /// goldens cover too): the keypad with a readout where the calculator fills the screen, the keypad beside
    /// curves where it splits.
    static let accessibleCases: [(Scene, Int, Int, Theme, Double)] = [
        (.severalGraphs, 800, 480, .highContrast, 1), (.rootOfSum, 480, 800, .highContrast, 1),
        (.severalGraphs, 1280, 720, .highContrast, 1), (.severalGraphs, 1920, 1080, .highContrast, 1),
        (.rootOfSum, 720, 1280, .highContrast, 1), (.rootOfSum, 480, 320, .highContrast, 1),
        (.pushedGraph, 480, 800, .highContrast, 1),
        (.rootOfSum, 800, 480, .light, 1.5), (.rootOfSum, 480, 800, .light, 1.5), (.severalGraphs, 1280, 720, .light, 1.5),
        (.severalGraphs, 1920, 1080, .dark, 1.5), (.history, 720, 1280, .light, 1.5), (.rootOfSum, 480, 320, .light, 1.5),
        (.pushedGraph, 480, 800, .light, 1.5), (.severalGraphs, 1280, 720, .highContrast, 1.5),
        // The portrait corners of the supported range.
        (.rootOfSum, 320, 480, .highContrast, 1), (.severalGraphs, 320, 480, .light, 1.5),
        (.severalGraphs, 1080, 1920, .highContrast, 1), (.rootOfSum, 1080, 1920, .dark, 1.5),
        // A 7" 1024x600 panel.
        (.severalGraphs, 1024, 600, .highContrast, 1), (.rootOfSum, 1024, 600, .light, 1.5),
    ]

    /// The goldens above picture high contrast and text 1.5 at each size the layout tests check.
    @Test func highContrastAndLargerTextAtEverySupportedSize() {
        for (w, h) in ScreenLayoutTests.sizes {
            #expect(Self.accessibleCases.contains { $0.1 == w && $0.2 == h && $0.3 == .highContrast }, "high contrast at \(w)x\(h)")
            #expect(Self.accessibleCases.contains { $0.1 == w && $0.2 == h && $0.4 == 1.5 }, "text 1.5 at \(w)x\(h)")
        }
    }

    @Test(arguments: cases.indices) func screen(_ index: Int) throws {
        let (scene, w, h, theme) = Self.cases[index]
        try Self.expectGolden(scene, w, h, theme)
    }

    @Test(arguments: accessibleCases.indices) func accessibleScreen(_ index: Int) throws {
        let (scene, w, h, theme, scale) = Self.accessibleCases[index]
        try Self.expectGolden(scene, w, h, theme, scale: scale)
    }

    /// Plays `scene` on a screen of `w`×`h` with text `scale` times larger, draws it until settled, and compares
    /// it with its reference picture.
    static func expectGolden(_ scene: Scene, _ w: Int, _ h: Int, _ theme: Theme, scale: Double = 1) throws {
        let app = KioskApp(width: w, height: h, theme: theme, textScale: scale, glyphs: try Typeface.default(),
                           storage: MemoryStateStorage())
        var t = 1.0
        for key in scene.keys { t += 0.1; app.handle(key: key, time: t) }
        if scene == .pinchedPanned {
            let plot = app.plotRect
            let cx = plot.x + plot.width / 2, cy = plot.y + plot.height / 2
            app.play(try TouchScript(parsing: "wait 500\npinch \(cx) \(cy) 80 160\nwait 500\npan \(cx) \(cy) \(cx + plot.width / 6) \(cy - plot.height / 8)\n",
                                     startTime: t))
        }
        if scene == .traced {
            // A hold a third of the way across the plot, left of the origin: the trace marks sin there.
            let plot = app.plotRect
            app.play(try TouchScript(parsing: "wait 500\ndown 1 \(plot.x + plot.width / 3) \(plot.y + plot.height / 4)\nwait 600\n",
                                     startTime: t))
        }
        if scene == .deepZoom {
            // Five pinches of 30 times about (600, 258), a pixel above the origin: y sits near 0.02.
            let pinch = String(repeating: "pinch 600 258 10 300\nwait 50\n", count: 5)
            app.play(try TouchScript(parsing: "wait 500\n" + pinch, startTime: t))
        }
        if scene == .fitted || scene == .hugeFit, let fit = app.layout.rect(of: .fit) {
            app.play(try TouchScript(parsing: "wait 500\ntap \(fit.x + fit.width / 2) \(fit.y + fit.height / 2)\n", startTime: t))
        }
        let image = settledPicture(of: app)
        let name = "\(scene.rawValue)_\(w)x\(h)_\(theme.rawValue)" + (scale == 1 ? "" : "_text\(scale)")
        #expect(goldenMismatch(image.buffer, named: name, referencesDirectory: references(#filePath)) == nil)
    }
}
