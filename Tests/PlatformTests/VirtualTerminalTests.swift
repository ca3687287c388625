import Glibc
import Testing
@testable import Platform

@Suite struct VirtualTerminalTests {
    let usr1 = VirtualTerminal.releaseSignal, usr2 = VirtualTerminal.acquireSignal

    @Test func entersGraphicsThenProcessSwitchingWithTheSignalsAlreadyBlocked() throws {
        let log = CallLog()
        let terminal = try #require(VirtualTerminal(control: FakeConsole(log: log)))
        #expect(log.take() == ["KD_GRAPHICS", "VT_PROCESS \(usr1) \(usr2)"])
        #expect(terminal.switchesByProcess)
        terminal.restoreText()
    }

    @Test func restoresAutomaticSwitchingThenTextOnce() throws {
        let log = CallLog()
        let terminal = try #require(VirtualTerminal(control: FakeConsole(log: log)))
        _ = log.take()
        terminal.restoreText()
        terminal.restoreText()
        #expect(log.take() == ["VT_AUTO", "KD_TEXT", "close"])
    }

    /// An exit path that forgets restoreText (an early return, an error thrown past it) still
    /// gets the text console back when the terminal goes away.
    @Test func droppingTheTerminalRestoresText() {
        let log = CallLog()
        func startThatFails() throws {
            let terminal = VirtualTerminal(control: FakeConsole(log: log))
            _ = terminal
            throw PlatformError("drmModeSetCrtc", "HDMI-A-1", errno: EACCES)
        }
        #expect(throws: PlatformError.self) { try startThatFails() }
        #expect(log.take() == ["KD_GRAPHICS", "VT_PROCESS \(usr1) \(usr2)", "VT_AUTO", "KD_TEXT", "close"])
    }

    @Test func refusedGraphicsModeLeavesNothingToRestore() {
        let log = CallLog()
        #expect(VirtualTerminal(control: FakeConsole(log: log, refuse: ["KD_GRAPHICS"])) == nil)
        #expect(log.take() == ["KD_GRAPHICS", "close"])
    }

    @Test func refusedProcessSwitchingStillRestoresText() throws {
        let log = CallLog()
        let refused = "VT_PROCESS \(usr1) \(usr2)"
        let terminal = try #require(VirtualTerminal(control: FakeConsole(log: log, refuse: [refused])))
        #expect(!terminal.switchesByProcess)
        terminal.restoreText()
        #expect(log.take() == ["KD_GRAPHICS", refused, "KD_TEXT", "close"])
    }
}

/// The rescue is armed before the console goes graphical and disarmed only once it is text again.
@Test func theFatalSignalRescueCoversEveryMomentTheConsoleIsGraphical() throws {
    let log = CallLog()
    let null = open("/dev/null", O_RDWR)
    defer { close(null) }
    let terminal = try #require(VirtualTerminal(control: FakeConsole(log: log, rescueFD: null)))
    #expect(ConsoleRescue.armedFD == null)
    terminal.restoreText()
    #expect(log.take() == ["KD_GRAPHICS (rescue armed)", "VT_PROCESS \(VirtualTerminal.releaseSignal) \(VirtualTerminal.acquireSignal)",
                           "VT_AUTO", "KD_TEXT (rescue armed)", "close"])
    #expect(ConsoleRescue.armedFD == nil)
}
