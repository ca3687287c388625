import Grapher
import Testing

private struct Line: GraphableFunction { func value(at x: Double) -> Double { 2 * x } }

@Suite struct EnclosureTests {
    @Test func aFunctionWithoutARangeSaysSo() {
        #expect(Line().enclosure(from: 0, to: 1) == nil)
        #expect(Line().value(at: 3) == 6)
    }
}
