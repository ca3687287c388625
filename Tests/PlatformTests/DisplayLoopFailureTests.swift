import Glibc
import Testing
@testable import Platform

/// The loop's ways to fail: each is reported as what it is and never leaves a frozen screen behind.
@Suite struct DisplayLoopFailureTests {
    let log = CallLog()

    func makeLoop(_ display: FakeSwitchableDisplay) -> (DisplayLoop, VirtualTerminal?, Lines) {
        let terminal = VirtualTerminal(control: FakeConsole(log: log))
        let loop = DisplayLoop(display: display, client: FakeClient(log: log), rotation: .upright,
                               calibration: .identity, terminal: terminal)
        loop.inputs.paths = { [] }
        let lines = Lines()
        loop.log = { lines.all.append($0) }
        _ = log.take()
        return (loop, terminal, lines)
    }

    final class Lines { var all: [String] = [] }

    /// A poll error once logged "state saved" without saving: now the client quits and the log says why.
    @Test func aPollErrorQuitsTheClientAndSaysSo() {
        let (loop, terminal, lines) = makeLoop(FakeSwitchableDisplay(log: log))
        defer { loop.close(); terminal?.restoreText() }
        loop.calls.poll = { _, _, _ in errno = EBADF; return -1 }
        let end = loop.run()
        guard case .failure(let error) = end else { Issue.record("ended with \(end)"); return }
        #expect(error.operation == "poll" && error.errno == EBADF)
        #expect(log.take().last == "quit")
        #expect(lines.all.contains { $0.hasPrefix("stopping: poll") && $0.contains("Bad file descriptor") }, "\(lines.all)")
    }

    @Test func anInterruptedPollIsRetried() {
        let (loop, terminal, _) = makeLoop(FakeSwitchableDisplay(log: log))
        defer { loop.close(); terminal?.restoreText() }
        var calls = 0
        loop.calls.poll = { fds, n, timeout in
            calls += 1
            if calls == 1 { errno = EINTR; return -1 }
            raise(SIGTERM)
            return Glibc.poll(fds, n, timeout)
        }
        #expect(loop.run() == .signal(SIGTERM))
    }

    /// Master refused on the way back: nothing is drawn, the loop retries, and once it has master the
    /// scanout is restored and everything redrawn.
    @Test func aRefusedSetMasterIsRetriedThenTheScreenIsRestored() {
        let display = FakeSwitchableDisplay(log: log)
        let (loop, terminal, lines) = makeLoop(display)
        defer { loop.close(); terminal?.restoreText() }
        raise(VirtualTerminal.releaseSignal)
        _ = loop.handleSignals()
        display.refuseSetMaster = 2
        _ = log.take()
        raise(VirtualTerminal.acquireSignal)
        _ = loop.handleSignals()
        #expect(log.take() == ["VT_ACKACQ", "setMaster"])
        #expect(!loop.canDraw)
        #expect(lines.all.contains { $0.contains("drmSetMaster") && $0.contains("retrying") }, "\(lines.all)")
        #expect(loop.retryMaster() == nil)
        #expect(!loop.canDraw)
        #expect(loop.retryMaster() == nil)
        #expect(log.take() == ["setMaster", "setMaster", "followConnectors", "restoreScanout", "invalidate"])
        #expect(loop.canDraw)
    }

    /// Master that never comes back ends the loop (systemd starts the kiosk afresh) instead of a frozen screen.
    @Test func masterThatNeverComesBackEndsTheLoop() {
        let display = FakeSwitchableDisplay(log: log)
        let (loop, terminal, _) = makeLoop(display)
        defer { loop.close(); terminal?.restoreText() }
        loop.handover.masterRetryMilliseconds = 1
        loop.handover.masterRetryLimit = 3
        display.refuseSetMaster = 1000
        raise(VirtualTerminal.releaseSignal)
        raise(VirtualTerminal.acquireSignal)
        let end = loop.run()
        guard case .failure(let error) = end else { Issue.record("ended with \(end)"); return }
        #expect(error.description.contains("drmSetMaster"))
        #expect(log.calls.last == "quit")
    }

    /// The loop makes its own descriptors through its SystemCalls: one the kernel refuses leaves that
    /// source quiet, and the others still work.
    @Test func aRefusedTimerOrWatchLeavesThatSourceQuiet() {
        let real = SystemCalls.real
        var made: [String] = []
        var calls = SystemCalls()
        calls.signalfd = { made.append("signalfd"); return real.signalfd(&$0, $1) }
        calls.timerfdCreate = { _, _ in made.append("timerfd"); errno = EMFILE; return -1 }
        calls.inotifyInit = { _ in made.append("inotify"); errno = EMFILE; return -1 }
        calls.inotifyAddWatch = { _, _, _ in made.append("watch"); return -1 }
        let loop = DisplayLoop(display: FakeSwitchableDisplay(log: log), client: FakeClient(log: log), rotation: .upright,
                               calibration: nil, calls: calls)
        defer { loop.close() }
        #expect(made == ["signalfd", "timerfd", "inotify"])
        #expect(loop.wakeups.signals != nil && loop.wakeups.timer == nil && loop.wakeups.inputWatch == nil)
        loop.wakeups.arm(1)
        loop.wakeups.drainTimer()
        loop.wakeups.drainInputWatch()
        raise(SIGTERM)
        #expect(loop.handleSignals() == SIGTERM)
    }

    @Test func aRefusedDropMasterIsRetriedThenReported() {
        let display = FakeSwitchableDisplay(log: log)
        let (loop, terminal, lines) = makeLoop(display)
        defer { loop.close(); terminal?.restoreText() }
        display.refuseDropMaster = 10
        raise(VirtualTerminal.releaseSignal)
        _ = loop.handleSignals()
        #expect(log.take() == ["finishPendingFlip", "dropMaster", "dropMaster", "dropMaster", "VT_RELDISP 1"])
        #expect(lines.all.contains { $0.contains("drmDropMaster") }, "\(lines.all)")
    }
}

@Suite struct InputEventsTests {
    let panel = AxisMapping(xRange: 0...1000, yRange: 0...1000, screenWidth: 1001, screenHeight: 1001)

    /// A device that never stops sending is read a bounded number of events per turn.
    @Test func aFloodingDeviceIsReadABoundedAmountPerTurn() {
        var events = InputEvents(isKeyboard: false, assembler: TouchFrameAssembler(mapping: panel))
        var reads = 0
        var x: Int32 = 0
        let pattern: [EventRead] = [.event(type: 3, code: 0x39, value: 1), .event(type: 3, code: 0x35, value: 0), .event(type: 0, code: 0, value: 0)]
        let out = events.drain(limit: 300, next: {
            reads += 1
            x += 1
            if case .event(_, 0x35, _) = pattern[reads % 3] { return .event(type: 3, code: 0x35, value: x) }
            return pattern[reads % 3]
        }, snapshot: { [:] })
        #expect(reads == 300)
        #expect(out.count == 99)   // a frame every three events, the first before a finger is down
    }

    @Test func anEmptyDeviceStopsTheDrainAndAGoneOneCancelsItsContacts() {
        var events = InputEvents(isKeyboard: false, assembler: TouchFrameAssembler(mapping: panel))
        var queue: [EventRead] = [.event(type: 3, code: 0x39, value: 1), .event(type: 0, code: 0, value: 0), .empty]
        let first = events.drain(next: { queue.removeFirst() }, snapshot: { [:] })
        #expect(first.count == 1)
        queue = [.gone]
        guard case .gone(let cancelled)? = events.drain(next: { queue.removeFirst() }, snapshot: { [:] }).first else {
            Issue.record("no gone"); return
        }
        #expect(cancelled.map(\.phase) == [.cancel])
    }

    @Test func keysFollowShift() {
        var events = InputEvents(isKeyboard: true)
        var queue: [EventRead] = [.event(type: 1, code: 42, value: 1), .event(type: 1, code: 13, value: 1),
                                  .event(type: 1, code: 42, value: 0), .event(type: 1, code: 2, value: 1), .empty]
        let out = events.drain(next: { queue.removeFirst() }, snapshot: { [:] })
        let keys = out.compactMap { if case .key(let k) = $0 { return k } else { return nil } }
        #expect(keys == [KeyPress(code: 13, shift: true), KeyPress(code: 2, shift: false)])
    }
}

/// A client's deadline, however absurd, never traps the loop's timer.
@Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300, 0])
func anyDeadlineArmsTheTimer(deadline: Double) {
    let d = LoopWakeups.timerSeconds(deadline)
    if deadline.isNaN { #expect(d == nil) } else { #expect(d.map { $0 > 0 && $0 <= 1e9 } == true) }
    let log = CallLog()
    let loop = DisplayLoop(display: FakeSwitchableDisplay(log: log), client: FakeClient(log: log), rotation: .upright, calibration: nil)
    defer { loop.close() }
    loop.wakeups.arm(deadline)
}
