import SeededRandom
import Calculator
import CalculatorBrain
@testable import Kiosk
import Grapher
import Testing

/// State format 7 keeps each curve as its program (steps, each trig step in its own mode, and variable),
/// written as the calculator's programs are, and loads only what the keys record; formats 1 to 5 kept
/// expressions, which load as the programs that make them (format 6: `FormatSixTests`).
@Suite struct StateFormatSevenTests {
    /// Every key but C (sessions would mostly be short), the keypad's and those only text reaches.
    // The keys of the older formats: A came with format 10, and a file of these that holds it is refused.
    static let keys = (CalculatorKey.all + CalculatorKey.offKeypad)
        .filter { ![.clear, .graph, .parameter, .storeParameter].contains($0) }

    /// Graphs of random key sessions through the real controller: M and the trig keys often, and now and
    /// then one program thousands of keys long (deep, doubling, near the step bound: operations only, and M
    /// after an operation, since an operand after a result starts a new program).
    static func randomGraphs(_ rng: inout SplitMix64, count: Int) -> (graphs: [GraphRequest], controller: CalculatorController) {
        var controller = CalculatorController()
        var graphs: [GraphRequest] = []
        while graphs.count < count {
            let long = rng.below(20) == 0
            if long {
                controller.press(.memory)
                for _ in 0..<1_000 + rng.below(3_000) {
                    switch rng.below(4) {
                    case 0: controller.press([.binary(.add), .binary(.multiply)][rng.below(2)]); controller.press(.memory)
                    case 1: controller.press([.unary(.sine), .unary(.cosine), .unary(.tangent), .toggleAngleMode][rng.below(4)])
                    case 2: controller.press([.binary(.add), .binary(.multiply)][rng.below(2)]); controller.press(.equals)
                    default: controller.press(.unary(.squareRoot))
                    }
                }
            }
            for _ in 0..<(long ? 0 : 1 + rng.below(30)) {
                switch rng.below(10) {
                case 0, 1: controller.press(.memory)
                case 2: controller.press([.unary(.sine), .unary(.cosine), .unary(.tangent), .toggleAngleMode][rng.below(4)])
                case 3: controller.press([.binary(.add), .binary(.multiply)][rng.below(2)]); controller.press(.equals)
                default: controller.press(keys[rng.below(keys.count)])
                }
            }
            // The graph key moves a curve graphed again: the list holds each once.
            if let graph = controller.press(.graph), !graphs.contains(graph) { graphs.append(graph) }
            if rng.below(3) == 0 { controller.press(.clear) }
        }
        return (graphs, controller)
    }

    /// Whether the program's title cannot come back from its expression: a Rand's value, or an operand
    /// that is exactly π or e (from the history), read back as the number or as the key.
    static func titleIsAmbiguous(_ graph: GraphRequest) -> Bool {
        graph.program.contains { step in
            switch step {
            case .random: return true
            case .operand(let v): return v == .pi || v == 2.718281828459045
            default: return false
            }
        }
    }

    static func file(_ version: Int, _ payload: some Encodable) throws -> [UInt8] {
        let bytes = try calxStateCoder().encode(payload)
        return Array("calx-state \(version)\nfnv1a64 \(hex16(fnv1a64(bytes)))\n".utf8) + bytes
    }

    /// A hand-written state file of `version` whose one curve's graph is the JSON text `graph`.
    static func oneCurveFile(_ version: Int, graph: String) -> [UInt8] {
        let payload = #"{"curves":[{"color":0,"hidden":false,"graph":\#(graph)}],"#
            + #""graphPushed":false,"viewport":{"originOffsetX":0,"originOffsetY":0,"pixelsPerUnitX":40,"pixelsPerUnitY":40}}"#
        let bytes = Array(payload.utf8)
        return Array("calx-state \(version)\nfnv1a64 \(hex16(fnv1a64(bytes)))\n".utf8) + bytes
    }

    static func randomViewport(_ rng: inout SplitMix64) -> Viewport {
        Viewport(originOffsetX: rng.uniform(-500, 500), originOffsetY: rng.uniform(-500, 500), pixelsPerUnit: rng.uniform(1, 200))
    }

    @Test func randomSessionsRoundTripThroughFormatSeven() throws {
        var rng = SplitMix64(seed: 6_2026)
        var longest = 0
        for _ in 0..<50 {
            let (graphs, controller) = Self.randomGraphs(&rng, count: 1 + rng.below(GraphedCurves.limit))
            let curves = graphs.enumerated().map { PersistedState.CurveRecord(graph: $1, color: $0, hidden: rng.below(3) == 0) }
            let state = PersistedState(calculator: controller.state, curves: curves, viewport: Self.randomViewport(&rng),
                                       graphPushed: rng.below(2) == 0)
            let bytes = try state.encoded(by: calxStateCoder())
            #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("calx-state \(PersistedState.formatVersion)\n"))
            let loaded = try PersistedState.decode(bytes, by: calxStateCoder())
            #expect(loaded == state)
            #expect(loaded.calculator == controller.state)
            for (a, b) in zip(loaded.curves, curves) {
                // What the picture is made of: the program and variable, so the expression drawn and the title.
                #expect(a.graph.program == b.graph.program && a.graph.variable == b.graph.variable)
                #expect(a.graph.expression == b.graph.expression && a.graph.description == b.graph.description)
                #expect(a.color == b.color && a.hidden == b.hidden)
                longest = max(longest, a.graph.program.count)
            }
        }
        #expect(longest > 1_000, "long sessions were drawn: \(longest) steps")
    }

    @Test func formatFiveCurvesLoadAsTheyDrewAndRead() throws {
        var rng = SplitMix64(seed: 5_2026)
        var titled = 0, shared = 0
        for _ in 0..<50 {
            let (graphs, controller) = Self.randomGraphs(&rng, count: 1 + rng.below(GraphedCurves.limit))
            let curves = graphs.enumerated().map {
                FormatFive.Curve(graph: LegacyGraph(expression: $1.expression, description: $1.description, variable: $1.variable),
                                 color: $0, hidden: rng.below(3) == 0)
            }
            let viewport = Self.randomViewport(&rng)
            let file = try Self.file(5, FormatFive(calculator: nil, curves: curves, viewport: viewport, graphPushed: true))
            let loaded = try PersistedState.decode(file, by: calxStateCoder())
            #expect(loaded.viewport == viewport && loaded.graphPushed)
            #expect(loaded.curves.count == graphs.count)
            for (i, (curve, graph)) in zip(loaded.curves, graphs).enumerated() {
                #expect(curve.graph.expression == graph.expression, "\(graph.description)")
                #expect(curve.graph.variable == graph.variable)
                #expect(curve.color == i && curve.hidden == curves[i].hidden)
                // The shortest program that makes it: never longer than the keys' own.
                #expect(curve.graph.program.count <= graph.program.count)
                if !Self.titleIsAmbiguous(graph) {
                    #expect(curve.graph.description == graph.description, "\(graph.program)")
                    titled += 1
                }
                if graph.expression.nodes.contains(where: { if case .binary(_, let a, let b) = $0 { a == b } else { false } }) { shared += 1 }
            }
        }
        #expect(titled > 60 && shared > 10, "\(titled) titles compared, \(shared) graphs with shared nodes")
    }

    @Test func oneGraphFormatsLoadAsTheirPrograms() throws {
        var rng = SplitMix64(seed: 1_2026)
        var tokenFiles = 0
        for _ in 0..<60 {
            let graph = Self.randomGraphs(&rng, count: 1).graphs[0]
            let legacy = LegacyGraph(expression: graph.expression, description: graph.description, variable: graph.variable)
            var files = [try Self.file(3 + rng.below(2), FormatThree(graph: legacy, viewport: .standard, graphPushed: false))]
            if let tokens = prefixTokens(graph.expression, limit: 2_000) {
                let record = FormatTwo.Graph(program: tokens, description: graph.description, variable: graph.variable)
                files.append(try Self.file(2, FormatTwo(calculator: nil, graph: record, viewport: .standard, graphPushed: false)))
                tokenFiles += 1
            }
            for file in files {
                let loaded = try PersistedState.decode(file, by: calxStateCoder())
                #expect(loaded.curves.map(\.graph.expression) == [graph.expression])
                if !Self.titleIsAmbiguous(graph) { #expect(loaded.curves.first?.graph.description == graph.description) }
            }
        }
        #expect(tokenFiles > 30)
    }

    /// Expression nodes that no key sequence could have made, named so the test log shows the name and
    /// not 1 MB of nodes. (A static list, not a literal in `@Test`: Swift 6.0.3, the arm64 build's compiler,
    /// crashes on a closure inside the macro's arguments.)
    struct Shape: CustomTestStringConvertible, Sendable {
        var name: String
        var nodes: String
        var testDescription: String { name }
    }
    static let shapesNoKeysMake: [Shape] = [
        Shape(name: "M + (M × 2): a computed right operand that is not the left",
              nodes: #"[["v","M"],["c",2],["b","×",0,1],["b","+",0,2]]"#),
        Shape(name: "sin(X): a variable no key enters", nodes: #"[["v","X"],["u","sin",0]]"#),
        Shape(name: "60,000 doublings: past the step bound",
              nodes: "[[\"v\",\"M\"]" + (0..<60_000).map { ",[\"b\",\"+\",\($0),\($0)]" }.joined() + "]"),
    ]

    /// Hand-edited files that no key sequence could have made: set aside with a message, never a trap.
    @Test(arguments: shapesNoKeysMake)
    func formatFiveShapesNoKeysMakeAreUnreadable(shape: Shape) throws {
        let nodes = shape.nodes
        let file = Self.oneCurveFile(5, graph: #"{"description":"x","expression":\#(nodes),"variable":"M"}"#)
        #expect(throws: PersistedState.Unreadable.self) { try PersistedState.decode(file, by: calxStateCoder()) }
        let storage = MemoryStateStorage(bytes: file)
        let app = makeApp(800, 480, storage: storage)
        #expect(storage.setAsideCopies == [file])
        #expect(app.messages.contains { $0.contains("unreadable") }, "\(app.messages)")
        #expect(app.graph == nil)
    }

    /// Format 7 curves that graph nothing, break the program's bounds, or are not what the keys record.
    @Test(arguments: [#"["M","+"]"#, "[]", #"["M","n0pe"]"#, #"["M",1e999]"#,
                      "[" + Array(repeating: "\"M\"", count: 10_001).joined(separator: ",") + "]",
                      #"["M","frobnicate"]"#, #"["frobnicate","sin"]"#, #"["sin","sin","M"]"#, #"["M","=","sin"]"#,
                      #"["M","+","+","M","="]"#, #"[1,"+",1,"=","M","sin"]"#, #"["M","sin","M"]"#, #"["M",2]"#])
    func formatSevenProgramsNoKeysRecordAreUnreadable(program: String) throws {
        let file = Self.oneCurveFile(7, graph: #"{"program":\#(program),"variable":"M"}"#)
        #expect(throws: PersistedState.Unreadable.self) { try PersistedState.decode(file, by: calxStateCoder()) }
        let storage = MemoryStateStorage(bytes: file)
        let app = makeApp(800, 480, storage: storage)
        #expect(storage.setAsideCopies == [file], "\(program)")
        #expect(app.graph == nil)
    }

    @Test func aCurveOfAnotherVariableIsUnreadable() {
        let file = Self.oneCurveFile(7, graph: #"{"program":["M","sin"],"variable":"X"}"#)
        #expect(throws: PersistedState.Unreadable.self) { try PersistedState.decode(file, by: calxStateCoder()) }
    }

    /// The graph key never makes two curves alike, nor two of one colour: a file that has them is no save of ours.
    @Test(arguments: [[0, 0], [0, 1, 2, 3, 4, 5]] as [[Int]])
    func repeatedCurvesAreUnreadable(programs: [Int]) throws {
        let curve = { (i: Int, p: Int) in #"{"color":\#(i),"hidden":false,"graph":{"program":["M","+",\#(p),"="],"variable":"M"}}"# }
        let same = programs.count == 2
        let curves = programs.enumerated().map { i, p in curve(same ? i : 0, same ? p : i) }
        // Two alike (colours 0 and 1), or six distinct curves all in colour 0.
        let payload = #"{"curves":[\#(curves.joined(separator: ","))],"graphPushed":false,"#
            + #""viewport":{"originOffsetX":0,"originOffsetY":0,"pixelsPerUnitX":40,"pixelsPerUnitY":40}}"#
        let bytes = Array(payload.utf8)
        let file = Array("calx-state 7\nfnv1a64 \(hex16(fnv1a64(bytes)))\n".utf8) + bytes
        #expect(throws: PersistedState.Unreadable.self) { try PersistedState.decode(file, by: calxStateCoder()) }
        let distinct = (0..<6).map { curve($0, $0) }
        let fine = #"{"curves":[\#(distinct.joined(separator: ","))],"graphPushed":false,"#
            + #""viewport":{"originOffsetX":0,"originOffsetY":0,"pixelsPerUnitX":40,"pixelsPerUnitY":40}}"#
        let fineFile = Array("calx-state 7\nfnv1a64 \(hex16(fnv1a64(Array(fine.utf8))))\n".utf8) + Array(fine.utf8)
        #expect(try PersistedState.decode(fineFile, by: calxStateCoder()).curves.count == 6)
    }

    /// The calculator's programs load only as the keys leave them: split after each finished result.
    @Test(arguments: [
        #"{"program":["sin","sin","M"]}"#, #"{"program":["M","X"]}"#, #"{"program":[1,"+",1,"=",7]}"#,
        #"{"program":["M"],"earlier":[[1,"+"]]}"#, #"{"program":[],"earlier":[[1]]}"#, #"{"program":[2],"earlier":[[1],[1,"+",1]]}"#,
        #"{"program":[1],"memory":{"M":1,"N":2}}"#,
    ])
    func calculatorProgramsNoKeysRecordAreRefused(state: String) throws {
        let decoded = try calxStateCoder().decode(CalculatorController.State.self, from: Array(state.utf8))
        #expect(throws: CalculatorController.StateError.self) { try CalculatorController(restoring: decoded) }
    }
}

/// Format 5's payload: curves as expression nodes with their titles.
struct FormatFive: Encodable {
    struct Curve: Encodable {
        var graph: LegacyGraph
        var color: Int
        var hidden: Bool
    }
    var calculator: LegacyCalculator?
    var curves: [Curve]
    var viewport: Viewport
    var graphPushed: Bool
}

/// Format 2's payload: the graph as prefix tokens, the calculator as JSON text.
private struct FormatTwo: Encodable {
    struct Graph: Encodable {
        var program: [String]
        var description: String
        var variable: String
    }
    var calculator: String?
    var graph: Graph?
    var viewport: Viewport
    var graphPushed: Bool
}

/// The tree of `e` in format 2's prefix tokens (shared nodes written out), or nil past `limit` tokens.
private func prefixTokens(_ e: Expression, limit: Int) -> [String]? {
    var tokens: [String] = []
    var stack = [e.nodes.count - 1]
    while let i = stack.popLast() {
        guard tokens.count < limit else { return nil }
        switch e.nodes[i] {
        case .constant(let v): tokens.append("c:\(v)")
        case .variable(let name): tokens.append("v:\(name)")
        case .unary(let f, let a): tokens.append("u:\(f.rawValue)"); stack.append(a)
        case .binary(let f, let a, let b): tokens.append("b:\(f.rawValue)"); stack.append(b); stack.append(a)
        }
    }
    return tokens
}
