import SeededRandom
import Calculator
import CalculatorBrain
import FoundationEssentials
import Testing

private extension SplitMix64 {
    mutating func key() -> CalculatorKey {
        // Digits often, so numbers get typed; every other key too.
        if next() % 3 == 0 { return .digit(Int(next() % 10)) }
        return CalculatorKey.all[Int(next() % UInt64(CalculatorKey.all.count))]
    }
}

/// Random key sequences through the controller the screen uses.
@Suite struct RandomKeySequenceTests {
    @Test func nothingTrapsAndReadoutsStayWellFormed() throws {
        var rng = SplitMix64(state: 2017)
        for _ in 0..<600 {
            var controller = CalculatorController()
            for _ in 0..<Int(rng.next() % 40) {
                let key = rng.key()
                let before = controller
                let request = controller.press(key)
                if key == .graph { #expect((request != nil) == before.isGraphEnabled) }
                // A number, or nothing where the error (a value the screen words) shows instead.
                #expect(controller.display.isEmpty == (controller.error != nil && controller.typing == nil))
                #expect(controller.display.count <= 40)
                let d = controller.description
                #expect(d.isEmpty || d.hasSuffix(" …") || d.hasSuffix(" ="))
                if controller.typing == nil { // while typing, "3.0" is what was typed
                    #expect(!controller.display.hasSuffix(".0") && controller.display != "-0", "\(controller.display)")
                }
            }
            // All the readouts at once are each readout as asked alone.
            let all = controller.readouts
            #expect(all.display == controller.display && all.description == controller.description
                && all.memoryReadout == controller.memoryReadout && all.angleMode == controller.angleMode
                && all.error == controller.error && all.refusal == controller.refusal && all.isGraphEnabled == controller.isGraphEnabled)
            // Readouts are pure: asking twice gives the same answers.
            #expect(controller.display == controller.display && controller.description == controller.description)
            // The state survives encoding, as the kiosk persists it.
            let data = try JSONEncoder().encode(controller.state)
            let restored = try CalculatorController(restoring: JSONDecoder().decode(CalculatorController.State.self, from: data))
            #expect(restored.display == controller.display && restored.description == controller.description)
        }
    }

    @Test func undoingProgramStepsGivesBackEarlierReadouts() {
        var rng = SplitMix64(state: 7)
        for _ in 0..<300 {
            var controller = CalculatorController()
            // Whole numbers and operations only, never typing at the end, so ⌫ is undo. Keys that change nothing
            // record nothing, and a number after a result starts a new program: the readouts are recorded by how many
            // steps all the programs hold, which each ⌫ takes down by one.
            func steps(_ c: CalculatorController) -> Int { c.state.earlier.reduce(c.brain.program.count) { $0 + $1.program.count } }
            var snapshots: [Int: (String, String)] = [0: (controller.display, controller.description)]
            for _ in 0..<Int(rng.next() % 12) + 1 {
                controller.press(.digit(Int(rng.next() % 9) + 1))
                controller.press([.binary(.add), .binary(.multiply), .unary(.square), .equals, .unary(.sine)][Int(rng.next() % 5)])
                snapshots[steps(controller)] = (controller.display, controller.description)
            }
            var compared = 0
            while steps(controller) > 0 {
                let before = steps(controller)
                controller.press(.undo)
                #expect(steps(controller) == before - 1)
                if let expected = snapshots[steps(controller)] {
                    #expect(controller.display == expected.0 && controller.description == expected.1)
                    compared += 1
                }
            }
            #expect(compared >= 1)
        }
    }
}
