/// What a kiosk left alone shows: its session, the attract screen, or the countdown before a reset.
public enum IdlePhase: Equatable, Sendable {
    case active
    /// The attract screen, up since `since` (the app's clock, in seconds).
    case attract(since: Double)
    /// "Still there?": the session is forgotten in `secondsLeft` seconds unless someone touches.
    case countdown(secondsLeft: Int)
}

/// When a kiosk left alone shows the attract screen (`attractSeconds` after the last touch or key), counts
/// down (the last `countdownLength` seconds before the reset) and forgets its visitor (`resetSeconds`);
/// nil turns either off. A finger held down is not idleness: the app notes activity while one is.
/// The clock starts at the app's first tick, so a state restored at boot gets the full time. Once the
/// screen is fresh the reset is disarmed, so an unused kiosk is not reset (and saved) over and over; the
/// attract screen stays until someone comes.
struct IdleTimer {
    var resetSeconds: Double?
    var attractSeconds: Double?
    /// Since when nobody has touched; nil before the first tick.
    private(set) var since: Double?
    /// Whether the session has anything to forget: not after a reset until the next touch or key.
    private(set) var isResetArmed = true
    private var started = false

    /// The countdown before a reset.
    static let countdownSeconds = 10.0

    /// 10 s, or half the reset time where that is shorter: a countdown must leave time to use the kiosk.
    var countdownLength: Double? { resetSeconds.map { min(Self.countdownSeconds, $0 / 2) } }

    /// When the session is forgotten, unless someone comes first.
    var resetDeadline: Double? {
        guard isResetArmed, let resetSeconds, let since else { return nil }
        return since + resetSeconds
    }

    /// The app's first tick starts the clock; later ticks do nothing here.
    mutating func start(at clock: Double) {
        guard !started else { return }
        started = true
        since = clock
    }

    mutating func noteActivity(at clock: Double) {
        since = clock
        isResetArmed = true
    }

    /// The screen is fresh: no reset until someone comes (the attract screen goes on).
    mutating func disarmReset() {
        isResetArmed = false
    }

    /// What the screen shows at `clock`: the countdown has the last seconds before a reset, whatever the
    /// attract screen's time; the attract screen follows the reset if it comes later.
    func phase(at clock: Double) -> IdlePhase {
        guard let since else { return .active }
        if let deadline = resetDeadline, let length = countdownLength, clock >= deadline - length, clock < deadline {
            return .countdown(secondsLeft: Int((deadline - clock).rounded(.up)))
        }
        if let attractSeconds, clock >= since + attractSeconds { return .attract(since: since + attractSeconds) }
        return .active
    }

    /// When `phase` next changes after `clock` (the countdown's number included), or nil.
    func nextChange(after clock: Double) -> Double? {
        guard let since else { return nil }
        var times: [Double] = []
        if let attractSeconds { times.append(since + attractSeconds) }
        if let deadline = resetDeadline, let length = countdownLength {
            times += [deadline - length, deadline]
            if case .countdown(let left) = phase(at: clock) { times.append(deadline - Double(left - 1)) }
        }
        return times.filter { $0 > clock }.min()
    }
}
