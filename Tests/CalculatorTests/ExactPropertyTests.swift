import SeededRandom
import Calculator
import CalculatorBrain
import Testing

private extension SplitMix64 {
    /// Keys that make exact values often: small numbers and halves, π and e, roots, every function (the
    /// trig keys and their inverses most), the operations, =, ans, M and →M, ⌫, and DRG now and then.
    mutating func exactKey() -> CalculatorKey {
        switch below(20) {
        case 0, 1, 2, 3: return .digit(below(10))
        case 4: return [.point, .digit(5), .unary(.negate)][below(3)]
        case 5: return [.constant("π"), .constant("e")][below(2)]
        case 6, 7: return .unary([.sine, .cosine, .tangent, .arcSine, .arcCosine, .arcTangent][below(6)])
        case 8, 9: return .unary(UnaryFunction.keyFunctions[below(UnaryFunction.keyFunctions.count)])
        case 10, 11, 12: return .binary(BinaryFunction.allCases[below(BinaryFunction.allCases.count)])
        case 13, 14: return .equals
        case 15: return [.history(0), .memory, .storeMemory][below(3)]
        case 16: return .undo
        case 17: return below(4) == 0 ? .toggleAngleMode : .equals
        case 18: return below(8) == 0 ? .clear : .digit(2)
        default: return .unary(.squareRoot)
        }
    }

    /// A number the exact rules have a rule for, as keys: an angle of the tables (in degrees, or a multiple
    /// of π), a value of the inverse functions' tables, a power of ten, a root.
    mutating func specialNumber() -> [CalculatorKey] {
        func digits(_ n: Int) -> [CalculatorKey] { String(n).map { .digit(Int(String($0))!) } }
        switch below(5) {
        case 0: return digits([0, 15, 30, 45, 60, 90, 120, 135, 150, 180, 210, 225, 270, 300, 315, 330, 390, 720][below(18)])
        case 1: return [.constant("π"), .binary(.multiply)] + digits(below(13)) + [.binary(.divide)] + digits([1, 2, 3, 4, 6, 12][below(6)]) + [.equals]
        case 2:
            let values: [[CalculatorKey]] = [[.point, .digit(5)], [.digit(2), .unary(.squareRoot), .binary(.divide), .digit(2), .equals],
                                             [.digit(3), .unary(.squareRoot), .binary(.divide), .digit(2), .equals], [.digit(3), .unary(.squareRoot)],
                                             [.digit(3), .unary(.squareRoot), .binary(.divide), .digit(3), .equals], [.digit(1)], [.digit(0)]]
            return values[below(values.count)] + (below(2) == 0 ? [.unary(.negate)] : [])
        case 3: return [[.digit(1), .digit(0), .digit(0), .digit(0)], [.point, .digit(0), .digit(1)], [.constant("e")], [.digit(1)]][below(4)]
        default: return [.digit(below(50) + 1), .unary(.squareRoot)]
        }
    }
}

/// Never a false claim: wherever the calculator says it knows a value exactly, that value is the one the
/// same keys compute in Doubles, up to the rounding of every number in them.
///
/// The Double evaluation of the keys is the expression the graph would draw; each of its numbers and M is
/// the Double of a true value within two last places of it (a typed 0.1 is 1/10, π is π). Each is let move by
/// those two places, independently, and the expression is enclosed by interval arithmetic (the grapher's
/// sound enclosures): the true answer lies inside, so an exact value must too. Where the enclosure is a few
/// last places wide, that is "within a few ulps of the Double evaluation"; where it is wide (sin of 3·10³⁷°,
/// cancellation), it still bounds what the answer can be.
@Suite struct ExactPropertyTests {
    @Test(arguments: [AngleMode.radians, .degrees]) func exactValuesLieWithinTheDoubleEvaluationsRounding(_ mode: AngleMode) throws {
        var rng = SplitMix64(seed: mode == .radians ? 24 : 2024)
        var checked = 0, irrational = 0, narrow = 0
        for _ in 0..<600 {
            var c = CalculatorController()
            c.press(.angleMode(mode))
            var keys: [CalculatorKey] = []
            let length = rng.below(40) + 1
            while keys.count < length { keys += rng.below(3) == 0 ? rng.specialNumber() : [rng.exactKey()] }
            for key in keys {
                c.press(key)
                guard let exact = c.exactResult, let expression = c.brain.expression() else { continue }
                let double = expression.value(using: c.variables ?? [:])
                let range = try #require(Self.enclosure(of: expression, variables: c.variables ?? [:], exact: Self.exactLeaves(c)),
                                         "\(c.description): a whole exponent is not whole")
                // Widened by the two last places an exact value's Double may be off (infinite bounds stay).
                let lower = range.lower.isFinite ? range.lower - 2 * range.lower.ulp : range.lower
                let upper = range.upper.isFinite ? range.upper + 2 * range.upper.ulp : range.upper
                #expect(range.definedness != .nowhere && lower <= exact.double && exact.double <= upper,
                        "\(c.description) exact \(ExactFormat.string(exact)) = \(exact.double), Doubles give \(double), within [\(range.lower), \(range.upper)]")
                checked += 1
                if !exact.isRational { irrational += 1 }
                // Where rounding cannot spread far, the exact value's Double is a few last places from the Double one.
                let scale = max(abs(range.lower), abs(range.upper))
                if range.upper - range.lower <= 16 * scale.ulp {
                    narrow += 1
                    #expect(abs(exact.double - double) <= 16 * scale.ulp, "\(c.description): \(exact.double) against \(double)")
                }
            }
        }
        #expect(checked > 3_000 && irrational > 300 && narrow > 1_500, "\(checked) checked, \(irrational) irrational, \(narrow) narrow")
        print("ExactPropertyTests, \(mode): \(checked) exact values checked, \(irrational) of them with π, e or a root, \(narrow) within 16 ulps")
    }

    /// The expression's values with each number and variable `v` moved anywhere in `v` ± 2 ulps, independently:
    /// all but those whose true value is their Double (a typed 2 or 0.5, an M of 1/4), which stay. A whole power
    /// (the only kind an exact value has) keeps its exponent whole, as it is exactly (interval arithmetic would
    /// widen 7 − 9 off −2 and leave (−2)^(−2) undefined); that exponent's own enclosure must hold it.
    static func enclosure(of expression: Expression, variables: [String: Double], exact leaves: Set<UInt64>) -> ProgramRange? {
        var builder = ExpressionBuilder()
        let x = builder.add(.variable("x"))
        var mapped: [Int] = [], values: [Double] = [], wholeExponents: [(node: Int, value: Double)] = []
        // Every number is v + u·x, u = 0 where v is its true value: a program of numbers alone would be folded to
        // one Double by the compiler, and enclosed as a point.
        func rounded(_ v: Double) -> Int {
            let spread = leaves.contains(v.bitPattern) ? 0 : 2 * v.ulp
            return builder.add(.binary(.add, builder.add(.constant(v)), builder.add(.binary(.multiply, builder.add(.constant(spread)), x))))
        }
        for node in expression.nodes {
            switch node {
            case .constant(let v): mapped.append(rounded(v)); values.append(v)
            case .variable(let name): mapped.append(rounded(variables[name] ?? 0)); values.append(variables[name] ?? 0)
            case .unary(let f, let a): mapped.append(builder.add(.unary(f, mapped[a]))); values.append(f.apply(values[a]))
            case .binary(.power, let a, let b) where values[b] == values[b].rounded():
                wholeExponents.append((mapped[b], values[b]))
                mapped.append(builder.add(.binary(.power, mapped[a], builder.add(.constant(values[b])))))
                values.append(BinaryFunction.power.apply(values[a], values[b]))
            case .binary(let f, let a, let b): mapped.append(builder.add(.binary(f, mapped[a], mapped[b]))); values.append(f.apply(values[a], values[b]))
            }
        }
        func range(_ root: Int) -> ProgramRange { CompiledProgram(builder.expression(root: root), variable: "x").range(from: -1, to: 1) }
        for (node, value) in wholeExponents {
            let r = range(node)
            guard r.lower <= value && value <= r.upper else { return nil }
        }
        return range(mapped[mapped.count - 1])
    }

    /// The Doubles of the program's numbers and M that are their true values exactly (whole numbers, halves):
    /// no rounding to allow for.
    static func exactLeaves(_ c: CalculatorController) -> Set<UInt64> {
        var leaves: Set<UInt64> = [Double(0).bitPattern]
        var values = c.brain.program.compactMap { step -> ExactValue? in
            if case .exactOperand(let value) = step { return value }
            return nil
        }
        values += c.exactVariables.values
        for value in values {
            guard let q = value.rational, q.denominator & (q.denominator - 1) == 0, q.numerator.magnitude < 1 << 53 else { continue }
            leaves.insert(value.double.bitPattern)
        }
        return leaves
    }
}
