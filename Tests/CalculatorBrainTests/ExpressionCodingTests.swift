import CalculatorBrain
import FoundationEssentials
import Testing

@Suite struct ExpressionCodingTests {
    @Test func nodesRoundTripThroughJSON() throws {
        let m = BrainExpression.variable("M")
        let e = BrainExpression.binary(.divide, .binary(.add, .unary(.sine, m), m),
                                       .binary(.power, .constant(0.1 + 0.2), .constant(-0.0)))
        let data = try JSONEncoder().encode(e)
        #expect(try JSONDecoder().decode(BrainExpression.self, from: data) == e)
    }

    @Test(arguments: [#"[]"#, #"[["u","sin",0]]"#, #"[["c",1],["b","+",0,1]]"#, #"[["c",1],["z",0]]"#,
                      #"[["c",1],["u","nope",0]]"#, #"[["v",""]]"#, #"[["c",1],["u","sin",-1]]"#, #"[["c","x"]]"#])
    func hostileNodesAreRefused(_ text: String) {
        #expect(throws: (any Error).self) { try JSONDecoder().decode(BrainExpression.self, from: Data(text.utf8)) }
    }

    @Test func storedNodesAreMadeCanonical() throws {
        // The same tree, stored with a node twice: it loads as the shared, canonical form.
        let text = #"[["v","M"],["v","M"],["b","+",0,1]]"#
        let e = try JSONDecoder().decode(BrainExpression.self, from: Data(text.utf8))
        #expect(e == .binary(.add, .variable("M"), .variable("M")))
        #expect(e.nodes.count == 2)
    }
}
