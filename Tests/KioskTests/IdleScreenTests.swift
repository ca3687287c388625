import Calculator
import CalculatorBrain
@testable import Kiosk
import Raster
import Testing

/// The attract screen and the countdown: when each comes, what a touch on them does, and what they cost.
@Suite struct IdleScreenTests {
    /// Storage that counts what is written to it.
    final class CountingStorage: StateStorage {
        var saves = 0
        var bytes: [UInt8]?
        func load() throws -> [UInt8]? { bytes }
        func save(_ bytes: [UInt8]) throws { saves += 1; self.bytes = bytes }
        func setAside() throws -> String { "nowhere" }
    }

    func app(attract: Double?, reset: Double?, storage: any StateStorage = MemoryStateStorage()) -> KioskApp {
        let app = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: storage)
        app.idleAttractSeconds = attract
        app.idleResetSeconds = reset
        return app
    }

    /// 7 + 9 = and sin(M) graphed (the display shows M, 0), the last key at 1.7.
    func visit(_ app: KioskApp) {
        var t = 1.0
        for key: CalculatorKey in [.digit(7), .binary(.add), .digit(9), .equals, .memory, .unary(.sine), .graph] {
            t += 0.1
            app.handle(key: key, time: t)
        }
        #expect(app.graph != nil)
    }

    func tap(_ app: KioskApp, _ key: CalculatorKey, at time: Double, id: Int = 1) {
        let c = app.center(of: key)!
        app.handle([TouchEvent(id: id, x: c.x, y: c.y, phase: .down, time: time)])
        app.handle([TouchEvent(id: id, x: c.x, y: c.y, phase: .up, time: time + 0.05)])
    }

    @Test func attractOnlyComesAfterItsTimeAndItsFirstTouchPressesNothing() {
        let app = app(attract: 30, reset: nil)
        visit(app)
        app.advance(to: 31.6)
        #expect(app.idlePhase == .active)
        #expect(abs((app.nextDeadline ?? 0) - 31.7) < 1e-9)
        app.advance(to: 31.7)
        #expect(app.idlePhase == .attract(since: 31.7))
        app.advance(to: 1_000)
        #expect(app.idlePhase == .attract(since: 31.7), "it stays until someone comes")
        // The first touch, on the 7, only takes the attract screen away; its lift presses nothing either.
        tap(app, .digit(7), at: 1_000)
        #expect(app.idlePhase == .active)
        #expect(app.display == "0" && app.pressedKey == nil)
        tap(app, .digit(7), at: 1_001)
        #expect(app.display == "7")
    }

    @Test func aKeyOnTheAttractScreenOnlyTakesItAway() {
        let app = app(attract: 5, reset: nil)
        visit(app)
        app.advance(to: 10)
        app.handle(key: .digit(3), time: 10)
        #expect(app.idlePhase == .active && app.display == "0")
        app.handle(key: .digit(3), time: 10.1)
        #expect(app.display == "3")
    }

    @Test func theCountdownShowsTheSecondsLeftAndATouchKeepsTheSession() {
        let app = app(attract: nil, reset: 30)
        visit(app)
        app.advance(to: 21.6)
        #expect(app.idlePhase == .active)
        app.advance(to: 21.7)
        #expect(app.idlePhase == .countdown(secondsLeft: 10))
        app.advance(to: 27.3)
        #expect(app.idlePhase == .countdown(secondsLeft: 5))
        // Any touch keeps the session, and presses nothing.
        tap(app, .digit(7), at: 27.3)
        #expect(app.idlePhase == .active && app.graph != nil && app.display == "0")
        app.advance(to: 55)
        #expect(app.idlePhase == .countdown(secondsLeft: 3), "30 s after the touch's lift at 27.35")
        app.advance(to: 57.36)
        #expect(app.graph == nil && app.idlePhase == .active, "forgotten at 30 s")
        #expect(app.nextDeadline == nil, "a fresh kiosk waits")
    }

    /// A short idle reset counts down half its time, so a visitor has the other half to use the kiosk.
    @Test func aShortResetCountsDownHalfItsTime() {
        let app = app(attract: nil, reset: 4)
        visit(app)
        app.advance(to: 3.6)
        #expect(app.idlePhase == .active)
        app.advance(to: 3.8)
        #expect(app.idlePhase == .countdown(secondsLeft: 2))
    }

    /// Attract first: the countdown comes over the session (not the attract screen), and after the reset the
    /// attract screen goes on over a fresh kiosk.
    @Test func attractBeforeReset() {
        let app = app(attract: 20, reset: 60)
        visit(app)
        app.advance(to: 30)
        #expect(app.idlePhase == .attract(since: 21.7))
        app.advance(to: 52)
        #expect(app.idlePhase == .countdown(secondsLeft: 10))
        app.advance(to: 62)
        #expect(app.graph == nil && app.idlePhase == .attract(since: 21.7))
        #expect(app.nextDeadline != nil, "the attract screen goes on")
        tap(app, .digit(7), at: 70)
        #expect(app.idlePhase == .active && app.display == "0")
    }

    @Test func resetBeforeAttract() {
        let app = app(attract: 100, reset: 30)
        visit(app)
        app.advance(to: 25)
        #expect(app.idlePhase == .countdown(secondsLeft: 7))
        app.advance(to: 32)
        #expect(app.graph == nil && app.idlePhase == .active)
        #expect(abs((app.nextDeadline ?? 0) - 101.7) < 1e-9)
        app.advance(to: 101.7)
        #expect(app.idlePhase == .attract(since: 101.7))
    }

    /// A finger held down is not idleness: neither the attract screen, the countdown nor the reset comes.
    @Test func aHeldFingerHoldsEverythingOff() {
        let app = app(attract: 10, reset: 30)
        visit(app)
        app.handle([TouchEvent(id: 1, x: 5, y: 5, phase: .down, time: 5)])
        for t in stride(from: 10.0, through: 100, by: 5) {
            app.advance(to: t)
            #expect(app.idlePhase == .active && app.graph != nil, "at \(t)")
        }
        app.handle([TouchEvent(id: 1, x: 5, y: 5, phase: .up, time: 100)])
        app.advance(to: 110.5)
        #expect(app.idlePhase == .attract(since: 110))
    }

    /// The finger that takes the attract screen away presses nothing however it moves, until it lifts;
    /// a second finger meanwhile works.
    @Test func theWakingFingerPressesNothingUntilItLifts() {
        let app = app(attract: 5, reset: nil)
        visit(app)
        app.advance(to: 10)
        let seven = app.center(of: .digit(7))!, eight = app.center(of: .digit(8))!
        app.handle([TouchEvent(id: 4, x: seven.x, y: seven.y, phase: .down, time: 10)])
        app.handle([TouchEvent(id: 4, x: eight.x, y: eight.y, phase: .move, time: 10.2)])
        #expect(app.pressedKey == nil)
        tap(app, .digit(9), at: 10.3, id: 5)
        #expect(app.display == "9")
        app.handle([TouchEvent(id: 4, x: eight.x, y: eight.y, phase: .up, time: 10.5)])
        #expect(app.display == "9" && app.pressedKey == nil)
        tap(app, .digit(8), at: 11, id: 4)
        #expect(app.display == "98")
    }

    /// Both off: nothing ever comes.
    @Test func bothOffNothingComes() {
        let app = app(attract: nil, reset: nil)
        visit(app)
        app.advance(to: 1e6)
        #expect(app.idlePhase == .active && app.nextDeadline == nil && app.graph != nil)
    }

    /// Two passes of the loop followed deadline by deadline, as the display loop does: at most ten frames a
    /// second, the state never written, the session as it was.
    @Test func theLoopDrawsAtMostTenFramesASecondAndWritesNothing() throws {
        let storage = CountingStorage()
        let app = app(attract: 5, reset: nil, storage: storage)
        visit(app)
        app.saveNow()
        let saves = storage.saves, state = app.calculatorState
        let image = PixelImage(width: 800, height: 480)
        app.advance(to: 6.71)
        guard case .attract(let since) = app.idlePhase else { Issue.record("no attract screen: \(app.idlePhase)"); return }
        var frames = 0, last = -Double.infinity, now = 6.71
        let end = since + 2 * Double(AttractDemo.loopTenths) / 10
        while now < end {
            if app.needsRedraw {
                #expect(now - last >= 0.1 - 1e-9, "two frames at \(last) and \(now)")
                _ = app.draw(into: image.buffer)
                frames += 1
                last = now
                #expect(!app.needsRedraw)
            }
            now = try #require(app.nextDeadline)
            app.advance(to: now)
        }
        let seconds = end - since
        print("attract: \(frames) frames in \(seconds) s")
        #expect(frames <= Int(seconds * 10) + 1)
        #expect(frames >= 2 * 2 * AttractDemo.revealTenths, "each curve draws itself frame by frame")
        #expect(storage.saves == saves && app.calculatorState == state && app.graph != nil)
    }

    /// Each state pictured from a fresh buffer is the picture the frames built: the attract screen mid-curve,
    /// the countdown, and the session back after it.
    @Test func fromAFreshBufferEachStateIsThePictureFramesBuilt() throws {
        let app = app(attract: 5, reset: 60)
        visit(app)
        let framed = PixelImage(width: 800, height: 480)
        func compare(at time: Double, _ what: String) {
            var t = app.nextDeadline ?? time
            while t < time { app.advance(to: t); if app.needsRedraw { _ = app.draw(into: framed.buffer) }; t = app.nextDeadline ?? time }
            app.advance(to: time)
            _ = app.draw(into: framed.buffer)
            let fresh = PixelImage(width: 800, height: 480)
            app.invalidate()
            _ = app.draw(into: fresh.buffer)
            var differing = 0
            for y in 0..<480 { for x in 0..<800 where framed.buffer.xrgb(x: x, y: y) != fresh.buffer.xrgb(x: x, y: y) { differing += 1 } }
            #expect(differing == 0, "\(what): \(differing) pixels differ")
        }
        compare(at: 6.71 + 17.6, "attract, second curve drawing itself")
        compare(at: 55, "countdown")
    }
}
