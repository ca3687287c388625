import Calculator
import CalculatorBrain
import ReferenceCalculator
import SeededRandom
import Testing

/// What a visitor reads after a key, from the real controller.
func observedReadouts(_ c: CalculatorController) -> ObservedReadouts {
    let r = c.readouts
    return ObservedReadouts(display: r.display, typing: c.typing, refusal: c.refusal.map { "\($0)" }, memory: r.memoryReadout,
                            isGraphEnabled: r.isGraphEnabled)
}

/// A day at the kiosk: long visitor-shaped sessions, nobody pressing C for hours, each key checked against a
/// second calculator written from the rules (ReferenceCalculator, which shares no code with the brain):
/// every readout, every refusal, every result within its bound, each trig key in its own mode.
@Suite struct LongSessionTests {
    /// The 1,000,000-key session of seed 1 found it: 0 to the power tan π is 1 to a calculator that knows tan π
    /// is 0, an error to the doubles' -1.2e-16; the reference may not call either wrong.
    @Test func zeroToAnExponentThatMayBeZeroIsUnsure() {
        var reference = ReferenceCalculator()
        var controller = CalculatorController()
        for token in "0 xʸ π tan =".split(separator: " ").map(String.init) {
            controller.press(CalculatorKey(token: token)!)
            reference.press(token)
        }
        #expect(controller.display == "1")
        #expect(reference.check(observedReadouts(controller)) == .unsure)
        // 65 to the power tan π is 1 exactly; raised to 1.7e240 it stays 1, while the doubles underflow.
        // π ÷ tan π is an error there, a number here: →M of it leaves M unset, or not.
        // sin π is 0 exactly: to the power 667.2 it is 0 there, an underflow to the doubles.
        // 7.3e37·π is a whole multiple of π to a calculator that holds it as 7.3e37 times π (seed 20261216).
        for keys in ["7 3 ee 3 6 × π = →M M tan", "6 5 xʸ π tan xʸ 1 . 7 ee 2 4 0 =", "π ÷ π tan = →M", "0 + π sin xʸ 6 6 7 . 2 =", "π tan xʸ 2 . 5 ="] {
            var reference = ReferenceCalculator()
            var controller = CalculatorController()
            for token in keys.split(separator: " ").map(String.init) {
                controller.press(CalculatorKey(token: token)!)
                reference.press(token)
            }
            #expect(reference.check(observedReadouts(controller)) == .unsure, "\(keys): \(controller.display)")
        }
    }

    /// The keys fuzzer's seed 20261226 found two, the calculator right in both.
    /// - A typed 4.2e33 in degrees is 42·10³², 240° past a whole number of turns, so tan is √3 and sin −√3/2;
    ///   its Double reduces to 180°, and the reference's table called 0 exact.
    /// - 9.6e-317 ÷ π, a subnormal, shows as 3.05578e-317: half a unit of its last place from the reference's
    ///   3.055775e-317, which the Doubles the two texts read back as miss by a last place of theirs.
    @Test func aTypedAngleBeyondTheDoublesAndASubnormalHalfwayAgree() {
        for (keys, display) in [("deg 4 2 ee 3 2 tan", "1.7320508076"), ("deg 4 2 ee 3 2 sin", "-0.8660254038"), ("9 6 ee ± 3 1 8 ÷ π =", "3.05577e-317")] {
            var reference = ReferenceCalculator()
            var controller = CalculatorController()
            for token in keys.split(separator: " ").map(String.init) {
                controller.press(CalculatorKey(token: token)!)
                reference.press(token)
            }
            #expect(controller.display == display, "\(keys)")
            // The display shows the true value's digits (mpmath: tan 4.2e33° = √3); the reference's doubles can
            // only say they do not disagree.
            if case .disagrees(let why) = reference.check(observedReadouts(controller)) { Issue.record("\(keys): \(why)") }
        }
        // Within its bound still means within it: a typed 30 in degrees is exact, and so is its sine.
        var reference = ReferenceCalculator()
        var controller = CalculatorController()
        for token in ["deg", "3", "0", "sin"] {
            controller.press(CalculatorKey(token: token)!)
            reference.press(token)
        }
        #expect(controller.display == "0.5" && reference.check(observedReadouts(controller)) == .agrees)
    }

    /// The keys fuzzer's seed 20261209 found it: ÷ sin π is an error to a calculator that knows sin π is 0, so
    /// `=` adds no history entry and a later `− ans` is refused, leaving "-" typed; the reference, unsure of that
    /// result, cannot tell the refusal from a negated answer, and follows the refusal the calculator shows.
    @Test func ansOfAnUnsureResultFollowsTheRefusalShown() {
        var reference = ReferenceCalculator()
        var controller = CalculatorController()
        func press(_ keys: String) {
            for token in keys.split(separator: " ").map(String.init) {
                controller.press(CalculatorKey(token: token)!)
                reference.press(token)
            }
        }
        press("6 3 0 − 7 5 . 2 2 eˣ ÷ π sin − M = 10ˣ C − ans")
        #expect(controller.typing == "-" && controller.refusal != nil)
        #expect(reference.check(observedReadouts(controller)) == .unsure)
        press("7 + 2")
        #expect(reference.check(observedReadouts(controller)) == .agrees)
        // Seed 20261211's case 8: a plain ans refused there, so xʸ waits for its exponent; 18 − 7 is 11 only
        // where ans was taken, and the reference follows the refusal the calculator showed.
        for (keys, display) in [("1 ÷ π sin ÷ 5 4 = 1 8 − 7 xʸ ans = ⌫ ⌫", "7"), ("1 ÷ π sin = − ans = C − ans 2 =", "-2")] {
            var reference = ReferenceCalculator()
            var controller = CalculatorController()
            for token in keys.split(separator: " ").map(String.init) {
                controller.press(CalculatorKey(token: token)!)
                reference.press(token)
                let verdict = reference.check(observedReadouts(controller))
                if case .disagrees(let why) = verdict { Issue.record("\(keys): \(token): \(why)") }
                if token == "ans" { #expect(verdict == .unsure, "\(keys)") }
            }
            #expect(controller.display == display, "\(keys)")
        }
        // Seed 20261205's case 5138, as `calx-lab fuzz keys` makes it: ans taken while 0 is typed keeps "0 =" as a
        // program of its own, which the last of four ⌫ returns to.
        var rng = SplitMix64(seed: 20261205 &* 0x9E37_79B9_7F4A_7C15 ^ 5138)
        #expect(rng.below(10) == 0)
        var visitors = VisitorKeys(seed: rng.next(), parentheses: false)
        var visited = ReferenceCalculator()
        var visitedController = CalculatorController()
        for _ in 1...257 {
            let token = visitors.next()
            visitedController.press(CalculatorKey(token: token)!)
            visited.press(token)
            if case .disagrees(let why) = visited.check(observedReadouts(visitedController)) { Issue.record("\(token): \(why)") }
        }
        #expect(visitedController.description == "0 =")
        // A wrong display is still caught after it.
        #expect(reference.check(ObservedReadouts(display: "8", typing: nil, refusal: nil, memory: nil, isGraphEnabled: true))
                != .agrees)
    }

    @Test(arguments: [2026_12_22 as UInt64]) func aDayOfVisitorsAgreesWithTheReference(seed: UInt64) {
        var visitors = VisitorKeys(seed: seed)
        var reference = ReferenceCalculator()
        var controller = CalculatorController()
        var recent: [String] = []
        var unsure = 0, results = 0, degreeKeys = 0, undoneIntoEarlier = 0
        for index in 0..<100_000 {
            let token = visitors.next()
            guard let key = CalculatorKey(token: token) else { Issue.record("no key '\(token)'"); return }
            recent = Array((recent + [token]).suffix(40))
            let programBefore = controller.brain.program.count
            controller.press(key)
            let known = reference.press(token)
            #expect(known, "the reference knows '\(token)'")
            switch reference.check(observedReadouts(controller)) {
            case .disagrees(let why):
                Issue.record("key \(index) '\(token)': \(why)\nkeys: \(recent.joined(separator: " "))")
                return
            case .unsure: unsure += 1
            case .agrees: break
            }
            if token == "=" && controller.said == nil { results += 1 }
            if controller.angleMode == .degrees && ["sin", "cos", "tan", "sin⁻¹", "cos⁻¹", "tan⁻¹"].contains(token) { degreeKeys += 1 }
            if token == "⌫" && programBefore == 1 && !controller.brain.program.isEmpty { undoneIntoEarlier += 1 }
        }
        // The session was what it says: many results, trig keys in degrees, ⌫ back into earlier results,
        // and few keys the reference could not decide (under one and a half percent: the calculator shows the true
        // value's digits, which the reference's IEEE doubles bound only to their last places, and a function that
        // magnifies that, sin of 10¹⁷⁷, x⁸² of -1569.38 or a power of a group, (M + 931)^7 + (…, leaves the
        // reference unsure, and M unsure after it is stored; 1,382 with this seed since visitors type parentheses).
        #expect(results > 5_000 && degreeKeys > 500 && undoneIntoEarlier > 100, "\(results) results, \(degreeKeys) degree keys, \(undoneIntoEarlier) ⌫ into earlier")
        #expect(unsure < 1_500, "\(unsure) keys unsure")
        print("LongSessionTests: 100,000 keys, \(results) results, \(degreeKeys) trig keys in degrees, \(undoneIntoEarlier) ⌫ into an earlier program, \(unsure) unsure")
    }
}
