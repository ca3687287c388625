import FoundationEssentials
import SeededRandom

/// A JSON document as values, so the state fuzzer can change a saved state where its structure is: an
/// element of a program, a curve, a field.
indirect enum JSONValue: Codable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let n): try c.encode(n)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }

    subscript(key: String) -> JSONValue? {
        get { if case .object(let o) = self { return o[key] }; return nil }
        set { if case .object(var o) = self { o[key] = newValue; self = .object(o) } }
    }
}

/// Saved states changed the way someone who knows the format would: valid JSON, every field where it belongs,
/// and one thing wrong, mostly in a program (a step no key makes, or one the keys would not record there,
/// programs split or joined where the keys do not), sometimes in the curves or the calculator's fields.
/// Some changes can only make a state no keys make (`certainlyWrong`): loading must set those aside.
enum StateStructureMutator {
    struct Mutation {
        var payload: [UInt8]
        var name: String
        /// No key sequence saves such a state: it must not load.
        var certainlyWrong: Bool
    }

    static func mutate(_ payload: [UInt8], _ rng: inout SplitMix64) -> Mutation? {
        guard var state = try? JSONDecoder().decode(JSONValue.self, from: Data(payload)) else { return nil }
        var name = "", certain = false
        switch rng.below(4) {
        case 0, 1: (name, certain) = mutateAProgram(&state, &rng)
        case 2: (name, certain) = mutateTheCurves(&state, &rng)
        default: (name, certain) = mutateTheCalculator(&state, &rng)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let bytes = try? encoder.encode(state) else { return nil }
        return Mutation(payload: Array(bytes), name: name, certainlyWrong: certain)
    }

    /// Steps as a file may spell them: the keys' names, degree functions, M, numbers, drawn Rands, and names
    /// no key has.
    static let plausibleSteps: [JSONValue] = ["sin", "sin°", "cos⁻¹°", "+", "−", "×", "=", "√", "x²", "π", "e", "M"].map { .string($0) }
        + [.number(2), .number(-0.5), .number(1e-320), .string("Rand:0.25"), .string("exact:1/3"), .string("exact:-1/4*pi"),
           .string("exact:2/1*sqrt2")]
    /// Exact values no rule makes among them: not in lowest terms, a root that is no root, a zero denominator.
    static let keylessSteps: [JSONValue] = ["X", "frobnicate", "Rand", "sin°°", "", "m", "Rand:2", "exact:2/4", "exact:1/1*sqrt4",
                                            "exact:", "exact:1/0"].map { .string($0) } + [.null, .bool(true)]

    private static func programPaths(_ state: JSONValue) -> [[String]] {
        var paths: [[String]] = []
        if case .array? = state["calculator"]?["program"] { paths.append(["calculator", "program"]) }
        if case .array(let curves)? = state["curves"] { paths += curves.indices.map { ["curves", String($0), "graph", "program"] } }
        return paths
    }

    private static func get(_ state: JSONValue, _ path: [String]) -> JSONValue? {
        var value: JSONValue? = state
        for key in path {
            if let i = Int(key), case .array(let a)? = value { value = a.indices.contains(i) ? a[i] : nil } else { value = value?[key] }
        }
        return value
    }

    private static func set(_ state: inout JSONValue, _ path: [String], _ new: JSONValue) {
        guard let key = path.first else { state = new; return }
        if let i = Int(key), case .array(var a) = state, a.indices.contains(i) {
            set(&a[i], Array(path.dropFirst()), new)
            state = .array(a)
        } else if var inner = state[key] {
            set(&inner, Array(path.dropFirst()), new)
            state[key] = inner
        }
    }

    private static func mutateAProgram(_ state: inout JSONValue, _ rng: inout SplitMix64) -> (String, Bool) {
        let paths = programPaths(state)
        guard !paths.isEmpty else { return ("no program", false) }
        let path = paths[rng.below(paths.count)]
        guard case .array(var steps)? = get(state, path) else { return ("no program", false) }
        let at = rng.below(steps.count + 1)
        let name: String, certain: Bool
        switch rng.below(7) {
        case 0:
            let step = keylessSteps[rng.below(keylessSteps.count)]
            steps.insert(step, at: at)
            (name, certain) = ("a step no key makes at \(at) of \(path.joined(separator: "."))", true)
        case 1:
            steps.insert(.string(["sin", "√", "×", "="][rng.below(4)]), at: 0)
            (name, certain) = ("an operation before any number in \(path.joined(separator: "."))", true)
        case 2:
            steps.insert(plausibleSteps[rng.below(plausibleSteps.count)], at: at)
            (name, certain) = ("a plausible step at \(at)", false)
        case 3 where !steps.isEmpty:
            steps.remove(at: min(at, steps.count - 1))
            (name, certain) = ("a step removed", false)
        case 4 where steps.count > 1:
            let i = rng.below(steps.count - 1)
            steps.swapAt(i, i + 1)
            (name, certain) = ("two steps swapped", false)
        case 5 where !steps.isEmpty:
            steps.insert(steps[min(at, steps.count - 1)], at: at)
            (name, certain) = ("a step doubled", false)
        default:
            steps += [.string("="), .number(7), .string("×"), .number(6), .string("=")]
            // After a result = changes nothing, and after a pending one 7 would start a new program.
            (name, certain) = ("a second program joined on", true)
        }
        set(&state, path, .array(steps))
        return (name, certain)
    }

    private static func mutateTheCurves(_ state: inout JSONValue, _ rng: inout SplitMix64) -> (String, Bool) {
        guard case .array(var curves)? = state["curves"], !curves.isEmpty else { return ("no curves", false) }
        let i = rng.below(curves.count)
        switch rng.below(4) {
        case 0:
            curves.append(curves[i])
            state["curves"] = .array(curves)
            return ("curve \(i) twice", true)
        case 1:
            curves[i]["color"] = .number([-1, 6, 9, 1e9][rng.below(4)])
            state["curves"] = .array(curves)
            return ("a colour out of range", true)
        case 2:
            curves[i]["graph"]?["variable"] = .string(["X", "", "MM"][rng.below(3)])
            state["curves"] = .array(curves)
            return ("a variable no key plots", true)
        default:
            curves[i]["graph"]?["angleMode"] = .string("degrees")
            state["curves"] = .array(curves)
            return ("an angle mode of format 6 on a curve", false)
        }
    }

    private static func mutateTheCalculator(_ state: inout JSONValue, _ rng: inout SplitMix64) -> (String, Bool) {
        guard var calculator = state["calculator"] else { return ("no calculator", false) }
        let program = calculator["program"] ?? .array([])
        let earlier = calculator["earlier"] ?? .array([])
        let name: String, certain: Bool
        switch rng.below(7) {
        case 5:
            // M is 1 and, exactly, 1/3: no →M stores that.
            calculator["memory"] = .object(["M": .number(1)])
            calculator["exactMemory"] = .string("1/3")
            (name, certain) = ("an exact M that is not M", true)
        case 6:
            guard case .array(var entries)? = calculator["history"], !entries.isEmpty else { return ("no history", false) }
            entries[0]["exact"] = .string("1/3")
            calculator["history"] = .array(entries)
            (name, certain) = ("a history entry whose exact value is not its number", entries[0]["value"] != .number(1.0 / 3.0))
        case 0:
            // The current program moved among the earlier ones: nothing current, something earlier.
            guard case .array(let e) = earlier else { return ("no earlier", false) }
            calculator["earlier"] = .array(e + [program])
            calculator["program"] = .array([])
            (name, certain) = ("the current program made earlier", program != .array([]))
        case 1:
            // An earlier program and the current one joined into one.
            guard case .array(let e) = earlier, let last = e.last, case .array(let a) = last, case .array(let b) = program else {
                return ("nothing to join", false)
            }
            calculator["earlier"] = .array(Array(e.dropLast()))
            calculator["program"] = .array(a + b)
            (name, certain) = ("an earlier program joined to the current one", !b.isEmpty)
        case 2:
            calculator["memory"] = .object(["M": .number(1), "N": .number(2)])
            (name, certain) = ("a second variable in memory", true)
        case 3:
            calculator["typing"] = .string(["1e-999", "1.2.3", "--5", "1e", "0.000"][rng.below(5)])
            (name, certain) = ("an odd typed number", false)
        default:
            calculator["earlier"] = .array(Array(repeating: .array([.number(1)]), count: 21))
            (name, certain) = ("21 earlier programs", true)
        }
        state["calculator"] = calculator
        return (name, certain)
    }
}
