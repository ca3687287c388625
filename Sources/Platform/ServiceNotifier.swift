import Glibc

/// Tells systemd how the kiosk is doing with sd_notify(3)'s protocol: one datagram of `KEY=VALUE` to the
/// AF_UNIX socket named by NOTIFY_SOCKET (a path, or `@` for the abstract namespace). Spoken here rather
/// than through libsystemd, which would map libsystemd and what it links (libgcrypt, libgpg-error,
/// liblzma, libzstd, liblz4: about 0.8 MB of RSS in `calx shot`) for one sendto. Under calx.service
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
        watchdogInterval = Self.watchdogMicroseconds().map { Double($0) / 2_000_000 }
    }

    /// WATCHDOG_USEC as sd_watchdog_enabled(3) reads it: a positive count of microseconds, meant for this
    /// process when WATCHDOG_PID is unset or names it.
    static func watchdogMicroseconds() -> UInt64? {
        guard let text = getenv("WATCHDOG_USEC").map({ String(cString: $0) }), let usec = UInt64(text), usec > 0
        else { return nil }
        if let pid = getenv("WATCHDOG_PID").map({ String(cString: $0) }), pid != String(getpid()) { return nil }
        return usec
    }

    @discardableResult
    public func send(_ message: Message) -> Outcome {
        guard let name = getenv("NOTIFY_SOCKET").map({ String(cString: $0) }), !name.isEmpty else { return .noManager }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var path = Array(name.utf8)
        let abstract = path.first == UInt8(ascii: "@")
        guard path.first == UInt8(ascii: "/") || abstract else { return .failed(errno: EAFNOSUPPORT) }
        if abstract { path[0] = 0 }   // the abstract namespace: a leading NUL, no terminator
        guard path.count < MemoryLayout.size(ofValue: address.sun_path) else { return .failed(errno: EINVAL) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.enumerated() { raw[i] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count + (abstract ? 0 : 1))
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .failed(errno: errno) }
        defer { close(fd) }
        let text = Array(message.text.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                text.withUnsafeBytes { bytes in
                    retryingEINTR { sendto(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), socketAddress, length) }
                }
            }
        }
        return sent >= 0 ? .sent : .failed(errno: errno)
    }
}
