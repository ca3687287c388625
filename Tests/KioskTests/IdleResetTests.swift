import Calculator
import CalculatorBrain
@testable import Kiosk
import Raster
import Testing

/// A kiosk that forgets: after the idle time without a touch, a fresh start, saved.
@Suite struct IdleResetTests {
    func realApp(_ storage: MemoryStateStorage = MemoryStateStorage()) -> KioskApp {
        KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: storage)
    }

    func visit(_ app: KioskApp, at time: Double) {
        var t = time
        for key: CalculatorKey in [.angleMode(.degrees), .digit(7), .binary(.add), .digit(9), .equals, .memory,
                                   .unary(.sine), .graph] {
            t += 0.1
            app.handle(key: key, time: t)
        }
    }

    @Test func offByDefault() {
        let app = realApp()
        visit(app, at: 1)
        app.advance(to: 1_000_000)
        #expect(app.graph != nil)
        #expect(app.nextDeadline == nil)
    }

    @Test func afterTheIdleTimeEverythingIsFreshAndSaved() throws {
        let storage = MemoryStateStorage()
        let app = realApp(storage)
        app.idleResetSeconds = 30
        visit(app, at: 1)
        #expect(app.calculatorState.history.entries.count == 1)
        app.advance(to: 20)
        #expect(app.graph != nil, "not yet")
        // Next: the countdown, 10 s before the reset.
        #expect(abs((app.nextDeadline ?? 0) - (1.8 + 20)) < 1e-9)
        app.advance(to: 25)
        #expect(app.idlePhase == .countdown(secondsLeft: 7))
        #expect(abs((app.nextDeadline ?? 0) - (1.8 + 24)) < 1e-9, "the count drops a second later")
        app.advance(to: 32)
        #expect(app.graph == nil)
        #expect(app.viewport == .standard)
        #expect(app.display == "0" && app.descriptionText == "")
        #expect(app.calculatorState == CalculatorController.State())
        // The saved state is a fresh start's too, and the clock stops until someone comes.
        let reloaded = realApp(MemoryStateStorage(bytes: storage.bytes))
        #expect(reloaded.graph == nil && reloaded.calculatorState == CalculatorController.State())
        #expect(app.nextDeadline == nil)
    }

    @Test func aTouchRestartsTheClockAndAHeldFingerIsNotIdle() {
        let app = realApp()
        app.idleResetSeconds = 30
        visit(app, at: 1)
        var finger = Finger(time: 25)
        finger.frame(app, [(1, 5, 5, .down)])
        app.advance(to: 60)
        #expect(app.graph != nil, "a finger is down")
        finger.time = 60
        finger.frame(app, [(1, 5, 5, .up)])
        app.advance(to: 89)
        #expect(app.graph != nil)
        app.advance(to: 90.1)
        #expect(app.graph == nil)
    }

    @Test func aStateRestoredAtBootGetsTheFullTime() {
        let storage = MemoryStateStorage()
        let first = realApp(storage)
        visit(first, at: 1)
        first.saveNow()
        let booted = realApp(MemoryStateStorage(bytes: storage.bytes))
        booted.idleResetSeconds = 30
        booted.advance(to: 5_000) // the first tick: the monotonic clock is far from 0
        #expect(booted.graph != nil)
        booted.advance(to: 5_031)
        #expect(booted.graph == nil)
    }
}
