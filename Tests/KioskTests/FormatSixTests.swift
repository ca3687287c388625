import Calculator
import CalculatorBrain
@testable import Kiosk
import Testing

/// State format 6 kept the calculator's program since C and each curve's program as the older keys recorded
/// them (every step, the key's name: "sin"), each read in one angle mode. They load read in that mode, the
/// steps that changed nothing dropped and the calculator's program split where a new one starts: what they
/// show is what they showed.
@Suite struct FormatSixTests {
    static func file(calculator: String?, curves: [(program: String, angleMode: String)]) -> [UInt8] {
        let records = curves.enumerated().map { i, c in
            #"{"color":\#(i),"hidden":false,"graph":{"program":\#(c.program),"angleMode":"\#(c.angleMode)","variable":"M"}}"#
        }
        let payload = (calculator.map { #"{"calculator":\#($0),"# } ?? "{") + #""curves":[\#(records.joined(separator: ","))],"#
            + #""graphPushed":false,"viewport":{"originOffsetX":0,"originOffsetY":0,"pixelsPerUnitX":40,"pixelsPerUnitY":40}}"#
        let bytes = Array(payload.utf8)
        return Array("calx-state 6\nfnv1a64 \(hex16(fnv1a64(bytes)))\n".utf8) + bytes
    }

    @Test func stepsAreReadInTheModeTheyWereSavedIn() throws {
        let file = Self.file(calculator: #"{"program":[30,"sin","+",1,"="],"angleMode":"degrees","memory":{"M":2}}"#,
                             curves: [(#"["M","sin"]"#, "radians"), (#"["M","sin"]"#, "degrees"), (#"["M","cos⁻¹"]"#, "degrees")])
        let state = try PersistedState.decode(file, by: calxStateCoder())
        #expect(state.curves.map(\.graph.description) == ["sin(M)", "sin(M°)", "cos⁻¹(M)°"])
        #expect(state.curves[1].graph.program == [.variable("M"), .operation("sin°")])
        let calculator = try #require(state.calculator)
        #expect(calculator.program.program == [.operand(30), .operation("sin°"), .operation("+"), .operand(1), .operation("=")])
        #expect(calculator.angleMode == .degrees)
        let controller = try CalculatorController(restoring: calculator)
        #expect(controller.display == "1.5" && controller.description == "sin(30°) + 1 =")
        // A key pressed now in radians is in radians, and changes no step before it.
        var later = controller
        later.press(.angleMode(.radians))
        for key in ["+", "3", "0", "sin", "="] { later.press(CalculatorKey(token: key)!) }
        #expect(later.description == "sin(30°) + 1 + sin(30) =")
        // Loaded, saved and loaded again, in format 7.
        let app = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: MemoryStateStorage(bytes: file))
        #expect(app.messages.isEmpty, "\(app.messages)")
        #expect(app.display == "1.5")
        #expect(app.curves.curves.map(\.program.description) == ["sin(M)", "sin(M°)", "cos⁻¹(M)°"])
    }

    @Test func theProgramSinceCIsSplitAndStepsThatChangedNothingDropped() throws {
        let file = Self.file(calculator: #"{"program":["sin",1,"+","+",1,"=","=",7,"×",6,"="],"memory":{"M":3}}"#,
                             curves: [(#"["sin","sin","M"]"#, "radians"), (#"[1,"+",1,"=","M","cos"]"#, "degrees")])
        let state = try PersistedState.decode(file, by: calxStateCoder())
        let calculator = try #require(state.calculator)
        #expect(calculator.earlier.map(\.program) == [[.operand(1), .operation("+"), .operand(1), .operation("=")]])
        #expect(calculator.program.program == [.operand(7), .operation("×"), .operand(6), .operation("=")])
        #expect(state.curves.map(\.graph.program) == [[.variable("M")], [.variable("M"), .operation("cos°")]])
        var controller = try CalculatorController(restoring: calculator)
        #expect(controller.display == "42" && controller.memoryReadout == "3")
        for _ in 0..<4 { controller.press(.undo) }
        #expect(controller.display == "2" && controller.description == "1 + 1 =")
    }

    @Test(arguments: [#"["M","frobnicate"]"#, #"["frobnicate","sin"]"#, #"["M","+"]"#, "[]", #"["M","sin°°"]"#])
    func programsNoKeysMadeAreStillUnreadable(program: String) {
        let file = Self.file(calculator: nil, curves: [(program, "radians")])
        #expect(throws: PersistedState.Unreadable.self) { try PersistedState.decode(file, by: calxStateCoder()) }
    }

    @Test func aCalculatorOfAnotherVariableIsSetAside() {
        let file = Self.file(calculator: #"{"program":["X","sin"]}"#, curves: [])
        let storage = MemoryStateStorage(bytes: file)
        let app = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: storage)
        #expect(storage.setAsideCopies == [file])
        #expect(app.messages.contains { $0.contains("unreadable") }, "\(app.messages)")
    }

    @Test func twoCurvesAlikeAreUnreadable() {
        let file = Self.file(calculator: nil, curves: [(#"["M","sin"]"#, "radians"), (#"["M","sin"]"#, "radians")])
        #expect(throws: PersistedState.Unreadable.self) { try PersistedState.decode(file, by: calxStateCoder()) }
    }
}

/// How formats 1 to 6 wrote the calculator: one program since C, the keys' names, one angle mode.
struct LegacyCalculator: Encodable {
    var program: [ProgramElement]
    var memory: [String: Double]?
    var typing: String?
    var angleMode: AngleMode?
}
