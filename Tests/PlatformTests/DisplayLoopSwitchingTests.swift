import Glibc
import Testing
@testable import Platform

/// The loop's VT and hotplug handling, driven through its real signalfd with fakes behind it.
/// Signals are raised at this thread, which the loop's init has blocked them on.
@Suite struct DisplayLoopSwitchingTests {
    let log = CallLog()

    func makeLoop(display: FakeSwitchableDisplay, console: FakeConsole? = nil) -> (DisplayLoop, VirtualTerminal?) {
        let terminal = VirtualTerminal(control: console ?? FakeConsole(log: log))
        let loop = DisplayLoop(display: display, client: FakeClient(log: log), rotation: .upright,
                               calibration: .identity, terminal: terminal)
        loop.inputs.paths = { [] }
        _ = log.take()
        return (loop, terminal)
    }

    @Test func releaseFinishesTheFlipDropsMasterThenLetsTheKernelSwitch() {
        let (loop, terminal) = makeLoop(display: FakeSwitchableDisplay(log: log))
        defer { loop.close(); terminal?.restoreText() }
        raise(VirtualTerminal.releaseSignal)
        #expect(loop.handleSignals() == nil)
        #expect(log.take() == ["finishPendingFlip", "dropMaster", "VT_RELDISP 1"])
        #expect(!loop.canDraw)
    }

    @Test func acquireTakesMasterBackRestoresTheScanoutAndRedraws() {
        let (loop, terminal) = makeLoop(display: FakeSwitchableDisplay(log: log))
        defer { loop.close(); terminal?.restoreText() }
        raise(VirtualTerminal.releaseSignal)
        _ = loop.handleSignals()
        _ = log.take()
        raise(VirtualTerminal.acquireSignal)
        #expect(loop.handleSignals() == nil)
        #expect(log.take() == ["VT_ACKACQ", "setMaster", "followConnectors", "restoreScanout", "invalidate"])
        #expect(loop.canDraw)
    }

    @Test func aScreenChangedWhileAwayIsSetUpOnAcquire() {
        let display = FakeSwitchableDisplay(log: log, width: 8, height: 4)
        let (loop, terminal) = makeLoop(display: display)
        defer { loop.close(); terminal?.restoreText() }
        raise(VirtualTerminal.releaseSignal)
        _ = loop.handleSignals()
        display.probe = ScreenMode(connector: "HDMI-A-1", width: 4, height: 8, refresh: 60)
        _ = log.take()
        raise(VirtualTerminal.acquireSignal)
        _ = loop.handleSignals()
        #expect(log.take() == ["VT_ACKACQ", "setMaster", "followConnectors", "resize 4x8", "invalidate", "invalidate"])
    }

    @Test func aQuitSignalEndsTheLoopEvenWhileSwitchedAway() {
        let (loop, terminal) = makeLoop(display: FakeSwitchableDisplay(log: log))
        defer { loop.close(); terminal?.restoreText() }
        raise(VirtualTerminal.releaseSignal)
        raise(SIGTERM)
        #expect(loop.handleSignals() == SIGTERM)
    }

    @Test func withoutProcessSwitchingTheVTSignalsAreIgnored() {
        let console = FakeConsole(log: log, refuse: ["VT_PROCESS \(VirtualTerminal.releaseSignal) \(VirtualTerminal.acquireSignal)"])
        let (loop, terminal) = makeLoop(display: FakeSwitchableDisplay(log: log), console: console)
        defer { loop.close(); terminal?.restoreText() }
        raise(VirtualTerminal.releaseSignal)
        #expect(loop.handleSignals() == nil)
        #expect(log.take() == [])
        #expect(loop.canDraw)
    }

    @Test func startingOnAnotherConsoleWaitsInTheBackground() {
        let console = FakeConsole(log: log)
        console.isForeground = false
        let terminal = VirtualTerminal(control: console)
        let loop = DisplayLoop(display: FakeSwitchableDisplay(log: log), client: FakeClient(log: log), rotation: .upright,
                               calibration: .identity, terminal: terminal)
        defer { loop.close(); terminal?.restoreText() }
        #expect(log.take() == ["KD_GRAPHICS", "VT_PROCESS \(VirtualTerminal.releaseSignal) \(VirtualTerminal.acquireSignal)", "dropMaster"])
        #expect(!loop.canDraw)
    }

    @Test func anUnpluggedScreenStopsDrawingAndAReturningOneIsRedrawn() {
        let display = FakeSwitchableDisplay(log: log)
        let (loop, terminal) = makeLoop(display: display)
        defer { loop.close(); terminal?.restoreText() }
        display.probe = nil
        loop.followConnectors()
        #expect(log.take() == ["followConnectors"])
        #expect(!loop.canDraw)
        loop.followConnectors()
        #expect(log.take() == ["followConnectors"])
        display.probe = display.shown
        loop.followConnectors()
        #expect(log.take() == ["followConnectors", "invalidate"])
        #expect(loop.canDraw)
    }

    @Test func aNewSizeResizesTheClientToTheDisplay() {
        let display = FakeSwitchableDisplay(log: log, width: 8, height: 4)
        let (loop, terminal) = makeLoop(display: display)
        defer { loop.close(); terminal?.restoreText() }
        display.probe = ScreenMode(connector: "DSI-1", width: 6, height: 10, refresh: 60)
        loop.followConnectors()
        #expect(log.take() == ["followConnectors", "resize 6x10", "invalidate"])
    }
}
