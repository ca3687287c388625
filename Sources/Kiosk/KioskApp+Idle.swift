import Calculator

/// A kiosk left alone (`IdleTimer`): after `idleAttractSeconds` without a touch or a key it shows the attract
/// screen, whose first touch only takes it away; in the last seconds before `idleResetSeconds` it counts down
/// ("Still there?"), and any touch keeps the session; at `idleResetSeconds` the calculator (history and angle
/// mode too), the graph and the saved state return to a fresh start.
extension KioskApp {
    /// Idle reset: after this many seconds without a touch or key, a fresh start (nil: never).
    public var idleResetSeconds: Double? {
        get { idle.resetSeconds }
        set { idle.resetSeconds = newValue }
    }

    /// The attract screen: after this many seconds without a touch or key (nil: never).
    public var idleAttractSeconds: Double? {
        get { idle.attractSeconds }
        set { idle.attractSeconds = newValue }
    }

    /// What the screen shows now: the session, the attract screen or the countdown.
    public var idlePhase: IdlePhase { idle.phase(at: clock) }

    /// A touch or key came: the session is used again. True when the attract screen or the countdown was up,
    /// which the touch or key only takes away.
    func wake() -> Bool {
        let covered = idle.phase(at: clock) != .active
        idle.noteActivity(at: clock)
        return covered
    }

    /// Whether `event` belongs to a finger that took the attract screen or the countdown away: its landing
    /// and everything after it until it lifts press nothing.
    func wakes(_ event: TouchEvent) -> Bool {
        if wakingTouches.contains(event.id) {
            idle.noteActivity(at: clock)
            if event.phase == .up || event.phase == .cancel { wakingTouches.remove(event.id) }
            return true
        }
        guard wake(), event.phase == .down else { return false }
        wakingTouches.insert(event.id)
        return true
    }

    /// When the attract screen's picture next changes (at most ten times a second).
    var attractFrameDeadline: Double? {
        guard case .attract(let since) = idle.phase(at: clock) else { return nil }
        let next = AttractDemo.nextChange(afterTenth: AttractDemo.tenth(since: since, clock: clock))
        return since + Double(next) / Double(AttractDemo.framesPerSecond)
    }

    /// Not while a finger is down: a long press is not idleness (`tick` checks).
    func resetAfterIdle() {
        resetToFreshStart()
        idle.disarmReset()
    }

    /// Everything a visitor could change, as at a first start with no state file; saved at once.
    public func resetToFreshStart() {
        do {
            try model.restore(CalculatorController.State())
        } catch {
            _ = model.press(.clear) // a model that refuses the empty state still clears
        }
        session.clear()
        showKeypad()
        router.cancelAll()
        screen.needsFullRedraw = true
        saveNow()
    }
}
