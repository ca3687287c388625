import Calculator
@testable import Kiosk
import Raster
import Testing

/// The real controller behind the real layout, driven by touch scripts that tap keys where they are drawn.
@Suite struct WholeAppTests {
    static let seeds: [(keys: String, description: String, display: String)] = [
        ("7 +", "7 + …", "7"),
        ("7 + 9", "7 + …", "9"),
        ("7 + 9 =", "7 + 9 =", "16"),
        ("7 + 9 = √", "√(7 + 9) =", "4"),
        ("7 + 9 = √ + 2 =", "√(7 + 9) + 2 =", "6"),
        ("7 + 9 √", "7 + √(9) …", "3"),
        ("7 + 9 √ =", "7 + √(9) =", "10"),
        ("7 + 9 = + 6 = + 3 =", "7 + 9 + 6 + 3 =", "25"),
        ("7 + 9 = √ 6 + 3 =", "6 + 3 =", "9"),
        ("5 + 6 = 7 3", "5 + 6 =", "73"),
        ("4 × π =", "4 × π =", "12.566370614"),
        ("6 × 5 × 4 × 3 =", "6 × 5 × 4 × 3 =", "360"),
    ]

    func tapScript(_ app: KioskApp, _ keys: String) -> String {
        keys.split(separator: " ").flatMap { token -> [CalculatorKey] in
            if token.allSatisfy({ $0.isNumber }) { return token.map { .digit(Int(String($0))!) } }
            return [CalculatorKey(token: String(token))!]
        }.map { key in
            let c = app.center(of: key)!
            return "tap \(c.x) \(c.y)"
        }.joined(separator: "\n")
    }

    @Test(arguments: [(800, 480), (480, 800), (480, 320)])
    func tappingKeysReproducesTheSeedExamples(size: (Int, Int)) throws {
        for seed in Self.seeds {
            let app = KioskApp(width: size.0, height: size.1, glyphs: BlockGlyphs(), storage: MemoryStateStorage())
            app.play(try TouchScript(parsing: tapScript(app, seed.keys)))
            #expect(app.display == seed.display, "\(seed.keys) at \(size)")
            #expect(app.descriptionText == seed.description, "\(seed.keys) at \(size)")
        }
    }

    @Test func aFrozenGraphIgnoresLaterInputAndNeverTouchesM() throws {
        let app = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: MemoryStateStorage())
        app.play(try TouchScript(parsing: tapScript(app, "M sin graph")))
        let frozen = try #require(app.graph)
        #expect(frozen.description.contains("sin(M)"))
        #expect(app.memoryReadout == nil, "graphing never sets M")
        app.play(try TouchScript(parsing: tapScript(app, "C 7 + 2")))
        #expect(app.graph == frozen)
        #expect(!app.isGraphEnabled)
        app.play(try TouchScript(parsing: tapScript(app, "graph")))
        #expect(app.graph == frozen, "ignored while pending")
    }

    @Test func theCalculatorSurvivesARestart() throws {
        let storage = MemoryStateStorage()
        let app = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: storage)
        app.play(try TouchScript(parsing: tapScript(app, "9 sto M cos graph 7 +")))
        app.saveNow()
        let again = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: storage)
        #expect(again.messages.isEmpty, "\(again.messages)")
        #expect(again.display == app.display)
        #expect(again.descriptionText == app.descriptionText)
        #expect(again.memoryReadout == app.memoryReadout)
        #expect(again.graph == app.graph)
    }
}
