import XCTest

final class UsageTests: XCTestCase {
    func testHelpPrintsUsage() throws {
        let result = try CalxBinary.run(["--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("calx keys"), result.stdout)
    }

    func testUnknownCommandExitsTwo() throws {
        let result = try CalxBinary.run(["frobnicate"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("frobnicate"))
    }
}
