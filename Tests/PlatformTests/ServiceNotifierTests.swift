import Glibc
import Raster
import Testing
@testable import Platform

/// A datagram socket standing in for systemd's notify socket: NOTIFY_SOCKET points at it while a test runs.
final class NotifySocketListener {
    let path: String
    let fd: Int32

    init() throws {
        path = "/tmp/calx-notify-test-\(getpid())-\(UInt32.random(in: 0 ... .max)).sock"
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(fd >= 0 && bound == 0)
        setenv("NOTIFY_SOCKET", path, 1)
    }

    /// Every datagram received so far.
    func messages() -> [String] {
        var out: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return out }
            out.append(String(decoding: buffer[0 ..< n], as: UTF8.self))
        }
    }

    func close() {
        unsetenv("NOTIFY_SOCKET")
        Glibc.close(fd)
        unlink(path)
    }
}

/// A display whose frame is in flight until `isBusy` is cleared, as a DRM page flip is.
final class FlipDisplay: Display {
    let image = PixelImage(width: 4, height: 4)
    var width: Int { 4 }
    var height: Int { 4 }
    var millimetres: ScreenMillimetres? { nil }
    var drawBuffer: PixelBuffer { image.buffer }
    var isBusy = false
    func present(damage: [IntRect]) throws(PlatformError) { isBusy = true }
    var eventFD: Int32? { nil }
    func handleEvents() { isBusy = false }
    func close() {}
}

// NOTIFY_SOCKET and WATCHDOG_USEC are process-wide: these tests run one at a time.
@Suite(.serialized) struct ServiceNotifierTests {
    @Test func messagesAreSdNotifyAssignments() {
        #expect(ServiceNotifier.Message.ready.text == "READY=1")
        #expect(ServiceNotifier.Message.watchdog.text == "WATCHDOG=1")
        #expect(ServiceNotifier.Message.stopping.text == "STOPPING=1")
        #expect(ServiceNotifier.Message.status("no display\nwaiting").text == "STATUS=no display waiting")
    }

    @Test func withoutNotifySocketNothingIsSentAndThereIsNoWatchdog() {
        unsetenv("NOTIFY_SOCKET")
        unsetenv("WATCHDOG_USEC")
        let notifier = ServiceNotifier()
        #expect(notifier.send(.ready) == .noManager)
        #expect(notifier.watchdogInterval == nil)
        // Nothing to tell: libsystemd is not even opened (a shot or a bench never loads it).
        #expect(notifier.library == nil)
        #expect(notifier.libraryProblem == nil)
        // No watchdog, no deadline of its own: an idle loop still blocks in poll with no timeout.
        let client = NotifyingClient(FakeClient(log: CallLog()), display: FlipDisplay(), notifier: notifier, now: 0)
        #expect(client.nextDeadline == nil)
    }

    @Test func sendsThroughLibsystemdToTheNotifySocket() throws {
        let listener = try NotifySocketListener()
        defer { listener.close() }
        let notifier = ServiceNotifier()
        #expect(notifier.library != nil)
        #expect(notifier.libraryProblem == nil)
        #expect(notifier.send(.ready) == .sent)
        #expect(listener.messages() == ["READY=1"])
    }

    @Test func aWatchdogAloneOpensLibsystemdToo() {
        defer { unsetenv("WATCHDOG_USEC") }
        unsetenv("NOTIFY_SOCKET")
        setenv("WATCHDOG_USEC", "4000000", 1)
        let notifier = ServiceNotifier()
        #expect(notifier.library != nil)
        // libsystemd's own answer: a watchdog is asked for, but there is no socket to ping it through.
        #expect(notifier.watchdogInterval == 2)
        #expect(notifier.send(.watchdog) == .noManager)
    }

    @Test func readyOnlyOnceTheFirstFrameIsOnTheScreen() throws {
        let listener = try NotifySocketListener()
        defer { listener.close() }
        let display = FlipDisplay()
        let client = NotifyingClient(FakeClient(log: CallLog()), display: display, notifier: ServiceNotifier(), now: 0)
        client.advance(to: 1)
        #expect(listener.messages().isEmpty)            // nothing drawn yet
        _ = client.draw(into: display.drawBuffer)
        try display.present(damage: [])
        client.advance(to: 2)
        #expect(listener.messages().isEmpty)            // drawn, but the flip is still pending
        #expect(client.nextDeadline == nil)              // the flip event wakes the loop, no timer needed
        display.handleEvents()
        #expect(client.nextDeadline != nil)              // shown: wake at once to say so
        client.advance(to: 3)
        #expect(listener.messages() == ["READY=1"])
        _ = client.draw(into: display.drawBuffer)
        client.advance(to: 4)
        #expect(listener.messages().isEmpty)            // once only
    }

    @Test func watchdogPingsEveryHalfWatchdogSecFromTheLoopsTurns() throws {
        let listener = try NotifySocketListener()
        defer { listener.close(); unsetenv("WATCHDOG_USEC") }
        setenv("WATCHDOG_USEC", "4000000", 1)            // WatchdogSec=4s: ping every 2 s
        let notifier = ServiceNotifier()
        #expect(notifier.watchdogInterval == 2)
        let client = NotifyingClient(FakeClient(log: CallLog()), display: FlipDisplay(), notifier: notifier, now: 10)
        #expect(client.nextDeadline == 12)              // the idle loop's timer wakes it for the ping
        client.advance(to: 11)
        #expect(listener.messages().isEmpty)
        client.advance(to: 12.1)
        #expect(listener.messages() == ["WATCHDOG=1"])
        #expect(client.nextDeadline == 14.1)
        client.advance(to: 13)
        #expect(listener.messages().isEmpty)
    }

    @Test func quitSaysStopping() throws {
        let listener = try NotifySocketListener()
        defer { listener.close() }
        let log = CallLog()
        NotifyingClient(FakeClient(log: log), display: FlipDisplay(), notifier: ServiceNotifier(), now: 0).quit()
        #expect(listener.messages() == ["STOPPING=1"])
        #expect(log.calls == ["quit"])
    }
}
