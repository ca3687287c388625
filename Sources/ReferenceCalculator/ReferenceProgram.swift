/// One program as the reference keeps it: its steps, and the walk's state after each (so ⌫ is a pop), by
/// the rules the keys record by, written again from the calculator's README: immediate execution, "7 + ="
/// repeats 7, a second operator replaces the first, and a step that would change nothing is not recorded.
struct ReferenceProgram {
    enum Step: Equatable {
        case operand(ReferenceValue)
        case memory
        case unary(String, degrees: Bool)
        case binary(String)
        case equals

        var isOperand: Bool {
            switch self {
            case .operand, .memory: return true
            default: return false
            }
        }
    }

    struct Walk {
        var accumulator: ReferenceValue?
        var pending: (operation: String, first: ReferenceValue)?
        var shown: ReferenceValue? { accumulator ?? pending?.first }
        var isFinished: Bool { accumulator != nil && pending == nil }
        var hasOperand: Bool { shown != nil }
    }

    private(set) var steps: [Step] = []
    /// The walk before any step, then after each.
    private(set) var walks = [Walk()]

    var walk: Walk { walks[walks.count - 1] }

    func changes(_ step: Step) -> Bool {
        switch step {
        case .operand, .memory: return true
        case .unary: return walk.accumulator != nil
        case .binary(let op): return walk.accumulator != nil || (walk.pending != nil && walk.pending?.operation != op)
        case .equals: return walk.pending != nil
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
        case .equals: performPending(&w)
        }
        return w
    }

    private static func performPending(_ w: inout Walk) {
        guard let (op, first) = w.pending else { return }
        w.accumulator = ReferenceMath.binary(op, first, w.accumulator ?? first)
        w.pending = nil
    }
}
