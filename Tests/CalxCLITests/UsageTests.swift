import XCTest

final class UsageTests: XCTestCase {
    func testHelpPrintsUsage() throws {
        let result = try CalxBinary.run(["--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("calx keys"), result.stdout)
    }

    /// `calx shot --help` once said "unknown option '--help'" and exited 2.
    func testEveryCommandsHelpPrintsUsage() throws {
        for command in ["shot", "keys", "layout", "points", "doctor", "bench"] {
            let result = try CalxBinary.run([command, "--help"])
            XCTAssertEqual(result.status, 0, command)
            XCTAssertTrue(result.stdout.contains("calx \(command)"), result.stdout)
        }
    }

    func testUnknownCommandExitsTwo() throws {
        let result = try CalxBinary.run(["frobnicate"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("frobnicate"))
    }
}
