#if canImport(Glibc)
import Glibc
#endif
import Platform

/// Where a kiosk start's time goes, logged once its first frame is on the screen: the whole start, from the
/// process's creation (its fork: under systemd that includes the unit's sandbox and the exec) to READY=1,
/// and each step between. A crash restart is drawn again within this; the journal keeps it for every start.
final class StartupClock {
    private(set) var marks: [(step: String, seconds: Double)] = []
    /// When the kernel created the process, on the boot clock: /proc/self/stat's starttime (clock ticks).
    let processStart: Double?
    let mainStart: Double

    init() {
        mainStart = StartupClock.now()
        processStart = StartupClock.processStartSeconds()
    }

    /// CLOCK_BOOTTIME, the clock /proc's starttime counts on.
    static func now() -> Double { SystemClock.boot.seconds }

    static func processStartSeconds() -> Double? {
        guard let stat = try? readTextFile("/proc/self/stat", limit: 4096),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command's closing parenthesis start at field 3 (state); starttime is field 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        let perSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        return perSecond > 0 ? ticks / perSecond : nil
    }

    /// Records that `step` ended now.
    func mark(_ step: String) { marks.append((step, StartupClock.now())) }

    /// "first frame on the screen 812 ms after the process started: before main 140, config 3, ..." in ms.
    func summary(readyAt ready: Double = StartupClock.now()) -> String {
        func ms(_ seconds: Double) -> String { String(Int((seconds * 1000).rounded())) }
        var parts: [String] = []
        if let processStart { parts.append("before main " + ms(mainStart - processStart)) }
        var last = mainStart
        for mark in marks {
            parts.append("\(mark.step) \(ms(mark.seconds - last))")
            last = mark.seconds
        }
        parts.append("to READY " + ms(ready - last))
        let total = processStart.map { "\(ms(ready - $0)) ms after the process started" }
            ?? "\(ms(ready - mainStart)) ms after main"
        return "first frame on the screen \(total) (ms: " + parts.joined(separator: ", ") + ")"
    }
}
