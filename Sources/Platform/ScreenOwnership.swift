/// What the kernel asks of a VT_PROCESS owner when the user switches consoles.
public enum VTSignal: Sendable, Equatable {
    /// Another console wants the screen (relsig): let it go.
    case release
    /// The screen is ours again (acqsig).
    case acquire
}

/// One thing to do while handing the screen over or taking it back, in order.
public enum VTStep: Sendable, Equatable {
    /// A queued page flip must land before master goes, or its event is lost with it.
    case finishPendingFlip
    case dropMaster
    /// Closes the input devices (and so their grabs): the other console gets the keyboard.
    case releaseInput
    /// VT_RELDISP 1: the kernel may now switch.
    case allowRelease
    /// VT_RELDISP VT_ACKACQ.
    case acknowledgeAcquire
    case setMaster
    /// Whoever had the screen left the CRTC as they liked it: put our mode and buffer back.
    case restoreScanout
    case retakeInput
    /// Nothing of our picture survived on the screen: draw all of it.
    case redrawAll
}

/// Whether the screen is ours, and what each VT signal means from here.
/// A pure state machine so the switching order can be checked without a console.
public struct ScreenOwnership: Sendable, Equatable {
    public private(set) var isForeground: Bool

    public init(isForeground: Bool = true) { self.isForeground = isForeground }

    /// The steps for `signal`, in order. A repeated signal still answers the kernel, but drops or
    /// retakes nothing twice.
    public mutating func handle(_ signal: VTSignal) -> [VTStep] {
        switch (signal, isForeground) {
        case (.release, true):
            isForeground = false
            return [.finishPendingFlip, .dropMaster, .releaseInput, .allowRelease]
        case (.release, false):
            return [.allowRelease]
        case (.acquire, false):
            isForeground = true
            return [.acknowledgeAcquire, .setMaster, .restoreScanout, .retakeInput, .redrawAll]
        case (.acquire, true):
            return [.acknowledgeAcquire]
        }
    }
}
