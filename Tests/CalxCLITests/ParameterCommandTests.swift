import XCTest

/// The parameter A through the binary (issue 34): `calx keys` prints it, and `--set A=VALUE` sets it before the
/// keys of `calx keys`, `calx value` and `calx shot`.
final class ParameterCommandTests: XCTestCase {
    func testTheIssuesDoneMeans() throws {
        let keys = try CalxBinary.run(["keys", "2 →A M sin × A = graph"])
        XCTAssertEqual(keys.status, 0, keys.stderr)
        XCTAssertTrue(keys.stdout.contains("\nA: 2\n") && keys.stdout.contains("curve: sin(M) × A\n"), keys.stdout)
        let value = try CalxBinary.run(["value", "M sin × A = graph", "--at", "1", "--set", "A=2"])
        XCTAssertEqual(value.stdout, "value 1 1.682942\n", value.stderr)
    }

    func testAIsOneUntilSetAndSetKeepsItsExactValue() throws {
        let fresh = try CalxBinary.run(["keys", "A"])
        XCTAssertTrue(fresh.stdout.hasPrefix("display: 1\n") && fresh.stdout.contains("\nA: 1\n"), fresh.stdout)
        let third = try CalxBinary.run(["keys", "a × 3 =", "--set", "A=0.5"])
        XCTAssertTrue(third.stdout.hasPrefix("display: 1.5\nexact: 3/2\n") && third.stdout.contains("\nA: 0.5\n"), third.stdout)
        let stored = try CalxBinary.run(["keys", "7 >a C a"])
        XCTAssertTrue(stored.stdout.hasPrefix("display: 7\n"), "C keeps A: \(stored.stdout)")
    }

    func testABadSetIsRefusedNamingWhatItTakes() throws {
        for bad in ["B=2", "A=", "A=x", "2"] {
            let result = try CalxBinary.run(["keys", "A", "--set", bad])
            XCTAssertEqual(result.status, 2, bad)
            XCTAssertTrue(result.stderr.contains("--set needs A=NUMBER"), result.stderr)
        }
    }

    func testShotsWithTwoValuesOfADiffer() throws {
        func shot(_ a: String) throws -> String {
            let result = try CalxBinary.run(["shot", "--size", "800x480", "--keys", "M sin × A = graph", "--set", "A=\(a)", "--out", "-"])
            XCTAssertEqual(result.status, 0, result.stderr)
            return result.stdout
        }
        XCTAssertNotEqual(try shot("0.5"), try shot("3"))
    }
}
