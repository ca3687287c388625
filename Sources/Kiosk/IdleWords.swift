/// The idle screens' words. Until the locale files come (issue 26, section 1: one data file per locale)
/// they are kept here, in English, under the keys those files will give them.
enum IdleWord: String, CaseIterable {
    case touchToStart = "idle.touch-to-start"
    case stillThere = "idle.still-there"
    /// `{seconds}` stands for the seconds left.
    case countdown = "idle.countdown"
    case touchToContinue = "idle.touch-to-continue"

    static let english: [IdleWord: String] = [
        .touchToStart: "Touch to start",
        .stillThere: "Still there?",
        .countdown: "Starting over in {seconds} s",
        .touchToContinue: "Touch to carry on",
    ]

    var text: String { Self.english[self] ?? rawValue }

    /// The text with `{seconds}` filled in.
    func text(seconds: Int) -> String { text.replacing("{seconds}", with: String(seconds)) }
}
