/// Replays a program with CS193P's immediate execution ("1 + 2 × 3 =" is 9): the accumulator, the
/// operation that waits and how they read. Each term's value is its node on a `ProgramTape`, which the walk
/// fills as it goes, so that what is shown, computed and graphed are one walk and can never disagree.
///
/// Every step costs a bounded amount of work (descriptions are `DescriptionText`, a step adds at most one
/// node), so replaying a program costs time and memory linear in its length. The walk holds no value and
/// no variable: a copy of it is a checkpoint, and the tape's length where it was taken.
struct ProgramWalker: Sendable {
    /// One computed operand: its node on the tape, and how it reads.
    struct Term: Sendable {
        var text: DescriptionText
        var node: Int
        var precedence: Int
        /// Reads with a leading minus ("-2", "-(M)"): grouped before a postfix, a power or as a right operand.
        var startsWithMinus = false
    }

    struct Pending: Sendable {
        var function: BinaryFunction
        var first: Term
    }

    /// Binding strengths of what a text ends with; lower binds looser.
    enum Precedence {
        static let postfix = 3 // x², x³, x⁻¹, %, and the ° of an angle in degrees
        static let atom = Int.max // numbers, names, f(…)
    }

    /// How deep parentheses nest: more than a TI-30's 15, few enough that a walk's copy stays small.
    static let maximumGroupDepth = 32

    private(set) var accumulator: Term?
    private(set) var pending: Pending?
    /// The open parentheses, outermost first: what waited outside each, restored when its `)` gives the
    /// group's value. Inside a group the walk is the same immediate execution, on its own.
    private(set) var groups: [Pending?] = []

    /// A result stands and nothing waits: the next operand starts a new program.
    var isFinished: Bool { accumulator != nil && pending == nil && groups.isEmpty }

    /// An operation waits for its operand, or a parenthesis for its `)`: no result stands yet.
    var isPending: Bool { pending != nil || !groups.isEmpty }

    /// The term the display shows: the accumulator, or the first operand while its operation waits; inside
    /// a group only its own (after "2 × (" the display starts again).
    var shown: Term? { accumulator ?? pending?.first }

    /// Whether `step` would change anything. A step that changes nothing (sin with no operand, = with
    /// nothing waiting, + again after +) is no key's to record: the keys record by this, and a program
    /// loads only if each of its steps passes it.
    func changes(_ step: ProgramStep) -> Bool {
        switch step {
        case .operand, .exactOperand, .variable, .random: return true
        case .operation(let name):
            switch Operation.table[name] {
            case .constant: return true
            case .unary: return accumulator != nil
            case .binary(let function): return accumulator != nil || (pending != nil && pending?.function != function)
            // "=" closes the open groups, but not one just opened: "( =" would leave no operand at all.
            case .equals: return pending != nil || (!groups.isEmpty && accumulator != nil)
            // "(" starts an operand: after a number (typed or computed) inside a group it has nothing to act on.
            case .openGroup: return (accumulator == nil || isFinished) && groups.count < Self.maximumGroupDepth
            case .closeGroup: return !groups.isEmpty && (accumulator != nil || pending != nil)
            case .random, nil: return false // a drawn Rand is a `.random` step; a bare name has no value
            }
        }
    }

    mutating func apply(_ step: ProgramStep, on tape: inout ProgramTape) {
        switch step {
        case .operand(let value):
            let text = CalculatorNumberFormat.string(value)
            accumulator = Term(text: DescriptionText(text), node: tape.appendConstant(value), precedence: Precedence.atom,
                               startsWithMinus: text.hasPrefix("-"))
        case .exactOperand(let value):
            // The display's decimal of it: a typed number reads as typed, a recalled 1/3 as 0.333333.
            let text = ExactFormat.decimal(value).text
            accumulator = Term(text: DescriptionText(text), node: tape.appendConstant(exact: value), precedence: Precedence.atom,
                               startsWithMinus: text.hasPrefix("-"))
        case .variable(let name):
            accumulator = Term(text: DescriptionText(name), node: tape.append(.variable(name)), precedence: Precedence.atom)
        case .random(let value):
            accumulator = Term(text: DescriptionText("Rand"), node: tape.appendConstant(value), precedence: Precedence.atom)
        case .operation(let name):
            guard let operation = Operation.table[name] else { return }
            perform(operation, named: name, on: &tape)
        }
    }

    private mutating func perform(_ operation: Operation, named name: String, on tape: inout ProgramTape) {
        switch operation {
        case .constant(let value):
            accumulator = Term(text: DescriptionText(name), node: tape.appendConstant(exact: value), precedence: Precedence.atom)
        case .random:
            break // a recorded Rand is a `.random` step; a bare name has no value to replay
        case .unary(let function):
            guard let operand = accumulator else { return }
            var term = Self.describe(function, operand)
            term.node = tape.append(.unary(function, operand.node))
            accumulator = term
        case .binary(let function):
            if accumulator == nil, pending != nil {
                // "5 × −": the second operator replaces the first, as on a pocket calculator.
                pending?.function = function
                return
            }
            performPending(on: &tape)
            guard let first = accumulator else { return }
            pending = Pending(function: function, first: first)
            accumulator = nil
        case .equals:
            while !groups.isEmpty { closeGroup(on: &tape) }
            performPending(on: &tape)
        case .openGroup:
            groups.append(pending)
            pending = nil
            accumulator = nil
        case .closeGroup:
            closeGroup(on: &tape)
        }
    }

    /// `)`: the group's own pending operation performed ("( 1 + =" repeats 1 as "=" does), its value the
    /// operand of what waited outside it. It adds no node: the parentheses are in the description only,
    /// where the precedence rules put them (as computed: "(1 + 2) × 3", and "1 + 2 × 3" for "1 + ( 2 × 3 )").
    private mutating func closeGroup(on tape: inout ProgramTape) {
        performPending(on: &tape)
        pending = groups.removeLast()
    }

    private mutating func performPending(on tape: inout ProgramTape) {
        guard let pending else { return }
        // "7 + =" repeats the first operand, as pocket calculators do.
        let second = accumulator ?? pending.first
        let function = pending.function
        let left = Self.leftText(pending.first, of: function)
        // In two steps: Swift 6.0.3 (the arm64 cross build) cannot type the three-operand sum of mixed types.
        let leftAndSymbol = left + Self.symbol(function)
        accumulator = Term(text: leftAndSymbol + Self.rightText(second, of: function),
                           node: tape.append(.binary(function, pending.first.node, second.node)),
                           precedence: function.precedence,
                           startsWithMinus: pending.first.startsWithMinus && !left.text.hasPrefix("("))
        self.pending = nil
    }

    /// The left operand of `function` as it must read: grouped when it binds looser, and before a
    /// power also when it binds equally (xʸ groups to the right) or starts with a minus (-2^2 is -4).
    static func leftText(_ lhs: Term, of function: BinaryFunction) -> DescriptionText {
        let p = function.precedence
        let grouped = lhs.precedence < p
            || (function == .power && (lhs.precedence == p || lhs.startsWithMinus))
        return grouped ? "(" + lhs.text + ")" : lhs.text
    }

    /// The right operand: grouped when it binds no tighter than `function` (1 − (2 − 3)) or starts
    /// with a minus (8 − (-2)).
    static func rightText(_ rhs: Term, of function: BinaryFunction) -> DescriptionText {
        let grouped = (rhs.precedence <= function.precedence && rhs.precedence != Precedence.atom) || rhs.startsWithMinus
        return grouped ? "(" + rhs.text + ")" : rhs.text
    }

    static func symbol(_ function: BinaryFunction) -> String {
        function == .power ? "^" : " \(function.rawValue) "
    }

    /// What the description shows: each open group's waiting operation and its "(", then the pending
    /// operation with what is typed so far after it ("2 × (1 + 2").
    var description: DescriptionText {
        var text = DescriptionText("")
        for outside in groups {
            if let outside { text = text + Self.waiting(outside) + (outside.function == .power ? "" : " ") }
            text = text + "("
        }
        guard let pending else { return text + (accumulator?.text ?? DescriptionText("")) }
        guard let second = accumulator else { return text + Self.waiting(pending) }
        return text + Self.waiting(pending) + (pending.function == .power ? "" : " ") + Self.rightText(second, of: pending.function)
    }

    /// An operation that waits, as it reads before its second operand: "2 ×", "2^".
    private static func waiting(_ pending: Pending) -> DescriptionText {
        Self.leftText(pending.first, of: pending.function) + (pending.function == .power ? "^" : " \(pending.function.rawValue)")
    }
}
