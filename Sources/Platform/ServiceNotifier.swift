import CSystemd
import Glibc

/// Tells systemd how the kiosk is doing, through libsystemd's sd_notify(3). Under calx.service
/// (`Type=notify`, `WatchdogSec=`) the manager waits for READY=1 and restarts a kiosk whose WATCHDOG=1
/// pings stop. Outside such a unit (a shell, the VM's busybox init, the tests) NOTIFY_SOCKET is unset:
/// every message is dropped, and there is no watchdog, so the loop still sleeps in poll with no timeout.
public struct ServiceNotifier: Sendable {
    public enum Message: Equatable, Sendable {
        case ready, watchdog, stopping
        case status(String)

        /// The assignment sd_notify(3) sends.
        public var text: String {
            switch self {
            case .ready: "READY=1"
            case .watchdog: "WATCHDOG=1"
            case .stopping: "STOPPING=1"
            // One line: a newline would start a second assignment.
            case .status(let s): "STATUS=" + s.split(whereSeparator: \.isNewline).joined(separator: " ")
            }
        }
    }

    public enum Outcome: Equatable, Sendable {
        case sent
        /// NOTIFY_SOCKET is unset: not started by a notify unit.
        case noManager
        case failed(errno: Int32)
    }

    /// How often to ping: half of WatchdogSec, as sd_watchdog_enabled(3) advises; nil without a watchdog.
    public let watchdogInterval: Double?

    public init() {
        var microseconds: UInt64 = 0
        watchdogInterval = sd_watchdog_enabled(0, &microseconds) > 0 ? Double(microseconds) / 2_000_000 : nil
    }

    @discardableResult
    public func send(_ message: Message) -> Outcome {
        let result = sd_notify(0, message.text)
        return result > 0 ? .sent : result == 0 ? .noManager : .failed(errno: -result)
    }
}
