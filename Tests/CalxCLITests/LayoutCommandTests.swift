import XCTest

final class LayoutCommandTests: XCTestCase {
    func testEveryKeyHasACentreInsideTheScreen() throws {
        let result = try CalxBinary.run(["layout", "--size", "800x480"])
        XCTAssertEqual(result.status, 0, result.stderr)
        var labels: Set<String> = []
        var centres: [String: String] = [:], secondPage: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.first == "graph-area" {
                XCTAssertEqual(parts.count, 5)
                continue
            }
            // The second page's keys sit where the first page's keys they replace are.
            if parts.first == "page2" {
                XCTAssertEqual(parts.count, 4, String(line))
                secondPage[String(parts[1])] = parts[2...].joined(separator: " ")
                continue
            }
            centres[String(parts[0])] = parts[1...].joined(separator: " ")
            XCTAssertEqual(parts.count, 3, String(line))
            let x = Int(parts[1])!, y = Int(parts[2])!
            XCTAssertTrue((0..<800).contains(x) && (0..<480).contains(y), String(line))
            labels.insert(String(parts[0]))
        }
        for label in ["9", "+", "M", "=", "√", "→M", "graph", "⌫", "C"] { XCTAssertTrue(labels.contains(label), label) }
        XCTAssertTrue(result.stdout.contains("graph-area "))
        for label in ["sin", "cos", "tan", "2nd", "DRG", "EE", "Hist"] { XCTAssertNotNil(centres[label], label) }
        XCTAssertEqual(secondPage["sin⁻¹"], centres["sin"])
        XCTAssertEqual(secondPage["Rand"], centres["Hist"])
    }

    func testBadSizeExitsTwo() throws {
        XCTAssertEqual(try CalxBinary.run(["layout", "--size", "huge"]).status, 2)
    }
}
