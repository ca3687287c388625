import CalculatorBrain

/// CS193P's CalculatorViewController without UIKit: keys in, readouts out.
/// Its model is two separate things: the brain (the programs, `ProgramStack`), and the dictionary →M fills.
///
/// Every key costs time bounded by a constant, whatever came before it, except three that are bounded by
/// the current program's length (at most `maximumProgramLength` steps): →M values its nodes again, the
/// graph key copies the expression it freezes, and ⌫ back into an earlier program values it again if M
/// changed since. A key that is refused says why (`refusal`), until the next key that can change the display. What it says are values
/// (`Refusal`, the brain's `CalculatorError`): the screen and `calx keys` word them in their locale.
public struct CalculatorController: Equatable, Sendable {
    public static let memoryName = "M"
    /// The graphs' parameter: a second variable, held fixed while M runs along x.
    public static let parameterName = "A"
    /// A before any →A, and after C: 1, exactly, so `M sin × A` draws sin(M) until A is chosen (the issue's
    /// default; a parameter is never unset, as M is, because a slider must show some value).
    public static let parameterDefault = ExactValue.one
    /// Digits kept while typing; more cannot be shown or represented.
    static let maximumTypedDigits = TypedNumber.maximumDigits
    /// The most steps one program may hold: what the state file accepts is what the keys can make.
    public static let maximumProgramLength = CalculatorBrain.maximumProgramLength
    /// The most "(" open at once.
    public static let maximumGroupDepth = CalculatorBrain.maximumGroupDepth

    /// The programs since C and their evaluations under `variables`, kept up to date key by key.
    var programs = ProgramStack(variables: [parameterName: parameterDefault.double],
                                exactVariables: [parameterName: parameterDefault])
    /// The number being typed, exactly as shown; nil when not typing.
    public internal(set) var typing: String?
    /// Why a key did nothing, until the next key that can change the display.
    public internal(set) var refusal: Refusal?
    /// The mode the next trig key is pressed in. C keeps it, as a pocket calculator's DRG does.
    public internal(set) var angleMode = AngleMode.radians
    /// The last results, newest first. C keeps them: they are what a visitor may want back.
    public internal(set) var history = CalculatorHistory()
    /// Characters the display's number may take beside a minus: the screen's 12, `calx keys` more (its 15 digits).
    public var displayLength = CalculatorNumberFormat.maximumLength
    /// `calx keys`'s: every digit it can prove, up to 15, in plain form where that shows as many.
    public static let keysDisplayLength = CalculatorNumberFormat.maximumSignificantDigits + 7

    public init() {}

    /// The current program: since the first operand after the last finished result, or since C.
    public var brain: CalculatorBrain { programs.current }
    /// M and A. M is missing until →M; C drops it rather than zeroing it, so M reads as unset. A is always
    /// there (1 until →A); C keeps it, as it keeps the angle mode: it is the graph's, not the sum's.
    public var variables: [String: Double]? { programs.variables }
    /// The exact values of the variables that have one: M after →M of 1/3 is 1/3.
    public var exactVariables: [String: ExactValue] { programs.exactVariables }
    /// The proved values of the variables stored from a computed result: M is the real number the display
    /// showed, as far as its proof went, not only the Double near it.
    public var provedVariables: [String: ProvedReal] { programs.provedVariables }
    /// Steps walked and nodes valued since this controller was made: what the cost tests count.
    public var work: Int { programs.work }
    /// The rounds of the exact rules' loops since this controller was made (bounded per node valued).
    public var exactWork: Int { programs.exactWork }

    public static func == (a: CalculatorController, b: CalculatorController) -> Bool {
        a.programs == b.programs && a.typing == b.typing && a.refusal == b.refusal
            && a.angleMode == b.angleMode && a.history == b.history
    }

    // MARK: Readouts

    /// Everything the screen shows of the calculator, from one look at the evaluation: a screen asks
    /// for all of it after each key. Numbers are text with "." for the decimal point (and for nothing else);
    /// the error and the refusal are values, for the screen to word.
    public struct Readouts: Equatable, Sendable {
        /// The number: what is typed, else the result ("0" before any); "" while an error shows instead.
        public var display: String
        public var description: String
        public var memoryReadout: String?
        /// A's digits, by the display's rule ("1" before any →A).
        public var parameterReadout: String
        public var angleMode: AngleMode
        /// The math error of what is shown (none while a number is typed).
        public var error: CalculatorError?
        /// Why the last key did nothing.
        public var refusal: Refusal?
        public var isGraphEnabled: Bool
        /// The exact form of the number shown, whenever one is known ("1/3", "2√2", "0"): what `calx keys` prints.
        public var exact: String?
        /// The exact form the screen shows beside the number: only where it says more than the decimal does.
        public var exactBesideDisplay: String?
        /// How many "(" wait for their ")": the screen shows them beside the angle mode.
        public var openGroups: Int

        public init(display: String, description: String, memoryReadout: String? = nil, parameterReadout: String = "1",
                    angleMode: AngleMode = .radians,
                    error: CalculatorError? = nil, refusal: Refusal? = nil, isGraphEnabled: Bool, exact: String? = nil,
                    exactBesideDisplay: String? = nil, openGroups: Int = 0) {
            self.display = display
            self.description = description
            self.memoryReadout = memoryReadout
            self.parameterReadout = parameterReadout
            self.angleMode = angleMode
            self.error = error
            self.refusal = refusal
            self.isGraphEnabled = isGraphEnabled
            self.exact = exact
            self.exactBesideDisplay = exactBesideDisplay
            self.openGroups = openGroups
        }
    }

    public var readouts: Readouts {
        let evaluated = programs.readouts
        let exact = shownExact(evaluated)
        // A number being typed is exact too (0.1 is 1/10); its digits are its own form, so none goes beside them.
        let typedExact: ExactValue? = if let typing, case .exactOperand(let value)? = Self.typedStep(typing) { value } else { nil }
        return Readouts(display: display(evaluated), description: description(evaluated), memoryReadout: memoryReadout,
                        parameterReadout: parameterReadout, angleMode: angleMode, error: error(evaluated), refusal: refusal, isGraphEnabled: isGraphEnabled(evaluated),
                        exact: (exact ?? typedExact).map(ExactFormat.string), exactBesideDisplay: exact.flatMap(Self.besideDisplay),
                        openGroups: programs.openGroups)
    }

    typealias Evaluated = (result: Double?, isPending: Bool, description: String, error: CalculatorError?)

    public var display: String { display(programs.readouts) }

    private func display(_ readouts: Evaluated) -> String {
        if let typing { return typing }
        if error(readouts) != nil { return "" }
        // No operand yet: the launch state's 0.
        guard let proof = programs.shownProof else { return "0" }
        return Self.provedText(proof, maximumLength: displayLength) ?? ""
    }

    /// The digits of the real number shown that its proof makes true (π sin is 0, 1 ÷ 3 = rounds as 1/3 does,
    /// ∛2³ − 2 is no number shown), "≈" before them where fewer are proved than fit; nil where none is.
    static func provedText(_ proof: ProvedResult?, maximumLength: Int) -> String? {
        switch proof {
        case .zero: return "0"
        case .enclosure(let lower, let upper):
            return CalculatorNumberFormat.proved(lower: lower, upper: upper, maximumLength: maximumLength)
                .map { $0.isApproximate ? "≈" + $0.text : $0.text }
        default: return nil
        }
    }

    /// Why a proof shows no digit, where it shows none.
    static func verdict(_ proof: ProvedResult?, maximumLength: Int) -> CalculatorError? {
        switch proof {
        case .tooCloseToZero: return .tooCloseToZero
        case .underflow: return .underflow
        case .undecided: return .undecided
        case .enclosure where provedText(proof, maximumLength: maximumLength) == nil: return .undecided
        default: return nil
        }
    }

    /// The exact value of the number the display shows: none while typing or showing an error.
    public var exactResult: ExactValue? { shownExact(programs.readouts) }

    private func shownExact(_ readouts: Evaluated) -> ExactValue? {
        typing == nil && readouts.error == nil ? programs.exactResult : nil
    }

    /// The form beside the decimal: where the decimal is not the value (1/3 beside 0.333333, 2√2, π/4, π),
    /// and the form is no longer than a number's text (12 characters beside a minus). 1/2 beside 0.5 would
    /// say nothing more; 1234567/10000000 beside 1.234567 would say it less readably than the digits.
    static func besideDisplay(_ exact: ExactValue) -> String? {
        guard !ExactFormat.decimal(exact).isExact else { return nil }
        let form = ExactFormat.string(exact)
        return form.count - (form.hasPrefix("-") ? 1 : 0) <= CalculatorNumberFormat.maximumLength ? form : nil
    }

    /// "" at launch, then the description with " …" while pending and " =" otherwise.
    public var description: String { description(programs.readouts) }

    private func description(_ readouts: Evaluated) -> String {
        if readouts.description.isEmpty { return "" }
        return readouts.description + (readouts.isPending ? " …" : " =")
    }

    public var memoryReadout: String? { readout(of: Self.memoryName) }

    /// A's digits; A is never unset.
    public var parameterReadout: String { readout(of: Self.parameterName) ?? "1" }

    /// The math error of what is shown; none while a number is typed.
    public var error: CalculatorError? { error(programs.readouts) }

    func error(_ readouts: Evaluated) -> CalculatorError? {
        typing == nil ? readouts.error ?? Self.verdict(programs.shownProof, maximumLength: displayLength) : nil
    }

    /// Only a complete program can be graphed.
    public var isGraphEnabled: Bool { isGraphEnabled(programs.readouts) }

    private func isGraphEnabled(_ readouts: Evaluated) -> Bool {
        !readouts.isPending && (typing.flatMap(TypedNumber.value) != nil || programs.hasOperand)
    }

    // MARK: Keys

    /// Presses one key. The graph key answers with the frozen program to draw, or nil when it is disabled.
    @discardableResult
    public mutating func press(_ key: CalculatorKey) -> GraphRequest? {
        // A refusal stays until a key that can change the display: the page, history and angle keys cannot,
        // and a refusal lost under them was never read.
        switch key {
        case .secondPage, .historyList, .toggleAngleMode, .angleMode: break
        default: refusal = nil
        }
        switch key {
        case .digit(let digit): type(digit: digit)
        case .point: typePoint()
        case .unary(.negate) where typing != nil: flipTypedSign()
        case .binary(.subtract) where typing == nil && !programs.hasOperand:
            typing = "-" // − before any number starts a negative one
        case .binary where typing == "-": typing = nil
        case .memory where typing == "-", .parameter where typing == "-", .constant where typing == "-", .random where typing == "-",
             .history where typing == "-" && !history.entries.isEmpty:
            // "− M" means the negative of M (and "− π" of π, "− ans" of the last result).
            typing = nil
            press(key)
            record(.operation(UnaryFunction.negate.rawValue))
        case .unary(let function): record(.operation(function.inAngleMode(angleMode).rawValue))
        case .binary(let function): record(.operation(function.rawValue))
        case .constant(let name): record(.operation(name))
        case .random: record(.random(Double.random(in: 0..<1)))
        case .equals: record(.operation("="))
        case .openGroup: openGroup()
        case .closeGroup: closeGroup()
        case .memory: record(.variable(Self.memoryName))
        case .storeMemory: store(into: Self.memoryName)
        case .parameter: record(.variable(Self.parameterName))
        case .storeParameter: store(into: Self.parameterName)
        case .clear: clear()
        case .undo: undo()
        case .graph: return graph()
        case .toggleAngleMode: angleMode = angleMode == .degrees ? .radians : .degrees
        case .angleMode(let mode): angleMode = mode
        case .exponent: typeExponent()
        case .history(let index): useHistory(index)
        case .secondPage, .historyList: break // the screen's keys: nothing to calculate
        }
        if key == .equals { recordResult() }
        return nil
    }

    private mutating func clear() {
        let (angleMode, history, work) = (self.angleMode, self.history, self.work)
        let parameter = keptVariables(without: Self.memoryName)
        self = CalculatorController()
        self.history = history
        self.angleMode = angleMode
        programs.setVariables(parameter.values, exactly: parameter.exact, proved: parameter.proved)
        programs.retiredWork = work
    }

    /// "=" that shows a number adds it to the history.
    private mutating func recordResult() {
        let readouts = programs.readouts
        guard typing == nil, !readouts.isPending, readouts.error == nil, let value = readouts.result, value.isFinite,
              !readouts.description.isEmpty else { return }
        history.record(.init(description: description, value: value, exact: programs.exactResult))
    }

    private mutating func useHistory(_ index: Int) {
        guard history.entries.indices.contains(index) else {
            refusal = .noSuchHistoryEntry
            return
        }
        let entry = history.entries[index]
        record(entry.exact.map(ProgramStep.exactOperand) ?? .operand(entry.value))
    }

    /// Commits what is typed, then records `step`, by the program's rules: a step that changes nothing is
    /// not recorded (an operation with no number to act on says so), nor any past the step bound.
    private mutating func record(_ step: ProgramStep) {
        let typed = typing.flatMap(Self.typedStep)
        switch programs.record(step, committing: typed) {
        case .recorded:
            typing = nil
        case .changesNothing:
            typing = nil
            // An operation with nothing to act on is refused; = with nothing waiting, or + again, already is so.
            let isUnary = if case .operation(let name) = step { UnaryFunction(rawValue: name) != nil } else { false }
            if isUnary || !programs.hasOperand { refusal = .numberFirst }
        case .full:
            refusal = .tooManySteps(limit: Self.maximumProgramLength)
        }
    }

    /// The step a typed number records: exact (its digits are a decimal) unless it does not fit a bounded
    /// rational (1e300), then its Double as before; nil for what is no number yet ("-").
    static func typedStep(_ text: String) -> ProgramStep? {
        guard let value = TypedNumber.value(text), value.isFinite else { return nil }
        // A typed -0 is the Double -0 (1 ÷ -0 is -∞), which no rational is.
        if let exact = TypedNumber.exact(text), exact.double.bitPattern == value.bitPattern { return .exactOperand(exact) }
        return .operand(value)
    }

    /// Backspace while typing; once the typed number is gone, undo of the last program step.
    private mutating func undo() {
        guard var text = typing else {
            programs.undo()
            return
        }
        text.removeLast()
        typing = text.isEmpty || text == "-" ? nil : text
    }

    /// "(" starts an operand: after a number, typed or computed inside a group, it is refused (no implicit
    /// ×), and the typed number stays as it is.
    private mutating func openGroup() {
        let open = ProgramStep.operation("(")
        if programs.openGroups >= Self.maximumGroupDepth {
            refusal = .tooManyGroups(limit: Self.maximumGroupDepth)
        } else if typing != nil || !programs.changes(open) {
            refusal = typing == "-" ? .numberFirst : .operationBeforeGroup
        } else {
            record(open)
        }
    }

    /// ")" with no "(" open is refused before the typed number is committed, so it stays typed.
    private mutating func closeGroup() {
        guard programs.openGroups > 0 else {
            refusal = .noOpenGroup
            return
        }
        record(.operation(")"))
    }

    private mutating func graph() -> GraphRequest? {
        guard isGraphEnabled else {
            refusal = programs.openGroups > 0 ? .closeGroupsBeforeGraphing
                : programs.readouts.isPending ? .finishBeforeGraphing : .nothingToGraph
            return nil
        }
        if let typed = typing.flatMap(Self.typedStep) {
            // The typed number is the program to graph: a constant, recorded as any operand is.
            guard programs.record(typed) == .recorded else {
                refusal = .tooManySteps(limit: Self.maximumProgramLength)
                return nil
            }
            typing = nil
        }
        guard let graph = programs.graphed() else { return nil }
        // A copy of its own: sharing the program's storage would make the next key copy it.
        let program = brain.program.withUnsafeBufferPointer { Array($0) }
        let request = GraphRequest(program: program, graphed: graph, variable: Self.memoryName)
        // Drawn with A as it is now: M runs along x, A is a constant of the curve.
        return request.usesParameter ? request.withParameter(variables?[Self.parameterName] ?? Self.parameterDefault.double) : request
    }
}
