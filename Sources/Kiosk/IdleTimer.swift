/// When a kiosk left alone forgets its visitor: `seconds` after the last touch or key (nil: never).
/// The clock starts at the app's first tick, so a state restored at boot gets the full time, and stops
/// once the screen is fresh, so an unused kiosk is not reset (and saved) over and over.
struct IdleTimer {
    var seconds: Double?
    /// Since when nobody has touched; nil before the first tick and once the screen is fresh again.
    private(set) var since: Double?
    private var started = false

    var deadline: Double? {
        guard let seconds, let since else { return nil }
        return since + seconds
    }

    /// The app's first tick starts the clock; later ticks do nothing here.
    mutating func start(at clock: Double) {
        guard !started else { return }
        started = true
        since = clock
    }

    mutating func noteActivity(at clock: Double) {
        since = clock
    }

    /// The screen is fresh: the clock waits for someone to come.
    mutating func stop() {
        since = nil
    }
}
