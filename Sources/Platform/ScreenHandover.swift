/// Whether the screen is ours, with DRM master: the VT released and acquired in `ScreenOwnership`'s order,
/// master dropped on the way out and taken back on the way in. Master refused on the way back is retried
/// every `masterRetryMilliseconds` (the loop's poll timeout meanwhile) and given up after `masterRetryLimit`
/// tries. Without a switchable display (fbdev) there is no master to hand over; without a terminal in
/// VT_PROCESS mode no switch is ours to follow.
final class ScreenHandover {
    let terminal: VirtualTerminal?
    let switchable: (any SwitchableDisplay)?
    private(set) var ownership: ScreenOwnership
    /// Set while the VT is ours again but DRM master is not.
    private(set) var masterLost: PlatformError?
    private var masterRetries = 0
    var masterRetryMilliseconds: Int32 = 100
    var masterRetryLimit = 50
    var log: (String) -> Void = { _ in }

    /// With `terminal` in VT_PROCESS mode and another console on screen, it starts handed over: master dropped.
    init(terminal: VirtualTerminal?, switchable: (any SwitchableDisplay)?) {
        self.terminal = terminal
        self.switchable = switchable
        let inBackground = terminal.map { $0.switchesByProcess && !$0.isForeground } ?? false
        ownership = ScreenOwnership(isForeground: !inBackground)
        if inBackground { dropMaster() }
    }

    var isForeground: Bool { ownership.isForeground }
    var hasMaster: Bool { masterLost == nil }
    /// VT switches come as signals only in VT_PROCESS mode.
    var followsSwitches: Bool { terminal?.switchesByProcess ?? false }
    /// How long the loop's poll may wait: for ever, or until the next try at master.
    var pollTimeout: Int32 { masterLost == nil ? -1 : masterRetryMilliseconds }

    /// The steps for a VT signal, in order (`ScreenOwnership`).
    func handle(_ signal: VTSignal) -> [VTStep] {
        ownership.handle(signal)
    }

    /// A few quick tries: the console we switch to cannot draw until master is dropped.
    func dropMaster() {
        guard let switchable else { return }
        var failure: PlatformError?
        for _ in 0..<3 {
            do { try switchable.dropMaster(); return } catch { failure = error }
        }
        if let failure { log("\(failure); the other console may find the screen busy") }
    }

    /// VT_RELDISP 1: the kernel may switch; a retry of master still pending is moot.
    func allowRelease() {
        masterLost = nil
        terminal?.releaseDisplay()
    }

    func acknowledgeAcquire() {
        terminal?.acknowledgeAcquire()
    }

    /// Takes master back; on failure the screen stays frozen until a retry succeeds, so say so.
    func takeMaster() {
        guard let switchable else { return }
        do {
            try switchable.setMaster()
            masterLost = nil
            masterRetries = 0
        } catch {
            masterLost = error
            masterRetries = 0
            log("\(error); retrying every \(masterRetryMilliseconds) ms")
        }
    }

    enum Retry: Equatable {
        /// Master came back: the scanout is to be restored and everything redrawn.
        case regained
        /// Still refused, with tries left (or nothing was lost).
        case waiting
        /// The tries are used up.
        case gaveUp(PlatformError)
    }

    /// One more try at master.
    func retryMaster() -> Retry {
        guard let switchable, let lost = masterLost else { return .waiting }
        do {
            try switchable.setMaster()
            log("took the screen back after \(masterRetries + 1) retries")
            masterLost = nil
            masterRetries = 0
            return .regained
        } catch {
            masterRetries += 1
            masterLost = error
            guard masterRetries >= masterRetryLimit else { return .waiting }
            return .gaveUp(PlatformError("take the screen back", "after \(masterRetries) tries", problem: "\(lost)"))
        }
    }
}
