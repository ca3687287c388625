import Calculator
import Grapher

/// A kiosk that forgets the last visitor: after `idleResetSeconds` without a touch or a key, the
/// calculator (history and angle mode too), the graph and the saved state return to a fresh start.
/// The idle clock starts at the first tick (`tick`), so a state restored at boot gets the full time,
/// and stops once the screen is fresh, so an unused kiosk is not reset (and saved) over and over.
extension KioskApp {
    var idleResetDeadline: Double? {
        guard let seconds = idleResetSeconds, let since = idleSince else { return nil }
        return since + seconds
    }

    func noteActivity() {
        idleSince = clock
    }

    /// Not while a finger is down: a long press is not idleness (`tick` checks).
    func resetAfterIdle() {
        resetToFreshStart()
        idleSince = nil
    }

    /// Everything a visitor could change, as at a first start with no state file; saved at once.
    public func resetToFreshStart() {
        do {
            try model.restore(CalculatorController.State())
        } catch {
            _ = model.press(.clear) // a model that refuses the empty state still clears
        }
        curves.removeAll()
        viewport = .standard
        isGraphPushed = false
        tracePoint = nil
        showKeypad()
        router.cancelAll()
        needsFullRedraw = true
        saveNow()
    }
}
