import Foundation
import Testing

/// `calx value`, `calx table` and `calx integral` (issue 25): what they print, and every bad argument
/// refused with exit 2 and a line that names the option and what it accepts.
@Suite struct GraphToolCommandTests {
    func run(_ arguments: [String]) throws -> CalxBinary.Result { try CalxBinary.run(arguments) }

    @Test func valuesOneLineACurveOldestFirst() throws {
        let curves = "M sin graph C M x⁻¹ graph C M √ graph"
        let atZero = try run(["value", curves, "--at", "0"])
        #expect(atZero.status == 0 && atZero.stdout == "value 0 0\nvalue 0 undefined\nvalue 0 0\n", "\(atZero.stdout)\(atZero.stderr)")
        let left = try run(["value", curves, "--at", "-2"])
        #expect(left.stdout == "value -2 -0.909297\nvalue -2 -0.5\nvalue -2 undefined\n", "\(left.stdout)")
        // The screen's curves: the same program again is one curve, moved to the newest place.
        let again = try run(["value", "M sin graph C M cos graph C M sin graph", "--at", "1"])
        #expect(again.stdout == "value 1 0.540302\nvalue 1 0.841471\n", "\(again.stdout)")
        // Numbers as the display writes them; tan's pole at 90° is undefined, not a huge number.
        let big = try run(["value", "M eˣ graph C deg M tan graph", "--at", "90"])
        #expect(big.stdout == "value 90 1.220403e+39\nvalue 90 undefined\n", "\(big.stdout)")
    }

    @Test func tableRowsFromAToBByS() throws {
        let table = try run(["table", "M sin graph C M x⁻¹ graph", "--from", "-1", "--to", "1", "--step", "0.5"])
        #expect(table.status == 0)
        #expect(table.stdout == """
            -1 -0.841471 -1
            -0.5 -0.479426 -2
            0 0 undefined
            0.5 0.479426 2
            1 0.841471 1

            """, "\(table.stdout)")
        // 0.1 steps: ten of them land on 1 (rounding allowed for), each x from its index.
        let tenths = try run(["table", "M graph", "--from", "0", "--to", "1", "--step", "0.1"])
        #expect(tenths.stdout.split(separator: "\n").count == 11 && tenths.stdout.hasSuffix("1 1\n"), "\(tenths.stdout)")
        let thousand = try run(["table", "M x² graph", "--from", "1", "--to", "1000", "--step", "1"])
        #expect(thousand.status == 0 && thousand.stdout.split(separator: "\n").count == 1000)
        #expect(thousand.stdout.hasSuffix("1000 1000000\n"))
    }

    @Test func moreThanAThousandRowsIsRefusedNamingTheRows() throws {
        let refused = try run(["table", "M sin graph", "--from", "0", "--to", "100", "--step", "0.01"])
        #expect(refused.status == 2 && refused.stdout.isEmpty)
        #expect(refused.stderr.contains("makes 10001 rows; at most 1000 rows"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--from 0 --to 100 --step 0.01 makes"), "\(refused.stderr)")
    }

    @Test func refusalsRepeatTheNumbersAsTyped() throws {
        let backwards = try run(["table", "M graph", "--from", "1", "--to", "0", "--step", "0.5"])
        #expect(backwards.status == 2 && backwards.stderr.contains("(got 1 and 0)"), "\(backwards.stderr)")
        let points = try run(["points", "M sin graph", "--from", "2.5", "--to", "-1e20"])
        #expect(points.status == 2, "\(points.stderr)")
        let reversed = try run(["points", "M sin graph", "--from", "2.5", "--to", "-3"])
        #expect(reversed.status == 2 && reversed.stderr.contains("(got 2.5 and -3)"), "\(reversed.stderr)")
    }

    @Test func integralsProvedNarrowAndUncertainWhereAPoleIs() throws {
        let r = try run(["integral", "M sin graph C M x⁻¹ graph C M x² graph", "--from", "1", "--to", "2"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map { $0.split(separator: " ") }
        #expect(lines.count == 3 && lines.allSatisfy { $0.count == 4 && $0[0] == "integral" }, "\(r.stdout)")
        let expected = [0.9564491424152821, 0.6931471805599453, 7.0 / 3]
        for (line, truth) in zip(lines, expected) {
            let lo = Double(line[2])!, hi = Double(line[3])!
            #expect(lo <= truth && truth <= hi && hi - lo <= 1e-6, "\(line) vs \(truth)")
        }
        #expect(lines.map { String($0[1]) } == ["0.956449", "0.693147", "2.33333"])
        let pole = try run(["integral", "M x⁻¹ graph", "--from", "-1", "--to", "1"])
        #expect(pole.status == 0 && pole.stdout == "integral uncertain\n")
        let gap = try run(["integral", "M √ graph", "--from", "-1", "--to", "1"])
        #expect(gap.stdout == "integral uncertain\n")
        // √(M − M) is 0 everywhere (a value met twice), as the graph and `calx points` prove: its integral too.
        let zero = try run(["integral", "M − M = √ graph", "--from", "0", "--to", "1"]).stdout.split(separator: " ")
        #expect(zero.count == 4 && zero[1] == "0" && Double(zero[2])! <= 0 && Double(zero[3].dropLast())! >= 0
                && Double(zero[3].dropLast())! - Double(zero[2])! < 1e-300, "\(zero)")
        // Backwards is the negative; an empty interval is 0.
        let backwards = try run(["integral", "M graph", "--from", "2", "--to", "0"])
        let parts = backwards.stdout.split(separator: " ")
        #expect(parts.count == 4 && parts[1] == "-2" && Double(parts[2])! <= -2 && Double(parts[3].dropLast())! >= -2, "\(backwards.stdout)")
        #expect(try run(["integral", "M sin graph", "--from", "1", "--to", "1"]).stdout == "integral 0 0 0\n")
    }

    /// The same kind of case as OptionRefusalTests': the arguments, and what the message must hold.
    typealias Refusal = OptionRefusalTests.Case

    static let finite = "a finite number (at most 1e15 in size)"
    static let refusals: [Refusal] = [
        Refusal(["value", "M sin graph"], "calx value: --at is required: \(finite)"),
        Refusal(["value", "M sin graph", "--at"], "--at needs \(finite) (got nothing)"),
        Refusal(["value", "M sin graph", "--at", "nan"], "--at needs \(finite) (got 'nan')"),
        Refusal(["value", "M sin graph", "--at", "1e300"], "--at needs \(finite) (got '1e300')"),
        Refusal(["value", "M sin graph", "--at", "1", "--at", "2"], "--at is given twice"),
        Refusal(["value", "M sin", "--at", "1"], "nothing graphed (press graph in TOKENS"),
        Refusal(["value", "M frob graph", "--at", "1"], "unknown key 'frob'", "keys separated by spaces"),
        Refusal(["value", "M sin graph", "--at", "1", "--from", "2"], "unknown option '--from'"),
        Refusal(["value", "--at", "1", "M sin graph", "2"], "unexpected argument '2'"),
        Refusal(["table", "M sin graph", "--from", "0", "--to", "1"], "calx table: --step is required: a number above 0"),
        Refusal(["table", "M sin graph", "--from", "0", "--to", "1", "--step", "0"], "--step needs a number above 0 (at most 1e15) (got '0')"),
        Refusal(["table", "M sin graph", "--from", "0", "--to", "1", "--step", "-1"], "--step needs a number above 0"),
        Refusal(["table", "M sin graph", "--from", "2", "--to", "1", "--step", "1"], "--from must be at most --to (got 2 and 1)"),
        Refusal(["table", "M sin graph", "--from", "x", "--to", "1", "--step", "1"], "--from needs \(finite) (got 'x')"),
        Refusal(["table", "M sin graph", "--from", "1e15", "--to", "1e15", "--step", "1e-10"], "--step 1e-10 is finer than"),
        Refusal(["integral", "M sin graph", "--from", "0"], "calx integral: --to is required: \(finite)"),
        Refusal(["integral", "M sin graph", "--to", "inf", "--from", "0"], "--to needs \(finite) (got 'inf')"),
        Refusal(["integral", "M sin graph", "--from", "0", "--to", "1", "--to", "2"], "--to is given twice"),
    ]

    @Test(arguments: refusals)
    func badArgumentsAreRefusedNamingTheOption(_ r: Refusal) throws {
        let result = try run(r.arguments)
        #expect(result.status == 2 && result.stdout.isEmpty, "\(result.stdout)")
        for fragment in r.says { #expect(result.stderr.contains(fragment), "\(result.stderr)") }
    }

    @Test func theUsageNamesThem() throws {
        for command in ["value", "table", "integral"] {
            let help = try run([command, "--help"])
            #expect(help.status == 0 && help.stdout.contains("calx \(command) \"TOKENS\""))
        }
    }
}
