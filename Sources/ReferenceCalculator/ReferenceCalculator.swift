#if canImport(Glibc)
import Glibc
#endif

/// A second calculator, written from the rules in Calculator's README and the CS193P seeds, sharing no
/// code with the brain or the controller: the oracle the long-session test and the `keys` fuzzer check the
/// real one against, key by key. It takes keys as their tokens ("7", "sin", "drg", "→M", "⌫", "ans").
///
/// It knows what every key should do (record, refuse, start a new program, return to an earlier one) and
/// what each readout should be, values within the bounds `ReferenceValue` carries. Rand is not modelled
/// (its draw is not in the readouts), nor history entries but the newest (`ans`): which older ones are kept
/// depends on descriptions, which the reference does not build.
public struct ReferenceCalculator {
    static let maximumProgramLength = 10_000
    static let earlierLimit = 20

    private(set) var typing: ReferenceTyping?
    private(set) var degrees = false
    /// nil while M is unset.
    private(set) var memory: ReferenceValue?
    private var program = ReferenceProgram()
    private var earlier: [ReferenceProgram] = []
    /// The newest history entry: nil when there is none, unsure when the reference cannot tell.
    private var newestResult: ReferenceValue?
    private var historyIsUnsure = false
    /// Whether the last key was refused; nil when the reference cannot tell.
    private(set) var refused: Bool? = false
    /// `ans` met a newest result the reference cannot tell from an error: the calculator takes it, or refuses it
    /// (no entry) and changes nothing, "-" typed before it included. Both are right, and they leave different
    /// states, so the check settles it by the refusal the calculator shows (`settleAns`) and checks the rest.
    private(set) var ansIsUndecided = false

    public init() {}

    /// The angle keys: the calculator keeps a refusal shown across them, since they change no display and a
    /// refusal lost under them was never read.
    static let keysThatChangeNoDisplay: Set<String> = ["DRG", "drg", "deg", "rad"]

    /// Presses the key named `token`; false for a token the reference does not know (then nothing changed).
    @discardableResult
    public mutating func press(_ token: String) -> Bool {
        if !Self.keysThatChangeNoDisplay.contains(token) { refused = false }
        ansIsUndecided = false
        let binaries = ["+", "−", "×", "÷", "xʸ"]
        let unaries = ["√", "∛", "x²", "x³", "x⁻¹", "±", "%", "sin", "cos", "tan", "sin⁻¹", "cos⁻¹", "tan⁻¹", "ln", "log₁₀", "eˣ", "10ˣ"]
        let operands = ["π", "e", "M", "ans"]
        // Typed "-" before it or not, an ans of an unsure history waits for the check to settle it.
        if token == "ans" && historyIsUnsure { ansIsUndecided = true; refused = nil; return true }
        if typing?.text == "-" {
            // "−" began a negative number: an operation drops it, an operand is negated.
            if binaries.contains(token) { typing = nil; return true }
            if operands.contains(token) && (token != "ans" || newestResult != nil) {
                typing = nil
                press(token)
                record(.unary("±", degrees: false))
                return true
            }
        }
        switch token {
        case "0", "1", "2", "3", "4", "5", "6", "7", "8", "9":
            if typing == nil { typing = ReferenceTyping(token) } else { edit { $0.digit(Int(token)!) } }
        case ".": if typing == nil { typing = ReferenceTyping("0.") } else { edit { $0.point() } }
        case "ee", "EE": if typing == nil { typing = ReferenceTyping("1e") } else { edit { $0.exponent() } }
        case "±" where typing != nil:
            edit { $0.flipSign() }
            if typing?.text.isEmpty == true { typing = nil }
        case "−" where typing == nil && !program.walk.hasOperand: typing = ReferenceTyping("-")
        case _ where binaries.contains(token): record(.binary(token))
        case _ where unaries.contains(token):
            let trig = ["sin", "cos", "tan", "sin⁻¹", "cos⁻¹", "tan⁻¹"].contains(token)
            record(.unary(token, degrees: trig && degrees))
        case "=":
            record(.equals)
            recordResult()
        case "π": record(.operand(.rounded(Double.pi)))
        case "e": record(.operand(.rounded(2.718281828459045)))
        case "M": record(.memory)
        case "ans":
            if let value = newestResult {
                record(.operand(value))
            } else {
                refused = true
            }
        case "→M", "sto": store()
        case "⌫", "undo": undo()
        case "C":
            let (degrees, newest, unsure) = (self.degrees, newestResult, historyIsUnsure)
            self = ReferenceCalculator()
            (self.degrees, newestResult, historyIsUnsure) = (degrees, newest, unsure)
        case "DRG", "drg": degrees.toggle()
        case "deg": degrees = true
        case "rad": degrees = false
        case "(": open()
        case ")": close()
        case "graph": graph()
        default: return false
        }
        return true
    }

    private mutating func edit(_ change: (inout ReferenceTyping) -> Bool) {
        guard var t = typing else { return }
        if change(&t) { typing = t } else { refused = true }
    }

    private var typedStep: ReferenceProgram.Step? {
        typing?.value.flatMap { $0.isFinite ? .operand(.rounded($0)) : nil }
    }

    /// The keys' rule: commit what is typed, then `step`, unless it would change nothing or not fit.
    private mutating func record(_ step: ReferenceProgram.Step) {
        let typed = typedStep
        if typed == nil && !program.changes(step) {
            typing = nil
            refusesNothingToActOn(step)
            return
        }
        let first = typed ?? step
        let startsNew = first.isOperand && program.walk.isFinished
        guard (startsNew ? 0 : program.steps.count) + (typed == nil ? 1 : 2) <= Self.maximumProgramLength else {
            refused = true
            return
        }
        typing = nil
        if let typed { append(typed) }
        if !append(step) { refusesNothingToActOn(step) }
    }

    private mutating func refusesNothingToActOn(_ step: ReferenceProgram.Step) {
        if case .unary = step { refused = true } else if !program.walk.hasOperand { refused = true }
    }

    @discardableResult
    private mutating func append(_ step: ReferenceProgram.Step) -> Bool {
        if step.isOperand && program.walk.isFinished {
            earlier.append(program)
            while earlier.count > Self.earlierLimit || earlier.reduce(0, { $0 + $1.steps.count }) > Self.maximumProgramLength {
                earlier.removeFirst()
            }
            program = ReferenceProgram()
        }
        guard program.changes(step) else { return false }
        program.append(step, memory: memory)
        return true
    }

    /// Settles an undecided `ans` by whether the calculator refused it: refused, nothing changed; taken, the
    /// reference takes an unsure operand (negated where "-" was typed before it).
    mutating func settleAns(refused shown: Bool) {
        guard ansIsUndecided else { return }
        ansIsUndecided = false
        refused = shown
        guard !shown else { return }
        // As `press` takes a known ans: after "-" negated, else a typed number before it is kept as `record` keeps it.
        let negated = typing?.text == "-"
        if negated { typing = nil }
        record(.operand(.unsure))
        if negated { record(.unary("±", degrees: false)) }
    }

    /// "=" that shows a number adds it to the history.
    private mutating func recordResult() {
        guard typing == nil, program.walk.pending == nil, program.walk.outside.isEmpty, let shown = program.walk.shown else { return }
        switch shown {
        case .number: newestResult = shown; historyIsUnsure = false
        case .error: break
        case .unsure: historyIsUnsure = true
        }
    }

    private mutating func store() {
        let value: ReferenceValue
        if let typed = typing?.value {
            value = .rounded(typed)
        } else {
            switch program.walk.shown {
            // Where the calculator may show a verdict instead of a number (too close to zero to tell, a
            // subnormal), it may refuse to store it: unsure, and M unsure after.
            case .number(let x, let b, _)? where (b > 0 && abs(x) <= 2 * b) || (x != 0 && abs(x) < Double.leastNormalMagnitude):
                value = .unsure; refused = nil
            case .number(let x, let b, let t)?: value = .number(x, bound: b, truth: t)
            case .unsure?: value = .unsure; refused = nil
            default: typing = nil; refused = true; return
            }
        }
        typing = nil
        memory = value
        program.revalue(memory: memory)
    }

    private mutating func undo() {
        if var t = typing {
            typing = t.backspace() ? t : nil
            return
        }
        guard !program.steps.isEmpty else { return }
        program.removeLast()
        if program.steps.isEmpty, var back = earlier.popLast() {
            back.revalue(memory: memory)
            program = back
        }
    }

    private mutating func graph() {
        guard isGraphEnabled else { refused = true; return }
        guard let typed = typedStep else { return }
        let startsNew = program.walk.isFinished
        guard (startsNew ? 0 : program.steps.count) + 1 <= Self.maximumProgramLength else { refused = true; return }
        typing = nil
        append(typed)
    }

    var isGraphEnabled: Bool {
        program.walk.pending == nil && program.walk.outside.isEmpty && (typing?.value != nil || program.walk.hasOperand)
    }

    /// "(" after a number, typed or standing inside a group, or past the deepest nesting, is refused, and
    /// what is typed stays typed.
    private mutating func open() {
        let startsAfresh = program.walk.isFinished || program.walk.accumulator == nil
        guard typing == nil, startsAfresh, program.walk.outside.count < ReferenceProgram.deepestNesting else {
            refused = true
            return
        }
        record(.open)
    }

    /// ")" with no "(" open is refused before what is typed is committed.
    private mutating func close() {
        guard !program.walk.outside.isEmpty else { refused = true; return }
        record(.close)
    }

    /// What the display should show when nothing is typed: nil before any operand (the display shows 0).
    var shown: ReferenceValue? { program.walk.shown }
}
