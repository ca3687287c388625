import Foundation
import Testing

/// Issue 26: `--locale` on run, shot, keys and layout (and `locale=` in calx.conf); `--disable` and `disable=`.
@Suite struct LocaleCommandTests {
    static let dir: String = {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("calx-locale-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    func lines(_ output: String) -> [String] { output.split(separator: "\n").map(String.init) }

    @Test func keysUnderADecimalCommaTakeAndWriteOne() throws {
        let r = try CalxBinary.run(["keys", "--locale", "de", "1,5 + 1 ="])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(lines(r.stdout) == ["display: 2,5", "exact: 5/2", "description: 1,5 + 1 =", "M: leer", "A: 1", "error: keiner",
                                    "graph: aktiv", "history: 1,5 + 1 = 2,5"])
        // An exact form has no decimal point: the same in every locale, beside the locale's decimal.
        #expect(lines(try CalxBinary.run(["keys", "--locale", "fr", "1 ÷ 3 ="]).stdout).prefix(2) == ["display: 0,333333333333333", "exact: 1/3"])
        // Under a decimal comma "." is no key: typed as a second decimal point, 1.000,5 became 1,0005 (issue 35).
        let dotted = try CalxBinary.run(["keys", "--locale", "fr", "1.5 + 1 ="])
        #expect(dotted.status == 2 && dotted.stdout.isEmpty, "\(dotted.stdout)")
        #expect(dotted.stderr.contains("'1.5': under --locale fr the decimal key is ','"), "\(dotted.stderr)")
        let memory = try CalxBinary.run(["keys", "--locale", "es", "0,25 →M M × 2 = graph deg"])
        #expect(memory.stdout.contains("M: 0,25\n") && memory.stdout.contains("curve: M × 2\n")
                && memory.stdout.contains("angle: GRADOS\n"), "\(memory.stdout)")
    }

    @Test func englishRefusesACommaAndSaysWhere() throws {
        let r = try CalxBinary.run(["keys", "1,5 + 1 ="])
        #expect(r.status == 2)
        #expect(r.stderr.contains("unknown key '1,5' (',' is the decimal key only where the locale writes a decimal comma: --locale de, fr or es)"),
                "\(r.stderr)")
    }

    @Test(arguments: [("en", "Division by zero"), ("de", "Division durch null"), ("fr", "Division par zéro"), ("es", "División por cero")])
    func theErrorLineIsInTheLocale(locale: String, error: String) throws {
        let r = try CalxBinary.run(["keys", "--locale", locale, "1 / 0 ="])
        #expect(r.stdout.contains("display: \(error)\n") && r.stdout.contains("error: \(error)\n"), "\(r.stdout)")
        let refused = try CalxBinary.run(["keys", "--locale", locale, "0 ±"])
        #expect(!refused.stdout.contains("error: none"), "\(refused.stdout)")
        #expect(!refused.stdout.contains("Zero has no sign") || locale == "en", "\(refused.stdout)")
    }

    @Test(arguments: [["keys", "1"], ["layout", "--size", "800x480"], ["shot", "--size", "800x480", "--out", dir + "/x.png"]])
    func anUnknownLocaleExitsTwoNamingItAndTheKnownOnes(command: [String]) throws {
        let r = try CalxBinary.run(command + ["--locale", "tlh"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--locale needs one of en, de, fr or es (got 'tlh')"), "\(r.stderr)")
    }

    @Test func runAndItsConfigRefuseAnUnknownLocaleAndAnUnknownKeyWithTheirFileAndLine() throws {
        let config = Self.dir + "/calx.conf"
        try "theme=dark\nlocale=xx\ndisable=rand frob\n".write(toFile: config, atomically: true, encoding: .utf8)
        let r = try CalxBinary.run(["run", "--card", "/nonexistent/card9", "--state", Self.dir + "/state"],
                                   environment: ["CALX_CONFIG": config])
        #expect(r.status == 2)
        #expect(r.stderr.contains("locale= in \(config) line 2 must be one of en, de, fr or es (got 'xx')"), "\(r.stderr)")
        #expect(r.stderr.contains("disable= in \(config) line 3: no keypad key is named 'frob'"), "\(r.stderr)")
        let flag = try CalxBinary.run(["run", "--card", "/nonexistent/card9", "--locale", "de", "--disable", "Rand HIST 2nd"],
                                      environment: ["CALX_CONFIG": Self.dir + "/none.conf"])
        #expect(flag.stderr.contains("no usable display"), "settings accepted: \(flag.stderr)")
        let all = try CalxBinary.run(["run", "--card", "/nonexistent/card9", "--disable",
                                      "0 1 2 3 4 5 6 7 8 9 . sin cos tan asin acos atan ln log exp exp10 pi e sqrt cbrt sq cube inv pow "
                                      + "neg pct + - * / = ( ) C ⌫ sto M graph drg ee rand hist 2nd"],
                                     environment: ["CALX_CONFIG": Self.dir + "/none.conf"])
        #expect(all.status == 2 && all.stderr.contains("--disable: it leaves no key to press"), "\(all.stderr)")
    }

    @Test func aDisabledKeyIsNotPressedByName() throws {
        let r = try CalxBinary.run(["keys", "--disable", "rand hist", "rand"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("TOKENS: 'Rand' is left out of the keypad (--disable)"), "\(r.stderr)")
        #expect(try CalxBinary.run(["keys", "--disable", "rand", "7 + 1 ="]).stdout.hasPrefix("display: 8\n"))
    }

    @Test func layoutLeavesDisabledKeysOutAndSizesPaneKeysForTheLocale() throws {
        let whole = lines(try CalxBinary.run(["layout", "--size", "480x800"]).stdout)
        let fewer = lines(try CalxBinary.run(["layout", "--size", "480x800", "--disable", "rand hist"]).stdout)
        #expect(whole.contains { $0.hasPrefix("Hist ") } && whole.contains { $0.hasPrefix("page2 Rand ") })
        #expect(!fewer.contains { $0.hasPrefix("Hist ") || $0.hasPrefix("page2 Rand ") }, "\(fewer)")
        #expect(fewer.count == whole.count - 2)
        // German words are longer: the pane's keys grow, centred further left.
        let german = lines(try CalxBinary.run(["layout", "--size", "480x800", "--locale", "de"]).stdout)
        func x(_ key: String, _ lines: [String]) -> Int? { lines.first { $0.hasPrefix(key + " ") }.flatMap { Int($0.split(separator: " ")[1]) } }
        #expect(x("fit", german)! < x("fit", whole)!, "\(german.suffix(4)) \(whole.suffix(4))")
        #expect(x("7", german) == x("7", whole))
    }

    @Test func shotDrawsTheLocale() throws {
        let english = Self.dir + "/en.png", german = Self.dir + "/de.png"
        #expect(try CalxBinary.run(["shot", "--size", "800x480", "--keys", "1.5 + 1 =", "--out", english]).status == 0)
        let de = try CalxBinary.run(["shot", "--size", "800x480", "--locale", "de", "--keys", "1,5 + 1 =", "--out", german])
        #expect(de.status == 0, "\(de.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: english)) != Data(contentsOf: URL(fileURLWithPath: german)))
        let refused = try CalxBinary.run(["shot", "--size", "800x480", "--keys", "1,5", "--out", german])
        #expect(refused.status == 2 && refused.stderr.contains("unknown key '1,5'"), "\(refused.stderr)")
    }
}
