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
    /// The trace's slope line where dy/dx is not defined.
    case slopeUndefined = "graph.slope-undefined"

    // The graph's tools: the tool bar's keys and the plot's readouts (the Tools key itself is an icon)
    case valueAtXTool = "tools.value-at-x"
    /// The value tool's name on its key back to the choice of tools.
    case valueTool = "tools.value"
    case tableTool = "tools.table"
    case integralTool = "tools.integral"
    /// Before the table's typed step, and the integral's bounds: "step 0.5", "from −1", "to 2", "∫ from −1 to 2".
    case stepField = "tools.step"
    case fromField = "tools.from"
    case toField = "tools.to"
    /// An integral over a pole or an undefined stretch.
    case integralUncertain = "tools.integral-uncertain"
    /// What the display strip asks while a tool's number is not yet typed.
    case xPrompt = "tools.prompt-x"
    case stepPrompt = "tools.prompt-step"
    case fromPrompt = "tools.prompt-from"
    case toPrompt = "tools.prompt-to"

    // The history list
    case historyTitle = "history.title"
    case historyEmpty = "history.empty"
    /// The title while the list is longer than the rows shown: {first}–{last} of {count}.
    case historyScrolled = "history.scrolled"
    /// The same, where that is too long for the title's place.
    case historyScrolledShort = "history.scrolled-short"

    // The calculator's math errors, shown where the number would be
    case divisionByZero = "error.division-by-zero"
    case squareRootOfNegative = "error.square-root-of-negative"
    case logarithmOfNonPositive = "error.logarithm-of-non-positive"
    case reciprocalOfZero = "error.reciprocal-of-zero"
    case arcSineOutOfDomain = "error.arcsine-outside-domain"
    case arcCosineOutOfDomain = "error.arccosine-outside-domain"
    case powerOfNegativeBase = "error.fractional-power-of-negative"
    case overflow = "error.overflow"
    case underflow = "error.underflow"
    case undefinedResult = "error.undefined"
    case tooCloseToZero = "error.too-close-to-zero"
    case undecided = "error.undecided"

    // Why a key did nothing, shown on the description's line; {limit} is a number
    case noSuchHistoryEntry = "refusal.no-such-history-entry"
    case numberFirst = "refusal.number-first"
    /// The step bound: the program is full.
    case tooManySteps = "refusal.too-many-steps"
    case nothingToStore = "refusal.nothing-to-store"
    case finishBeforeGraphing = "refusal.finish-before-graphing"
    case nothingToGraph = "refusal.nothing-to-graph"
    case tooManyDigits = "refusal.too-many-digits"
    case tooManyExponentDigits = "refusal.too-many-exponent-digits"
    case exponentTooLarge = "refusal.exponent-too-large"
    case exponentTooSmall = "refusal.exponent-too-small"
    case pointInExponent = "refusal.point-in-exponent"
    case secondPoint = "refusal.second-point"
    case secondExponent = "refusal.second-exponent"
    case zeroHasNoSign = "refusal.zero-has-no-sign"
    case operationBeforeGroup = "refusal.operation-before-group"
    case noOpenGroup = "refusal.no-open-group"
    case tooManyGroups = "refusal.too-many-groups"
    case closeGroupsBeforeGraphing = "refusal.close-groups-before-graphing"

    // `calx keys`' values where the screen shows no word: no error, M not set, the graph key on or off
    case noneValue = "keys.none"
    case unsetValue = "keys.unset"
    case enabledValue = "keys.enabled"
    case disabledValue = "keys.disabled"

    // A kiosk left alone: the attract screen's banner, and the panel before an idle reset
    case touchToStart = "idle.touch-to-start"
    case stillThere = "idle.still-there"
    /// The seconds left before the reset: {seconds}.
    case countdown = "idle.countdown"
    case touchToCarryOn = "idle.touch-to-continue"
}
