import Calculator

/// A kiosk that forgets the last visitor: after `idleResetSeconds` without a touch or a key (`IdleTimer`),
/// the calculator (history and angle mode too), the graph and the saved state return to a fresh start.
extension KioskApp {
    /// Idle reset: after this many seconds without a touch or key, a fresh start (nil: never).
    public var idleResetSeconds: Double? {
        get { idle.seconds }
        set { idle.seconds = newValue }
    }

    /// Not while a finger is down: a long press is not idleness (`tick` checks).
    func resetAfterIdle() {
        resetToFreshStart()
        idle.stop()
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
