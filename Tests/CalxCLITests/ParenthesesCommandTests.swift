import XCTest

/// Issue 33's parentheses through the binary: `calx keys` computes groups as typed, refuses what cannot be
/// used with a message (exit 0, as other refusals), and `calx points` graphs a grouped quotient.
final class ParenthesesCommandTests: XCTestCase {
    private func line(_ name: String, of stdout: String) -> String? {
        stdout.split(separator: "\n").map(String.init).first { $0.hasPrefix(name + ": ") }
    }

    func testGroupsComputeAsTyped() throws {
        for (keys, display) in [("3 →M ( M + 1 ) ÷ ( M − 1 ) =", "2"), ("2 × ( 1 + 2 × 3 ) =", "18"), ("1 + 2 × 3 =", "9")] {
            let result = try CalxBinary.run(["keys", keys])
            XCTAssertEqual(result.status, 0, keys)
            XCTAssertEqual(line("display", of: result.stdout), "display: \(display)", keys)
        }
    }

    func testAnUnusableKeyIsRefusedAndAnUnknownOneIsAnError() throws {
        let refused = try CalxBinary.run(["keys", ")"])
        XCTAssertEqual(refused.status, 0)
        XCTAssertEqual(line("error", of: refused.stdout), "error: No ( to close")
        let german = try CalxBinary.run(["keys", "--locale", "de", "2 × 3 ("])
        XCTAssertEqual(line("error", of: german.stdout), "error: Vor ( eine Rechenart")
        let open = try CalxBinary.run(["keys", "2 × ( ( 1 + 3"])
        XCTAssertEqual(line("open", of: open.stdout), "open: (2")
        XCTAssertEqual(line("graph", of: open.stdout), "graph: disabled")
        XCTAssertEqual(try CalxBinary.run(["keys", "( 1 ]"]).status, 2)
    }

    func testAGroupedQuotientGraphsWithItsZeroAndNoPointAtItsPole() throws {
        let keys = try CalxBinary.run(["keys", "( M + 1 ) ÷ ( M − 1 ) = graph"])
        XCTAssertEqual(line("curve", of: keys.stdout), "curve: (M + 1) ÷ (M − 1)")
        let points = try CalxBinary.run(["points", "( M + 1 ) ÷ ( M − 1 ) = graph"])
        XCTAssertEqual(points.status, 0)
        let lines = points.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("zero -1 0"), points.stdout)
        // Nothing proved at the pole: no zero, extremum or meeting claimed at x = 1.
        XCTAssertFalse(lines.contains { !$0.hasPrefix("uncertain") && $0.split(separator: " ").dropFirst().first == "1" },
                       points.stdout)
    }
}
