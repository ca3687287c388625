/// Every string a locale file holds, by the key its lines start with. A new visible string is one case here
/// and one line in each file under Strings/ (LocalesTests fails for a file that lacks it).
public enum LocaleText: String, CaseIterable, Sendable {
    // The locale itself
    /// The language's own name: "Deutsch".
    case languageName = "language.name"
    /// "." or ",": how a number's fraction is set off.
    case decimalSeparator = "number.decimal-separator"
    /// What sets two numbers apart in a pair or an interval where "," is the decimal separator: "," or ";".
    case listSeparator = "number.list-separator"

    // The keypad's keys that are words
    case secondPageKey = "key.second-page"
    case historyKey = "key.history"
    case angleKey = "key.angle"
    case randomKey = "key.random"
    /// The readout while the trig keys take degrees.
    case degreesReadout = "readout.degrees"

    // The graph pane
    case backKey = "pane.back"
    case fitKey = "pane.fit"
    case resetKey = "pane.reset"
    case emptyGraph = "graph.empty"
    case zero = "graph.zero"
    case minimum = "graph.minimum"
    case maximum = "graph.maximum"
    case intersection = "graph.intersection"
    case undefined = "graph.undefined"

    // The history list
    case historyTitle = "history.title"
    case historyEmpty = "history.empty"
}
