import XCTest

/// `calx keys` prints six readout lines for every seed example, then its history.
final class KeysCommandTests: XCTestCase {
    let examples: [(keys: String, display: String, description: String)] = [
        ("7 + 9 = √", "4", "√(7 + 9) ="), ("7 + 9 √", "3", "7 + √(9) …"), ("4 × π =", "12.5663706143592", "4 × π ="),
        ("6 × 5 × 4 × 3 =", "360", "6 × 5 × 4 × 3 ="), ("5 + 6 = 7 3", "73", "5 + 6 ="),
        ("7 + 9 = + 6 = + 3 =", "25", "7 + 9 + 6 + 3 ="), ("7 + 9 = √ 6 + 3 =", "9", "6 + 3 ="),
        ("9 + M = √ 7 →M + 14 =", "18", "√(9 + M) + 14 ="), ("M cos π →M ⌫", "-1", "cos(M) ="),
        ("M sin + M = / M = pi / 2 = sto undo undo undo undo", "1.63661977236758", "(sin(M) + M) ÷ M ="),
        ("7 +", "7", "7 + …"), ("7 + 9", "9", "7 + …"), ("7 + 9 =", "16", "7 + 9 ="),
        ("7 + 9 = √ + 2 =", "6", "√(7 + 9) + 2 ="), ("7 + 9 √ =", "10", "7 + √(9) ="),
        ("9 + M = √", "3", "√(9 + M) ="), ("9 + M = √ 7 →M", "4", "√(9 + M) ="),
        // Seed 003's list: chained +, %, ±, one ".", backspace to 0.
        ("1 + 2 + 3 =", "6", "1 + 2 + 3 ="), ("5 0 %", "0.5", "50% ="), ("9 ±", "-9", ""),
        ("1 . 2 .", "1.2", ""), ("3 ⌫", "0", ""),
    ]

    func testSeedExamplesThroughTheBinary() throws {
        for example in examples {
            let result = try CalxBinary.run(["keys", example.keys])
            XCTAssertEqual(result.status, 0, example.keys)
            // The exact form's line, where there is one, is checked on its own (testTheIssuesExactForms).
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                .filter { !$0.hasPrefix("exact: ") }
            XCTAssertGreaterThanOrEqual(lines.count, 7, result.stdout) // six lines, history, the final newline
            XCTAssertTrue(lines.dropFirst(6).allSatisfy { $0.isEmpty || $0.hasPrefix("history: ") }, result.stdout)
            XCTAssertEqual(lines[0], "display: \(example.display)", example.keys)
            XCTAssertEqual(lines[1], "description: \(example.description)", example.keys)
        }
    }

    /// The issue's table: each row's display, and its exact form after it, or no such line.
    func testTheIssuesExactForms() throws {
        let rows: [(keys: String, display: String, exact: String?)] = [
            ("π sin", "0", "0"), ("π ÷ 2 = cos", "0", "0"), ("π tan", "0", "0"), ("0.1 + 0.2 − 0.3 =", "0", "0"),
            ("2 √ x² − 2 =", "0", "0"), ("0.1 + 0.2 =", "0.3", "3/10"), ("1 ÷ 3 =", "0.333333333333333", "1/3"), ("8 √", "2.82842712474619", "2√2"),
            ("π ÷ 4 =", "0.785398163397448", "π/4"), ("deg 60 cos", "0.5", "1/2"), ("3 √ ÷ 2 = sin⁻¹", "1.0471975511966", "π/3"),
            ("1000 log₁₀", "3", "3"), ("2 ln", "0.693147180559945", nil), ("deg π sin", "0.0548036651487895", nil),
            // The forms the issue names for `calx keys`.
            ("2 ÷ 3 = ±", "-0.666666666666667", "-2/3"),
            // A number being typed is exact too; its digits are already its decimal.
            ("0.1", "0.1", "1/10"), ("6.02 EE 23", "6.02e23", "602000000000000000000000"), ("1 EE 300", "1e300", nil),
        ]
        for row in rows {
            let result = try CalxBinary.run(["keys", row.keys])
            XCTAssertEqual(result.status, 0, row.keys)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines[0], "display: \(row.display)", row.keys)
            if let exact = row.exact {
                XCTAssertEqual(lines[1], "exact: \(exact)", row.keys)
            } else {
                XCTAssertFalse(result.stdout.contains("exact:"), result.stdout)
                XCTAssertTrue(lines[1].hasPrefix("description: "), result.stdout)
            }
        }
    }

    /// Issue 32's "done means" for calx keys: every digit it can prove, up to 15, and an error where the real
    /// number has none.
    func testEveryDigitPrintedIsProved() throws {
        let near = try CalxBinary.run(["keys", "0.99999995 ="])
        XCTAssertTrue(near.stdout.hasPrefix("display: 0.99999995\n"), near.stdout)
        let pole = try CalxBinary.run(["keys", "π ÷ 2 = tan"])
        XCTAssertEqual(pole.status, 0)
        XCTAssertTrue(pole.stdout.contains("\nerror: Undefined result\n"), pole.stdout)
        let noise = try CalxBinary.run(["keys", "2 ∛ x³ − 2 = x⁻¹"])
        XCTAssertTrue(noise.stdout.contains("\nerror: Too close to zero to tell\n"), noise.stdout)
        let degrees = try CalxBinary.run(["keys", "DEG 1 EE 17 + 30 = sin"])
        XCTAssertTrue(degrees.stdout.hasPrefix("display: -0.766044443118978\n"), degrees.stdout)
    }

    func testTheSixLinesExactly() throws {
        let result = try CalxBinary.run(["keys", "4 × π ="])
        XCTAssertEqual(result.stdout, "display: 12.5663706143592\nexact: 4π\ndescription: 4 × π =\nM: unset\nA: 1\nerror: none\ngraph: enabled\n"
                       + "history: 4 × π = 12.566371\n")
        let m = try CalxBinary.run(["keys", "M sin + M = / M = pi / 2 = sto undo undo undo undo"])
        XCTAssertEqual(m.stdout, "display: 1.63661977236758\ndescription: (sin(M) + M) ÷ M =\nM: 1.5707963267949\nA: 1\nerror: none\ngraph: enabled\n"
                       + "history: π ÷ 2 = 1.570796\nhistory: sin(M) + M = 0\n")
        let e = try CalxBinary.run(["keys", "1 / 0 ="])
        XCTAssertTrue(e.stdout.contains("error: Division by zero\n"), e.stdout)
        let p = try CalxBinary.run(["keys", "7 +"])
        XCTAssertTrue(p.stdout.hasSuffix("graph: disabled\n"), p.stdout)
    }

    func testEveryGraphedCurveGetsALineOldestFirst() throws {
        let result = try CalxBinary.run(["keys", "M sin graph C M cos graph C M sq graph"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(curveLines(result.stdout), ["curve: sin(M)", "curve: cos(M)", "curve: M²"], result.stdout)
        // The same program again moves to the newest place, not a second line.
        let again = try CalxBinary.run(["keys", "M sin graph C M cos graph C M sin graph"])
        XCTAssertEqual(curveLines(again.stdout), ["curve: cos(M)", "curve: sin(M)"], again.stdout)
        // Seven curves: the oldest makes room for the newest.
        let seven = try CalxBinary.run(["keys", (1...7).map { "M + \($0) = graph C" }.joined(separator: " ")])
        let expected: [String] = (2...7).map { "curve: M + \($0)" }
        XCTAssertEqual(curveLines(seven.stdout), expected, seven.stdout)
    }

    private func curveLines(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("curve: ") }
    }

    func testDegreesEntryHistoryAndCurves() throws {
        XCTAssertTrue(try CalxBinary.run(["keys", "deg 30 sin"]).stdout.hasPrefix("display: 0.5\n"))
        let inverse = try CalxBinary.run(["keys", "deg 1 sin⁻¹"]).stdout
        XCTAssertTrue(inverse.hasPrefix("display: 90\n") && inverse.contains("\nangle: DEG\n"), inverse)
        XCTAssertFalse(try CalxBinary.run(["keys", "1 sin"]).stdout.contains("angle:"))
        XCTAssertTrue(try CalxBinary.run(["keys", "6.02 ee 23 ="]).stdout.hasPrefix("display: 6.02e+23\n"))
        XCTAssertTrue(try CalxBinary.run(["keys", "6.02 ee ± 23 ="]).stdout.hasPrefix("display: 6.02e-23\n"))
        let graphed = try CalxBinary.run(["keys", "7 + 9 = 2 × 3 = M sin graph"]).stdout
        XCTAssertTrue(graphed.hasSuffix("curve: sin(M)\nhistory: 2 × 3 = 6\nhistory: 7 + 9 = 16\n"), graphed)
    }

    func testUnknownTokenExitsTwoNamingIt() throws {
        let result = try CalxBinary.run(["keys", "7 + banana"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("banana"), result.stderr)
    }
}

/// `calx points`: the issue's own example, and its refusals.
final class PointsCommandTests: XCTestCase {
    /// In degrees the graph's points are degrees too: exact multiples of 90, and tan's poles never reported.
    func testDegreesMoveThePoints() throws {
        let sine = try CalxBinary.run(["points", "deg M sin graph", "--from", "-200", "--to", "200"])
        XCTAssertEqual(sine.stdout, "zero -180 0\nminimum -90 -1\nzero 0 0\nmaximum 90 1\nzero 180 0\n", sine.stderr)
        let tangent = try CalxBinary.run(["points", "deg M tan graph", "--from", "-200", "--to", "200"])
        XCTAssertEqual(tangent.stdout, "zero -180 0\nzero 0 0\nzero 180 0\n", tangent.stderr)
    }

    func testSineOnMinusFourToFour() throws {
        let result = try CalxBinary.run(["points", "M sin graph", "--from", "-4", "--to", "4"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, """
            zero -3.14159 0
            minimum -1.5708 -1
            zero 0 0
            maximum 1.5708 1
            zero 3.14159 0

            """)
    }

    /// √(M − M) is 0 wherever M is a number: proved so over the whole range, where the independent operands'
    /// enclosure left one "uncertain" line. A constant has no point at all.
    func testACurveThatIsZeroThroughoutIsAZeroStretch() throws {
        let flat = try CalxBinary.run(["points", "M − M = √ graph"])
        XCTAssertEqual(flat.stdout, "zero-stretch -10 10\n", flat.stderr)
        let constant = try CalxBinary.run(["points", "2 graph"])
        XCTAssertEqual(constant.stdout, "", constant.stderr)
    }

    /// The issue's long range: zeros proved in the middle, the rest uncertain piece by piece, not one line.
    func testALongRangeProvesPartAndSaysWhereTheRestIsUncertain() throws {
        let result = try CalxBinary.run(["points", "M sin graph", "--from", "-10000", "--to", "10000"])
        let lines = result.stdout.split(separator: "\n")
        XCTAssertGreaterThan(lines.filter { $0.hasPrefix("zero ") }.count, 300, result.stdout)
        XCTAssertGreaterThan(lines.filter { $0.hasPrefix("uncertain ") }.count, 1)
        XCTAssertFalse(lines.contains("uncertain -10000 10000"))
        XCTAssertTrue(lines.first?.hasPrefix("uncertain -10000 ") == true && lines.last?.hasSuffix(" 10000") == true)
    }

    func testNothingGraphedOrBadRangeIsAnError() throws {
        XCTAssertEqual(try CalxBinary.run(["points", "M sin"]).status, 2)
        XCTAssertEqual(try CalxBinary.run(["points", "M sin graph", "--from", "nan"]).status, 2)
        XCTAssertEqual(try CalxBinary.run(["points", "M sin graph", "--from", "3", "--to", "1"]).status, 2)
        XCTAssertEqual(try CalxBinary.run(["points", "M sin graph", "--to", "1e300"]).status, 2)
    }
}
