import CalculatorBrain

/// CS193P's CalculatorViewController without UIKit: keys in, readouts out.
/// Its model is two separate things: the brain (the programs, `ProgramStack`), and the dictionary →M fills.
///
/// Every key costs time bounded by a constant, whatever came before it, except three that are bounded by
/// the current program's length (at most `maximumProgramLength` steps): →M values its nodes again, the
/// graph key copies the expression it freezes, and ⌫ back into an earlier program values it again if M
/// changed since. A key that is refused says why (`refusal`), until the next key. What it says are values
/// (`Refusal`, the brain's `CalculatorError`): the screen and `calx keys` word them in their locale.
public struct CalculatorController: Equatable, Sendable {
    public static let memoryName = "M"
    /// Digits kept while typing; more cannot be shown or represented.
    static let maximumTypedDigits = TypedNumber.maximumDigits
    /// The most steps one program may hold: what the state file accepts is what the keys can make.
    public static let maximumProgramLength = CalculatorBrain.maximumProgramLength

    /// The programs since C and their evaluations under `variables`, kept up to date key by key.
    var programs = ProgramStack()
    /// The number being typed, exactly as shown; nil when not typing.
    public internal(set) var typing: String?
    /// Why the last key did nothing, until the next key.
    public internal(set) var refusal: Refusal?
    /// The mode the next trig key is pressed in. C keeps it, as a pocket calculator's DRG does.
    public internal(set) var angleMode = AngleMode.radians
    /// The last results, newest first. C keeps them: they are what a visitor may want back.
    public internal(set) var history = CalculatorHistory()

    public init() {}

    /// The current program: since the first operand after the last finished result, or since C.
    public var brain: CalculatorBrain { programs.current }
    /// nil until →M; C drops it rather than zeroing it, so M reads as unset.
    public var variables: [String: Double]? { programs.variables }
    /// Steps walked and nodes valued since this controller was made: what the cost tests count.
    public var work: Int { programs.work }

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
        public var angleMode: AngleMode
        /// The math error of what is shown (none while a number is typed).
        public var error: CalculatorError?
        /// Why the last key did nothing.
        public var refusal: Refusal?
        public var isGraphEnabled: Bool

        public init(display: String, description: String, memoryReadout: String? = nil, angleMode: AngleMode = .radians,
                    error: CalculatorError? = nil, refusal: Refusal? = nil, isGraphEnabled: Bool) {
            self.display = display
            self.description = description
            self.memoryReadout = memoryReadout
            self.angleMode = angleMode
            self.error = error
            self.refusal = refusal
            self.isGraphEnabled = isGraphEnabled
        }
    }

    public var readouts: Readouts {
        let evaluated = programs.readouts
        return Readouts(display: display(evaluated), description: description(evaluated), memoryReadout: memoryReadout,
                        angleMode: angleMode, error: error(evaluated), refusal: refusal, isGraphEnabled: isGraphEnabled(evaluated))
    }

    private typealias Evaluated = (result: Double?, isPending: Bool, description: String, error: CalculatorError?)

    public var display: String { display(programs.readouts) }

    private func display(_ readouts: Evaluated) -> String {
        if let typing { return typing }
        if readouts.error != nil { return "" }
        return CalculatorNumberFormat.string(readouts.result ?? 0)
    }

    /// "" at launch, then the description with " …" while pending and " =" otherwise.
    public var description: String { description(programs.readouts) }

    private func description(_ readouts: Evaluated) -> String {
        if readouts.description.isEmpty { return "" }
        return readouts.description + (readouts.isPending ? " …" : " =")
    }

    public var memoryReadout: String? {
        variables?[Self.memoryName].map(CalculatorNumberFormat.string)
    }

    /// The math error of what is shown; none while a number is typed.
    public var error: CalculatorError? { error(programs.readouts) }

    private func error(_ readouts: Evaluated) -> CalculatorError? {
        typing == nil ? readouts.error : nil
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
        refusal = nil
        switch key {
        case .digit(let digit): type(digit: digit)
        case .point: typePoint()
        case .unary(.negate) where typing != nil: flipTypedSign()
        case .binary(.subtract) where typing == nil && !programs.hasOperand:
            typing = "-" // − before any number starts a negative one
        case .binary where typing == "-": typing = nil
        case .memory where typing == "-", .constant where typing == "-", .random where typing == "-",
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
        case .memory: record(.variable(Self.memoryName))
        case .storeMemory: storeMemory()
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
        self = CalculatorController()
        self.history = history
        self.angleMode = angleMode
        programs.retiredWork = work
    }

    /// "=" that shows a number adds it to the history.
    private mutating func recordResult() {
        let readouts = programs.readouts
        guard typing == nil, !readouts.isPending, readouts.error == nil, let value = readouts.result, value.isFinite,
              !readouts.description.isEmpty else { return }
        history.record(.init(description: description, value: value))
    }

    private mutating func useHistory(_ index: Int) {
        guard history.entries.indices.contains(index) else {
            refusal = .noSuchHistoryEntry
            return
        }
        record(.operand(history.entries[index].value))
    }

    /// Commits what is typed, then records `step`, by the program's rules: a step that changes nothing is
    /// not recorded (an operation with no number to act on says so), nor any past the step bound.
    private mutating func record(_ step: ProgramStep) {
        let typed = typing.flatMap(TypedNumber.value).flatMap { $0.isFinite ? ProgramStep.operand($0) : nil }
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

    /// →M stores what is shown; an error shows no number, so M keeps its value.
    private mutating func storeMemory() {
        let value: Double
        if let typing, let typed = TypedNumber.value(typing) {
            value = typed
            self.typing = nil
        } else {
            typing = nil
            let readouts = programs.readouts
            guard readouts.error == nil, let result = readouts.result, result.isFinite else {
                refusal = .nothingToStore
                return
            }
            value = result
        }
        programs.setVariables([Self.memoryName: value.isFinite ? value : 0])
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

    private mutating func graph() -> GraphRequest? {
        guard isGraphEnabled else {
            refusal = programs.readouts.isPending ? .finishBeforeGraphing : .nothingToGraph
            return nil
        }
        if let typed = typing.flatMap(TypedNumber.value), typed.isFinite {
            // The typed number is the program to graph: a constant, recorded as any operand is.
            guard programs.record(.operand(typed)) == .recorded else {
                refusal = .tooManySteps(limit: Self.maximumProgramLength)
                return nil
            }
            typing = nil
        }
        guard let graph = programs.graphed() else { return nil }
        // A copy of its own: sharing the program's storage would make the next key copy it.
        let program = brain.program.withUnsafeBufferPointer { Array($0) }
        return GraphRequest(program: program, graphed: graph, variable: Self.memoryName)
    }
}
