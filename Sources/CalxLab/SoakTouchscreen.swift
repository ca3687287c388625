import CalxApp
import Platform
import Raster

/// One finger's change in one frame of the soak, in screen pixels of the upright picture.
struct FingerChange {
    enum Phase { case down, move, up }
    var slot: Int
    var phase: Phase
    var x: Double
    var y: Double
}

/// The soak's touchscreen: finger changes become the evdev events a multitouch panel sends (protocol B:
/// slot, tracking id, only the axes that changed, SYN_REPORT), fed through Platform's TouchFrameAssembler
/// as InputDevice feeds it under `calx run`.
struct SoakTouchscreen {
    /// The raw axis range of the simulated controller (many panels report 0...4095).
    static let rawMaximum = 4095
    private(set) var assembler: TouchFrameAssembler
    let mapping: AxisMapping
    private var nextTrackingID = 0
    /// The raw position each slot last reported: the kernel sends an axis only when it changed.
    private var lastRaw: [Int: (x: Int32, y: Int32)] = [:]
    private(set) var eventCount = 0

    init(width: Int, height: Int, rotation: ScreenRotation) {
        mapping = AxisMapping(xRange: 0...Self.rawMaximum, yRange: 0...Self.rawMaximum,
                              screenWidth: width, screenHeight: height, rotation: rotation)
        assembler = TouchFrameAssembler(mapping: mapping)
    }

    /// One SYN_REPORT's worth of events; the contacts the assembler commits.
    mutating func frame(_ changes: [FingerChange]) -> [TouchContact] {
        for change in changes {
            feed(InputCode.EV_ABS, InputCode.ABS_MT_SLOT, Int32(change.slot))
            switch change.phase {
            case .down:
                // Tracking ids count up and wrap at 16 bits, as the kernel's do.
                feed(InputCode.EV_ABS, InputCode.ABS_MT_TRACKING_ID, Int32(nextTrackingID))
                nextTrackingID = (nextTrackingID + 1) & 0xffff
                position(change, always: true)
            case .move:
                position(change, always: false)
            case .up:
                feed(InputCode.EV_ABS, InputCode.ABS_MT_TRACKING_ID, -1)
            }
        }
        return feed(InputCode.EV_SYN, InputCode.SYN_REPORT, 0)
    }

    /// The screen went away under the fingers (DisplayLoop releases its devices the same way).
    mutating func cancelAll() -> [TouchContact] {
        lastRaw = [:]
        return assembler.cancelAll()
    }

    private mutating func position(_ change: FingerChange, always: Bool) {
        let raw = rawPoint(x: change.x, y: change.y)
        let last = lastRaw[change.slot]
        if always || last?.x != raw.x { feed(InputCode.EV_ABS, InputCode.ABS_MT_POSITION_X, raw.x) }
        if always || last?.y != raw.y { feed(InputCode.EV_ABS, InputCode.ABS_MT_POSITION_Y, raw.y) }
        lastRaw[change.slot] = raw
    }

    @discardableResult
    private mutating func feed(_ type: UInt16, _ code: UInt16, _ value: Int32) -> [TouchContact] {
        eventCount += 1
        return assembler.feed(type: type, code: code, value: value)
    }

    /// The raw axes that AxisMapping maps onto the screen point (x, y): its rotation undone.
    func rawPoint(x: Double, y: Double) -> (x: Int32, y: Int32) {
        let ux = x / Double(max(1, mapping.screenWidth - 1)), uy = y / Double(max(1, mapping.screenHeight - 1))
        let (cx, cy): (Double, Double)
        switch mapping.rotation {
        case .clockwise90: (cx, cy) = (1 - uy, ux)
        case .clockwise180: (cx, cy) = (1 - ux, 1 - uy)
        case .clockwise270: (cx, cy) = (uy, 1 - ux)
        case .upright: (cx, cy) = (ux, uy)
        }
        func axis(_ v: Double) -> Int32 { Int32((min(max(v, 0), 1) * Double(Self.rawMaximum)).rounded()) }
        return (axis(cx), axis(cy))
    }
}
