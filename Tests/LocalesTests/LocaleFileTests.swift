import Locales
import Testing

@Suite struct LocaleFileTests {
    /// Each locale's file holds every string once, and nothing else.
    @Test(arguments: CalxLocale.identifiers) func everyLocaleHasEveryStringOnce(identifier: String) throws {
        let bytes = try #require(CalxLocale.fileBytes(identifier))
        let file = LocaleFile(bytes: bytes, name: "\(identifier).locale")
        #expect(file.problems == [], "\(identifier)")
        #expect(file.texts.count == LocaleText.allCases.count)
    }

    /// `{name}` in English is `{name}` in every locale: a value filled in where the translation lost its slot
    /// would vanish from the screen.
    @Test(arguments: CalxLocale.identifiers) func everyLocaleFillsInWhatEnglishFillsIn(identifier: String) throws {
        let locale = try #require(CalxLocale.named(identifier))
        for text in LocaleText.allCases {
            #expect(Self.slots(locale[text]) == Self.slots(CalxLocale.english[text]), "\(identifier) \(text.rawValue)")
        }
    }

    @Test func aFileThatLacksAStringOrHasAStrayLineSaysWhere() {
        let text = "# comment\nlanguage.name = Test\npane.bak = Zurück\nno equals here\nlanguage.name = Again\nhistory.empty =\n"
        let file = LocaleFile(bytes: Array(text.utf8), name: "xx.locale")
        #expect(file.problems.contains("xx.locale line 3: unknown key 'pane.bak'"))
        #expect(file.problems.contains("xx.locale line 4: not KEY = TEXT"))
        #expect(file.problems.contains("xx.locale line 5: language.name is given twice"))
        #expect(file.problems.contains("xx.locale line 6: history.empty is empty"))
        #expect(file.problems.contains("xx.locale: no pane.back"))
        #expect(file.texts[.languageName] == "Test")
    }

    @Test func crlfLinesAndSpacesAroundTheTextAreNotPartOfIt() {
        let file = LocaleFile(bytes: Array("pane.back\t=   Zurück  \r\n".utf8), name: "t")
        #expect(file.texts[.backKey] == "Zurück")
    }

    static func slots(_ text: String) -> [Substring] {
        text.split(separator: "{", omittingEmptySubsequences: false).dropFirst().compactMap { $0.split(separator: "}", maxSplits: 1).first }.sorted()
    }
}

@Suite struct CalxLocaleTests {
    @Test func theKnownLocalesAndNoOthers() {
        #expect(CalxLocale.identifiers == ["en", "de", "fr", "es"])
        for identifier in CalxLocale.identifiers { #expect(CalxLocale.named(identifier)?.identifier == identifier) }
        for unknown in ["", "EN", "de_DE", "xx", "en "] { #expect(CalxLocale.named(unknown) == nil, "\(unknown)") }
        #expect(CalxLocale.knownList == "en, de, fr or es")
    }

    @Test func germanFrenchAndSpanishWriteADecimalCommaAndSetPairsApartWithASemicolon() throws {
        #expect(CalxLocale.english.decimalSeparator == ".")
        #expect(CalxLocale.english.listSeparator == ",")
        for identifier in ["de", "fr", "es"] {
            let locale = try #require(CalxLocale.named(identifier))
            #expect(locale.decimalSeparator == ",")
            #expect(locale.listSeparator == ";")
        }
    }

    @Test func numbersTakeTheLocalesSeparator() throws {
        let german = try #require(CalxLocale.named("de"))
        #expect(german.numbers("1.5 + 2.25 × 6.02e+23 =") == "1,5 + 2,25 × 6,02e+23 =")
        #expect(german.numbers("sin(M) ÷ 3 …") == "sin(M) ÷ 3 …")
        #expect(CalxLocale.english.numbers("1.5 + 2") == "1.5 + 2")
    }

    @Test func eachLocaleSpeaksItsOwnLanguage() throws {
        #expect(CalxLocale.english[.backKey] == "Back")
        #expect(try #require(CalxLocale.named("de"))[.backKey] == "Zurück")
        #expect(try #require(CalxLocale.named("fr"))[.backKey] == "Retour")
        #expect(try #require(CalxLocale.named("es"))[.backKey] == "Atrás")
        // Every word of a translation is its own: none is English's but for the names both languages share.
        for identifier in ["de", "fr", "es"] {
            let locale = try #require(CalxLocale.named(identifier))
            #expect(locale[.languageName] != CalxLocale.english[.languageName])
            #expect(locale[.emptyGraph] != CalxLocale.english[.emptyGraph])
        }
    }

    @Test func placeholdersAreFilledIn() {
        #expect(CalxLocale.english.text(.backKey, [("n", "3")]) == "Back")
    }
}
