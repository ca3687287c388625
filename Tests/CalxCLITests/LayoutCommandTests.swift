import XCTest

final class LayoutCommandTests: XCTestCase {
    func testEveryKeyHasACentreInsideTheScreen() throws {
        let result = try CalxBinary.run(["layout", "--size", "800x480"])
        XCTAssertEqual(result.status, 0, result.stderr)
        var labels: Set<String> = []
        for line in result.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.first == "graph-area" {
                XCTAssertEqual(parts.count, 5)
                continue
            }
            XCTAssertEqual(parts.count, 3, String(line))
            let x = Int(parts[1])!, y = Int(parts[2])!
            XCTAssertTrue((0..<800).contains(x) && (0..<480).contains(y), String(line))
            labels.insert(String(parts[0]))
        }
        for label in ["9", "+", "M", "=", "√", "→M", "graph", "⌫", "C"] { XCTAssertTrue(labels.contains(label), label) }
        XCTAssertTrue(result.stdout.contains("graph-area "))
    }

    func testBadSizeExitsTwo() throws {
        XCTAssertEqual(try CalxBinary.run(["layout", "--size", "huge"]).status, 2)
    }
}
