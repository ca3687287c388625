import CalculatorBrain

/// CS193P's CalculatorViewController without UIKit: keys in, readouts out.
/// Its model is two separate things: the brain, and the dictionary →M fills.
public struct CalculatorController: Equatable, Sendable {
    public static let memoryName = "M"
    /// Digits kept while typing; more cannot be shown or represented.
    static let maximumTypedDigits = 15

    public private(set) var brain = CalculatorBrain()
    /// nil until →M; C drops it rather than zeroing it, so M reads as unset.
    public private(set) var variables: [String: Double]?
    /// The number being typed, exactly as shown; nil when not typing.
    public private(set) var typing: String?

    public init() {}

    // MARK: Readouts

    public var display: String {
        if let typing { return typing }
        let evaluation = brain.evaluateWithError(using: variables)
        if let error = evaluation.error { return error.description }
        return CalculatorNumberFormat.string(evaluation.result ?? 0)
    }

    /// "" at launch, then the description with " …" while pending and " =" otherwise.
    public var description: String {
        let evaluation = brain.evaluate(using: variables)
        if evaluation.description.isEmpty { return "" }
        return evaluation.description + (evaluation.isPending ? " …" : " =")
    }

    public var memoryReadout: String? {
        variables?[Self.memoryName].map(CalculatorNumberFormat.string)
    }

    public var errorMessage: String? {
        typing == nil ? brain.evaluateWithError(using: variables).error?.description : nil
    }

    /// Only a complete program can be graphed.
    public var isGraphEnabled: Bool {
        let evaluation = brain.evaluate(using: variables)
        return !evaluation.isPending && (typing != nil || brain.expression() != nil)
    }

    // MARK: Keys

    /// Presses one key. The graph key answers with the frozen program to draw, or nil when it is disabled.
    @discardableResult
    public mutating func press(_ key: CalculatorKey) -> GraphRequest? {
        switch key {
        case .digit(let digit): type(digit: digit)
        case .point: typePoint()
        case .unary(.negate) where typing != nil: flipTypedSign()
        case .unary(let function): commitTyping(); brain.performOperation(function.rawValue)
        case .binary(let function): commitTyping(); brain.performOperation(function.rawValue)
        case .constant(let name): commitTyping(); brain.performOperation(name)
        case .random: commitTyping(); brain.performOperation("Rand")
        case .equals: commitTyping(); brain.performOperation("=")
        case .memory: commitTyping(); brain.setOperand(variable: Self.memoryName)
        case .storeMemory: storeMemory()
        case .clear: self = CalculatorController()
        case .undo: undo()
        case .graph: return graph()
        }
        return nil
    }

    private mutating func type(digit: Int) {
        let d = String(max(0, min(9, digit)))
        guard var text = typing else { typing = d; return }
        if text == "0" || text == "-0" {
            text.removeLast()
            typing = text + d
        } else if text.filter(\.isNumber).count < Self.maximumTypedDigits {
            typing = text + d
        }
    }

    private mutating func typePoint() {
        guard let text = typing else { typing = "0."; return }
        if !text.contains(".") { typing = text + "." }
    }

    private mutating func flipTypedSign() {
        guard let text = typing else { return }
        typing = text.hasPrefix("-") ? String(text.dropFirst()) : "-" + text
    }

    /// A typed number becomes an operand when something uses it.
    private mutating func commitTyping() {
        guard let text = typing else { return }
        typing = nil
        brain.setOperand(Double(text) ?? 0)
    }

    private mutating func storeMemory() {
        let value: Double
        if let typing {
            value = Double(typing) ?? 0
            self.typing = nil
        } else {
            value = brain.evaluate(using: variables).result ?? 0
        }
        variables = [Self.memoryName: value.isFinite ? value : 0]
    }

    /// Backspace while typing (never blank), otherwise undo of the last program step.
    private mutating func undo() {
        guard var text = typing else {
            brain.undo()
            return
        }
        text.removeLast()
        if text.isEmpty || text == "-" { text = "0" }
        typing = text
    }

    private mutating func graph() -> GraphRequest? {
        guard isGraphEnabled else { return nil }
        commitTyping()
        let evaluation = brain.evaluate(using: variables)
        guard let expression = brain.expression() else { return nil }
        return GraphRequest(expression: expression, description: evaluation.description, variable: Self.memoryName)
    }
}

// MARK: Persistence

extension CalculatorController {
    /// Everything needed to bring the controller back after a restart.
    public struct State: Codable, Equatable, Sendable {
        public var program: CalculatorBrain
        public var memory: [String: Double]?
        public var typing: String?
    }

    public var state: State { State(program: brain, memory: variables, typing: typing) }

    /// Restores a state, refusing one that could not have been produced.
    public init(restoring state: State) throws(StateError) {
        if let typing = state.typing {
            guard typing.count <= Self.maximumTypedDigits + 2, Double(typing) != nil || typing.hasSuffix(".") else {
                throw StateError(reason: "typed number '\(typing.prefix(20))' is not a number")
            }
        }
        if let memory = state.memory, memory.values.contains(where: { !$0.isFinite }) || memory.count > 16 {
            throw StateError(reason: "memory holds a value that is not a finite number")
        }
        brain = state.program
        variables = state.memory
        typing = state.typing
    }

    public struct StateError: Error, Equatable, CustomStringConvertible {
        public let reason: String
        public var description: String { "calculator state: \(reason)" }
    }
}
