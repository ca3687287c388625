import CalculatorBrain

/// CS193P's CalculatorViewController without UIKit: keys in, readouts out.
/// Its model is two separate things: the brain, and the dictionary →M fills.
///
/// Every key costs time bounded by a constant (an undo: by the brain's checkpoint spacing), so
/// any sequence of keys, however long or hostile, costs time linear in its length.
public struct CalculatorController: Equatable, Sendable {
    public static let memoryName = "M"
    /// Digits kept while typing; more cannot be shown or represented.
    static let maximumTypedDigits = TypedNumber.maximumDigits
    /// The most steps a program may hold: what the state file accepts is what the keys can make.
    public static let maximumProgramLength = CalculatorBrain.maximumProgramLength

    public private(set) var brain = CalculatorBrain()
    /// nil until →M; C drops it rather than zeroing it, so M reads as unset.
    public private(set) var variables: [String: Double]?
    /// The number being typed, exactly as shown; nil when not typing.
    public private(set) var typing: String?
    /// Why the last key did nothing, until the next key.
    private var refusal: String?
    /// How the trig keys read angles. C keeps it, as a pocket calculator's DRG does.
    public private(set) var angleMode = AngleMode.radians
    /// The last results, newest first. C keeps them: they are what a visitor may want back.
    public private(set) var history = CalculatorHistory()
    /// The brain's readouts with `variables`, kept up to date key by key.
    private var evaluation = BrainEvaluation(variables: nil)

    public init() {}

    public static func == (a: CalculatorController, b: CalculatorController) -> Bool {
        a.brain == b.brain && a.variables == b.variables && a.typing == b.typing && a.refusal == b.refusal
            && a.angleMode == b.angleMode && a.history == b.history
    }

    // MARK: Readouts

    /// Everything the screen shows of the calculator, from one look at the evaluation: a screen asks
    /// for all of it after each key.
    public struct Readouts: Equatable, Sendable {
        public var display: String
        public var description: String
        public var memoryReadout: String?
        public var angleReadout: String?
        public var errorMessage: String?
        public var isGraphEnabled: Bool
    }

    public var readouts: Readouts {
        let evaluated = evaluation.readouts
        return Readouts(display: display(evaluated), description: description(evaluated), memoryReadout: memoryReadout,
                        angleReadout: angleReadout, errorMessage: errorMessage(evaluated),
                        isGraphEnabled: isGraphEnabled(evaluated))
    }

    private typealias Evaluated = (result: Double?, isPending: Bool, description: String, error: CalculatorError?)

    public var display: String { display(evaluation.readouts) }

    private func display(_ readouts: Evaluated) -> String {
        if let typing { return typing }
        if let error = readouts.error { return error.description }
        return CalculatorNumberFormat.string(readouts.result ?? 0)
    }

    /// "" at launch, then the description with " …" while pending and " =" otherwise.
    public var description: String { description(evaluation.readouts) }

    private func description(_ readouts: Evaluated) -> String {
        if readouts.description.isEmpty { return "" }
        return readouts.description + (readouts.isPending ? " …" : " =")
    }

    public var memoryReadout: String? {
        variables?[Self.memoryName].map(CalculatorNumberFormat.string)
    }

    /// "DEG" in degrees; nothing in radians, the default.
    public var angleReadout: String? {
        angleMode == .degrees ? "DEG" : nil
    }

    /// A refused key's reason, else the math error of what is shown.
    public var errorMessage: String? { errorMessage(evaluation.readouts) }

    private func errorMessage(_ readouts: Evaluated) -> String? {
        if let refusal { return refusal }
        return typing == nil ? readouts.error?.description : nil
    }

    /// Only a complete program can be graphed.
    public var isGraphEnabled: Bool { isGraphEnabled(evaluation.readouts) }

    private func isGraphEnabled(_ readouts: Evaluated) -> Bool {
        !readouts.isPending && (typing.flatMap(TypedNumber.value) != nil || evaluation.hasOperand)
    }

    // MARK: Keys

    /// Presses one key. The graph key answers with the frozen program to draw, or nil when it is disabled.
    @discardableResult
    public mutating func press(_ key: CalculatorKey) -> GraphRequest? {
        refusal = nil
        defer { evaluation.follow(brain.program) }
        switch key {
        case .digit(let digit): type(digit: digit)
        case .point: typePoint()
        case .unary(.negate) where typing != nil: flipTypedSign()
        case .binary(.subtract) where typing == nil && !evaluation.hasOperand:
            typing = "-" // − before any number starts a negative one
        case .binary where typing == "-": typing = nil
        case .unary(let function): perform(function.rawValue)
        case .binary(let function): perform(function.rawValue)
        case .constant(let name): perform(name)
        case .random: perform("Rand")
        case .equals: perform("=")
        case .memory where typing == "-", .constant where typing == "-", .random where typing == "-",
             .history where typing == "-" && !history.entries.isEmpty:
            // "− M" means the negative of M (and "− ans" of the last result).
            typing = nil
            press(key)
            perform(UnaryFunction.negate.rawValue)
        case .memory: record { $0.setOperand(variable: Self.memoryName) }
        case .storeMemory: storeMemory()
        case .clear: clear()
        case .undo: undo()
        case .graph: return graph()
        case .toggleAngleMode: setAngleMode(angleMode == .degrees ? .radians : .degrees)
        case .angleMode(let mode): setAngleMode(mode)
        case .exponent: typeExponent()
        case .history(let index): useHistory(index)
        case .secondPage, .historyList: break // the screen's keys: nothing to calculate
        }
        if key == .equals { recordResult() }
        return nil
    }

    private mutating func clear() {
        let (angleMode, history) = (self.angleMode, self.history)
        self = CalculatorController()
        self.history = history
        setAngleMode(angleMode)
    }

    /// The same program, read again in the new mode.
    private mutating func setAngleMode(_ mode: AngleMode) {
        guard mode != angleMode else { return }
        angleMode = mode
        evaluation = BrainEvaluation(program: brain.program, variables: variables, angleMode: angleMode)
    }

    /// "=" that shows a number adds it to the history.
    private mutating func recordResult() {
        evaluation.follow(brain.program)
        let readouts = evaluation.readouts
        guard typing == nil, !readouts.isPending, readouts.error == nil, let value = readouts.result, value.isFinite,
              !readouts.description.isEmpty else { return }
        history.record(.init(description: description, value: value))
    }

    private mutating func useHistory(_ index: Int) {
        guard history.entries.indices.contains(index) else {
            refusal = "No such history entry"
            return
        }
        let value = history.entries[index].value
        record { $0.setOperand(value) }
    }

    private mutating func perform(_ operation: String) {
        record { $0.performOperation(operation) }
    }

    /// Commits what is typed, then records one more step, unless the program is full.
    private mutating func record(_ step: (inout CalculatorBrain) -> Void) {
        let typed = typing.map { _ in 1 } ?? 0
        guard brain.program.count + typed < Self.maximumProgramLength else {
            refusal = "Too many steps (\(Self.maximumProgramLength)): ⌫ or C"
            return
        }
        commitTyping()
        step(&brain)
    }

    private mutating func type(digit: Int) {
        let d = String(max(0, min(9, digit)))
        guard var text = typing else { typing = d; return }
        let (_, exponent) = TypedNumber.parts(text)
        if let exponent {
            guard exponent.filter(\.isNumber).count < TypedNumber.maximumExponentDigits else {
                refusal = "At most \(TypedNumber.maximumExponentDigits) exponent digits"
                return
            }
            typeFinite(text + d)
        } else if text == "0" || text == "-0" {
            text.removeLast()
            typing = text + d
        } else if text.filter(\.isNumber).count < Self.maximumTypedDigits {
            typing = text + d
        } else {
            refusal = "At most \(Self.maximumTypedDigits) digits"
        }
    }

    /// Takes an edit of the typed number unless its value would be infinite.
    private mutating func typeFinite(_ text: String) {
        guard TypedNumber.value(text)?.isFinite ?? true else {
            refusal = "Exponent too large"
            return
        }
        typing = text
    }

    private mutating func typePoint() {
        guard let text = typing else { typing = "0."; return }
        if text == "-" { typing = "-0."; return }
        if !text.contains(".") && !text.contains("e") { typing = text + "." }
    }

    /// EE: the mantissa so far (1 if none) times ten to what is typed next. One exponent per number.
    private mutating func typeExponent() {
        let text = typing ?? ""
        guard !text.contains("e") else { return }
        typing = (text.isEmpty || text == "-" ? text + "1" : text) + "e"
    }

    /// Zero has no sign: "0 ±" stays "0", as the brain shows no "-0". After EE, ± flips the exponent's sign.
    private mutating func flipTypedSign() {
        guard let text = typing else { return }
        let (mantissa, exponent) = TypedNumber.parts(text)
        if let exponent {
            let flipped = exponent.hasPrefix("-") ? String(exponent.dropFirst()) : "-" + exponent
            typeFinite(mantissa + "e" + flipped)
        } else if text.hasPrefix("-") {
            typing = String(text.dropFirst())
            if typing?.isEmpty == true { typing = nil }
        } else if Double(text) != 0 {
            typing = "-" + text
        }
    }

    /// A typed number becomes an operand when something uses it; a lone "-" is dropped.
    private mutating func commitTyping() {
        guard let text = typing else { return }
        typing = nil
        if let value = TypedNumber.value(text), value.isFinite { brain.setOperand(value) }
    }

    /// →M stores what is shown; an error shows no number, so M keeps its value.
    private mutating func storeMemory() {
        let value: Double
        if let typing, let typed = TypedNumber.value(typing) {
            value = typed
            self.typing = nil
        } else {
            typing = nil
            let readouts = evaluation.readouts
            guard readouts.error == nil, let result = readouts.result, result.isFinite else {
                refusal = "Nothing to store: M is unchanged"
                return
            }
            value = result
        }
        variables = [Self.memoryName: value.isFinite ? value : 0]
        evaluation = BrainEvaluation(program: brain.program, variables: variables, angleMode: angleMode)
    }

    /// Backspace while typing; once the typed number is gone, undo of the last program step.
    private mutating func undo() {
        guard var text = typing else {
            brain.undo()
            return
        }
        text.removeLast()
        typing = text.isEmpty || text == "-" ? nil : text
    }

    private mutating func graph() -> GraphRequest? {
        guard isGraphEnabled else { return nil }
        if typing != nil { record { _ in } }
        return GraphRequest(program: brain.program, angleMode: angleMode, variable: Self.memoryName)
    }
}

// MARK: Persistence

extension CalculatorController {
    /// Everything needed to bring the controller back after a restart.
    public struct State: Codable, Equatable, Sendable {
        public var program: CalculatorBrain
        public var memory: [String: Double]?
        public var typing: String?
        /// Absent from states saved before degrees: radians.
        public var angleMode: AngleMode
        /// Absent from states saved before the history: empty.
        public var history: CalculatorHistory

        public init(program: CalculatorBrain = CalculatorBrain(), memory: [String: Double]? = nil, typing: String? = nil,
                    angleMode: AngleMode = .radians, history: CalculatorHistory = CalculatorHistory()) {
            self.program = program
            self.memory = memory
            self.typing = typing
            self.angleMode = angleMode
            self.history = history
        }

        private enum CodingKeys: String, CodingKey { case program, memory, typing, angleMode, history }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            program = try c.decode(CalculatorBrain.self, forKey: .program)
            memory = try c.decodeIfPresent([String: Double].self, forKey: .memory)
            typing = try c.decodeIfPresent(String.self, forKey: .typing)
            angleMode = try c.decodeIfPresent(AngleMode.self, forKey: .angleMode) ?? .radians
            history = try c.decodeIfPresent(CalculatorHistory.self, forKey: .history) ?? CalculatorHistory()
        }
    }

    public var state: State {
        State(program: brain, memory: variables, typing: typing, angleMode: angleMode, history: history)
    }

    /// Restores a state, refusing one that could not have been produced.
    public init(restoring state: State) throws(StateError) {
        if let typing = state.typing {
            guard TypedNumber.isWellFormed(typing) else {
                throw StateError(reason: "typed number '\(typing.prefix(20))' is not a number")
            }
        }
        if let memory = state.memory, memory.values.contains(where: { !$0.isFinite }) || memory.count > 16 {
            throw StateError(reason: "memory holds a value that is not a finite number")
        }
        guard state.program.program.count <= Self.maximumProgramLength else {
            throw StateError(reason: "program longer than \(Self.maximumProgramLength) steps")
        }
        brain = state.program
        variables = state.memory
        typing = state.typing
        angleMode = state.angleMode
        history = state.history
        evaluation = BrainEvaluation(program: brain.program, variables: variables, angleMode: angleMode)
    }

    public struct StateError: Error, Equatable, CustomStringConvertible {
        public let reason: String
        public var description: String { "calculator state: \(reason)" }
    }
}
