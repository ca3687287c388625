import Glibc

/// Tells systemd how the kiosk is doing, through libsystemd's sd_notify(3). Under calx.service
/// (`Type=notify`, `WatchdogSec=`) the manager waits for READY=1 and restarts a kiosk whose WATCHDOG=1
/// pings stop. Outside such a unit (a shell, the VM's busybox init, the tests) NOTIFY_SOCKET is unset:
/// every message is dropped, and there is no watchdog, so the loop still sleeps in poll with no timeout.
///
/// libsystemd is opened only when the manager's variables are there (`ServiceLibrary`): it and what it
/// links (libgcrypt, libgpg-error, liblzma, libzstd, liblz4, libcap) are 0.8 MB of resident pages that a
/// shot, a bench or the kiosk started from a shell never use.
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
    /// libsystemd, when NOTIFY_SOCKET or WATCHDOG_USEC is set; otherwise sd_notify would send nothing and
    /// sd_watchdog_enabled would say 0, which is what this type does without it.
    let library: ServiceLibrary?
    /// Why libsystemd could not be opened although the manager asked for messages (dlerror(3)).
    public let libraryProblem: String?

    public init() {
        if getenv("NOTIFY_SOCKET") == nil && getenv("WATCHDOG_USEC") == nil {
            library = nil
            libraryProblem = nil
        } else {
            switch ServiceLibrary.open() {
            case .success(let opened): library = opened; libraryProblem = nil
            case .failure(let problem): library = nil; libraryProblem = problem.text
            }
        }
        var microseconds: UInt64 = 0
        watchdogInterval = (library?.watchdogEnabled(0, &microseconds) ?? 0) > 0 ? Double(microseconds) / 2_000_000 : nil
    }

    @discardableResult
    public func send(_ message: Message) -> Outcome {
        guard let library else {
            // Asked for by the manager but not to be had: say so as an error, never as "no manager".
            return libraryProblem == nil ? .noManager : .failed(errno: ELIBACC)
        }
        let result = library.notify(0, message.text)
        return result > 0 ? .sent : result == 0 ? .noManager : .failed(errno: -result)
    }
}

/// libsystemd's sd_notify and sd_watchdog_enabled, opened with dlopen(3). The library stays loaded for the
/// life of the process (no dlclose: the kiosk keeps one notifier).
struct ServiceLibrary: @unchecked Sendable {
    /// int sd_notify(int unset_environment, const char *state), <systemd/sd-daemon.h>
    typealias Notify = @convention(c) (Int32, UnsafePointer<CChar>?) -> Int32
    /// int sd_watchdog_enabled(int unset_environment, uint64_t *usec), <systemd/sd-daemon.h>
    typealias WatchdogEnabled = @convention(c) (Int32, UnsafeMutablePointer<UInt64>?) -> Int32

    /// The soname of libsystemd0, the package Debian's systemd depends on.
    static let soname = "libsystemd.so.0"

    let notify: Notify
    let watchdogEnabled: WatchdogEnabled

    struct Problem: Error { let text: String }

    static func open() -> Result<ServiceLibrary, Problem> {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else { return .failure(Problem(text: lastError())) }
        guard let notify = dlsym(handle, "sd_notify"), let watchdog = dlsym(handle, "sd_watchdog_enabled") else {
            return .failure(Problem(text: lastError()))
        }
        return .success(ServiceLibrary(notify: unsafeBitCast(notify, to: Notify.self),
                                       watchdogEnabled: unsafeBitCast(watchdog, to: WatchdogEnabled.self)))
    }

    private static func lastError() -> String {
        dlerror().map { String(cString: $0) } ?? "\(soname): unknown dlopen error"
    }
}
