/// The words and the number style of one language: what the kiosk and `calx keys` show a visitor.
/// Its strings are data: one file per locale under Strings/, built into the code (SwiftPM's embedInCode).
public struct CalxLocale: Sendable, Equatable {
    /// "en", "de", "fr", "es".
    public let identifier: String
    /// "." or ",".
    public let decimalSeparator: Character
    /// Between the two numbers of a pair or an interval: "," where the decimal separator is ".", else ";".
    public let listSeparator: String
    private let texts: [LocaleText: String]

    /// The locales there are, in the order messages list them.
    public static let identifiers = ["en", "de", "fr", "es"]

    public static let english = CalxLocale.named("en")!

    /// The locale `identifier` names, or nil for one there is none of.
    public static func named(_ identifier: String) -> CalxLocale? {
        guard let bytes = fileBytes(identifier) else { return nil }
        return CalxLocale(identifier: identifier, file: LocaleFile(bytes: bytes, name: "\(identifier).locale"))
    }

    /// The file's texts; a text it lacks (LocalesTests fails then) is English's, so nothing shows blank.
    init(identifier: String, file: LocaleFile) {
        self.identifier = identifier
        var texts = file.texts
        if identifier != "en" && texts.count < LocaleText.allCases.count, let english = Self.fileBytes("en") {
            texts.merge(LocaleFile(bytes: english, name: "en.locale").texts) { mine, _ in mine }
        }
        self.texts = texts
        decimalSeparator = texts[.decimalSeparator] == "," ? "," : "."
        listSeparator = decimalSeparator == "," ? (texts[.listSeparator] ?? ";") : ","
    }

    /// The locale file's bytes, as built in.
    public static func fileBytes(_ identifier: String) -> [UInt8]? {
        switch identifier {
        case "en": PackageResources.en_locale
        case "de": PackageResources.de_locale
        case "fr": PackageResources.fr_locale
        case "es": PackageResources.es_locale
        default: nil
        }
    }

    /// "en, de, fr or es": the known locales, for a message.
    public static var knownList: String {
        identifiers.dropLast().joined(separator: ", ") + " or " + identifiers.last!
    }

    public subscript(_ text: LocaleText) -> String { texts[text] ?? text.rawValue }

    /// The text with each `{name}` filled in from `values`.
    public func text(_ text: LocaleText, _ values: [(name: String, value: String)]) -> String {
        var result = self[text]
        for (name, value) in values { result = result.replacing("{\(name)}", with: value) }
        return result
    }

    /// Text written with "." as the decimal point (the calculator's numbers and descriptions, which use "."
    /// for nothing else) in this locale's separator.
    public func numbers(_ text: String) -> String {
        guard decimalSeparator != "." else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(scalar == "." ? "," : scalar) }
        return String(scalars)
    }

    public static func == (a: CalxLocale, b: CalxLocale) -> Bool { a.identifier == b.identifier }
}
