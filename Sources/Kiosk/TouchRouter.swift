import Calculator
import Raster

/// What a finger lands on, as the screen's hit test says (before the router's own rules of who may press).
enum TouchLanding: Equatable {
    /// A keypad key, or the keypad's gaps (nil): either way the finger holds the keypad.
    case key(CalculatorKey?)
    /// A row of a list that scrolls (the history's), as a key, or between rows (nil): a tap presses the row's
    /// key, a drag scrolls the list.
    case list(CalculatorKey?)
    case pane(PaneKey)
    /// A curve's entry in the graph's title strip, by curve id.
    case curveTitle(Int)
    case graph
    case nothing
}

/// Where things are, as the router needs it: the views answer for the screen, tests for themselves.
protocol TouchTargets {
    func landing(at point: Point) -> TouchLanding
    /// Whether a finger at `point` is still on `landing`'s key, grown by the slop (a release there activates).
    func isNear(_ landing: TouchLanding, _ point: Point) -> Bool
    /// How far a finger may move before a press becomes a drag, in pixels.
    var slop: Double { get }
}

/// What the fingers mean, for the coordinator to carry out.
enum TouchIntent: Equatable {
    case keyTap(CalculatorKey)
    case paneTap(PaneKey)
    /// Hide or show a curve, by id.
    case curveTitleTap(Int)
    /// Move the graph by a drag, in pixels.
    case pan(dx: Double, dy: Double)
    /// Scroll the list under the finger by a drag, in pixels (down is positive).
    case listScroll(dy: Double)
    /// Zoom by `scale` about `center`, then follow the fingers' centroid by `dx`, `dy`.
    case pinch(scale: Double, center: Point, dx: Double, dy: Double)
    case doubleTap(Point)
    /// Two fingers set down on the graph together and lifted without moving (`TwoFingerTap`): the span
    /// between them, left finger first.
    case twoFingerTap(Point, Point)
    /// Trace the curve nearest a point; nil ends the trace.
    case trace(Point?)
}

/// The touch router: contacts in, intents out. It tracks which finger holds what, the key under a
/// held finger, the long press that starts a trace and a tap that follows a tap. It draws nothing and
/// knows the screen only through `TouchTargets`, so it is tested on its own.
struct TouchRouter {
    static let longPressDelay = 0.5
    static let doubleTapInterval = 0.4

    private struct Contact {
        var landing: TouchLanding
        var start: Point
        var last: Point
        var startTime: Double
        var moved = false
    }
    private var contacts: [Int: Contact] = [:]
    /// Whether any finger is down (an idle kiosk has none).
    var hasContacts: Bool { !contacts.isEmpty }
    /// The one finger allowed on the keypad and the pane's keys at a time.
    private var keypadContact: Int?
    /// At most two fingers on the graph: a pan, or a pinch.
    private var graphContacts: [Int] = []
    private(set) var longPressDeadline: Double?
    private(set) var isTracing = false
    private var lastTap: (time: Double, point: Point)?
    private var twoFingerTap = TwoFingerTap()

    /// The key a finger holds down, shown pressed.
    private(set) var pressedKey: CalculatorKey?
    /// The graph pane's key a finger holds down.
    private(set) var pressedPaneKey: PaneKey?

    /// A finger lands.
    mutating func down(_ id: Int, at p: Point, time: Double, on targets: some TouchTargets) -> [TouchIntent] {
        var intents: [TouchIntent] = []
        if contacts[id] != nil { intents += up(id, at: p, time: time, cancelled: true, on: targets) }
        var landing = targets.landing(at: p)
        switch landing {
        case .key(let key), .list(let key):
            // A second finger on the keypad while one is down is ignored.
            if keypadContact == nil { keypadContact = id; pressedKey = key } else { landing = .nothing }
        case .pane(let key):
            if keypadContact == nil { keypadContact = id; pressedPaneKey = key } else { landing = .nothing }
        case .curveTitle:
            if keypadContact == nil { keypadContact = id } else { landing = .nothing }
        case .graph:
            if graphContacts.count < 2 {
                graphContacts.append(id)
                if graphContacts.count == 1 {
                    longPressDeadline = time + Self.longPressDelay
                } else {
                    // A second finger makes a pinch: no long press, no trace; lifted unmoved, a two-finger tap.
                    if let firstID = graphContacts.first, let first = contacts[firstID], !first.moved {
                        twoFingerTap.begin(first: firstID, at: first.start, since: first.startTime, second: id, at: p, time: time)
                    }
                    longPressDeadline = nil
                    if isTracing { intents.append(.trace(nil)) }
                    isTracing = false
                }
            } else {
                landing = .nothing
            }
        case .nothing:
            break
        }
        contacts[id] = Contact(landing: landing, start: p, last: p, startTime: time)
        return intents
    }

    /// A finger moves.
    mutating func moved(_ id: Int, to p: Point, on targets: some TouchTargets) -> [TouchIntent] {
        guard var contact = contacts[id] else { return [] }
        let previous = contact.last
        contact.last = p
        let distance = hypot(p.x - contact.start.x, p.y - contact.start.y)
        let crossedSlop = !contact.moved && distance > targets.slop
        if crossedSlop { contact.moved = true }
        contacts[id] = contact
        twoFingerTap.moved(id, to: p, slop: targets.slop)
        switch contact.landing {
        case .key(let key):
            guard let key else { return [] }
            pressedKey = targets.isNear(contact.landing, p) ? key : nil
        case .list(let key):
            guard contact.moved else {
                pressedKey = key.flatMap { targets.isNear(contact.landing, p) ? $0 : nil }
                return []
            }
            // Past the slop a press on a row is a drag of the list: the row lets go, the list follows the whole
            // drag, the part inside the slop included.
            pressedKey = nil
            return [.listScroll(dy: p.y - (crossedSlop ? contact.start.y : previous.y))]
        case .pane(let key):
            pressedPaneKey = targets.isNear(contact.landing, p) ? key : nil
        case .curveTitle:
            break
        case .graph:
            if graphContacts.count >= 2, let otherID = graphContacts.first(where: { $0 != id }), let other = contacts[otherID] {
                let before = centroidAndSpread(previous, other.last)
                let after = centroidAndSpread(p, other.last)
                if before.spread > 1 && after.spread > 1 {
                    // Zoom about the old centroid, then follow the centroid: what was under the fingers stays there.
                    return [.pinch(scale: after.spread / before.spread, center: before.center,
                                   dx: after.center.x - before.center.x, dy: after.center.y - before.center.y)]
                }
            } else if isTracing {
                return [.trace(p)]
            } else if contact.moved {
                // Pan by the whole drag, including the part inside the slop.
                let from = crossedSlop ? contact.start : previous
                if crossedSlop { longPressDeadline = nil }
                return [.pan(dx: p.x - from.x, dy: p.y - from.y)]
            }
        case .nothing:
            break
        }
        return []
    }

    /// A finger lifts, or its contact is cancelled (then it activates nothing).
    mutating func up(_ id: Int, at p: Point, time: Double, cancelled: Bool, on targets: some TouchTargets) -> [TouchIntent] {
        guard let contact = contacts.removeValue(forKey: id) else { return [] }
        switch contact.landing {
        case .key(let key):
            keypadContact = nil
            pressedKey = nil
            if !cancelled, let key, targets.isNear(contact.landing, p) { return [.keyTap(key)] }
        case .list(let key):
            keypadContact = nil
            pressedKey = nil
            // A drag that scrolled taps nothing.
            if !cancelled, !contact.moved, let key, targets.isNear(contact.landing, p) { return [.keyTap(key)] }
        case .pane(let key):
            keypadContact = nil
            pressedPaneKey = nil
            if !cancelled, targets.isNear(contact.landing, p) { return [.paneTap(key)] }
        case .curveTitle(let curve):
            keypadContact = nil
            if !cancelled, targets.isNear(contact.landing, p) { return [.curveTitleTap(curve)] }
        case .graph:
            let wasPinch = graphContacts.count >= 2
            graphContacts.removeAll { $0 == id }
            longPressDeadline = nil
            if let (left, right) = twoFingerTap.lifted(id, at: p, time: time, cancelled: cancelled, slop: targets.slop) {
                return [.twoFingerTap(left, right)]
            }
            if let remaining = graphContacts.first, var other = contacts[remaining] {
                // The finger left on the glass goes on panning from where it is.
                other.moved = true
                contacts[remaining] = other
            }
            if isTracing {
                isTracing = false
                return [.trace(nil)]
            }
            if !cancelled && !wasPinch && !contact.moved && time - contact.startTime < Self.longPressDelay {
                if let tap = lastTap, time - tap.time <= Self.doubleTapInterval,
                   hypot(p.x - tap.point.x, p.y - tap.point.y) <= targets.slop * 3 {
                    lastTap = nil
                    return [.doubleTap(p)]
                }
                lastTap = (time, p)
            }
        case .nothing:
            break
        }
        return []
    }

    /// The clock reached `time`: a finger held still on the graph since the long press began starts
    /// a trace, where there is a curve to trace (`canTrace`, asked only when a long press comes due).
    mutating func advance(to time: Double, canTrace: @autoclosure () -> Bool) -> [TouchIntent] {
        guard let deadline = longPressDeadline, time >= deadline else { return [] }
        longPressDeadline = nil
        guard graphContacts.count == 1, let contact = contacts[graphContacts[0]], !contact.moved, canTrace() else { return [] }
        isTracing = true
        return [.trace(contact.last)]
    }

    /// Forgets every finger (a new screen size): nothing stays pressed, no trace goes on.
    /// The last tap stays, as a tap does across any other frame.
    mutating func cancelAll() {
        let tap = lastTap
        self = TouchRouter()
        lastTap = tap
    }

    private func centroidAndSpread(_ a: Point, _ b: Point) -> (center: Point, spread: Double) {
        (Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2), hypot(a.x - b.x, a.y - b.y))
    }
}

func hypot(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
