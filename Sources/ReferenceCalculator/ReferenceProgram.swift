/// One program as the reference keeps it: its steps, and the walk's state after each (so ⌫ is a pop), by
/// the rules the keys record by, written again from the calculator's README: immediate execution, "7 + ="
/// repeats 7, a second operator replaces the first, and a step that would change nothing is not recorded.
/// A "(" keeps what waits outside it and starts afresh; its ")" (or "=") finishes the group as "=" would and
/// hands its value to what waited.
struct ReferenceProgram {
    enum Step: Equatable {
        case operand(ReferenceValue)
        case memory
        case unary(String, degrees: Bool)
        case binary(String)
        case equals
        case open
        case close

        var isOperand: Bool {
            switch self {
            case .operand, .memory, .open: return true
            default: return false
            }
        }
    }

    struct Walk {
        var accumulator: ReferenceValue?
        var pending: (operation: String, first: ReferenceValue)?
        /// What waited outside each open "(", outermost first.
        var outside: [(operation: String, first: ReferenceValue)?] = []
        var shown: ReferenceValue? { accumulator ?? pending?.first }
        var isFinished: Bool { accumulator != nil && pending == nil && outside.isEmpty }
        var hasOperand: Bool { shown != nil }
    }

    static let deepestNesting = 32

    private(set) var steps: [Step] = []
    /// The walk before any step, then after each.
    private(set) var walks = [Walk()]

    var walk: Walk { walks[walks.count - 1] }

    func changes(_ step: Step) -> Bool {
        switch step {
        case .operand, .memory: return true
        case .unary: return walk.accumulator != nil
        case .binary(let op): return walk.accumulator != nil || (walk.pending != nil && walk.pending?.operation != op)
        case .equals: return walk.pending != nil || (!walk.outside.isEmpty && walk.accumulator != nil)
        case .open: return (walk.accumulator == nil || walk.isFinished) && walk.outside.count < Self.deepestNesting
        case .close: return !walk.outside.isEmpty && (walk.accumulator != nil || walk.pending != nil)
        }
    }

    mutating func append(_ step: Step, memory: ReferenceValue?) {
        steps.append(step)
        walks.append(Self.apply(step, to: walk, memory: memory))
    }

    mutating func removeLast() {
        steps.removeLast()
        walks.removeLast()
    }

    /// The walk again under another M.
    mutating func revalue(memory: ReferenceValue?) {
        walks = [Walk()]
        for step in steps { walks.append(Self.apply(step, to: walks[walks.count - 1], memory: memory)) }
    }

    static func apply(_ step: Step, to walk: Walk, memory: ReferenceValue?) -> Walk {
        var w = walk
        switch step {
        case .operand(let value): w.accumulator = value
        case .memory: w.accumulator = memory ?? .number(0, bound: 0, truth: nil) // M unset is 0, and not known exactly
        case .unary(let name, let degrees): w.accumulator = w.accumulator.map { ReferenceMath.unary(name, degrees: degrees, $0) }
        case .binary(let op):
            if w.accumulator == nil, w.pending != nil {
                w.pending?.operation = op
            } else {
                performPending(&w)
                if let first = w.accumulator { w.pending = (op, first); w.accumulator = nil }
            }
        case .equals:
            while !w.outside.isEmpty { close(&w) }
            performPending(&w)
        case .open:
            w.outside.append(w.pending)
            (w.accumulator, w.pending) = (nil, nil)
        case .close: close(&w)
        }
        return w
    }

    private static func close(_ w: inout Walk) {
        performPending(&w)
        w.pending = w.outside.removeLast()
    }

    private static func performPending(_ w: inout Walk) {
        guard let (op, first) = w.pending else { return }
        w.accumulator = ReferenceMath.binary(op, first, w.accumulator ?? first)
        w.pending = nil
    }
}
