import Raster

/// What one read from an input device gave.
public enum EventRead: Equatable, Sendable {
    case event(type: UInt16, code: UInt16, value: Int32)
    /// SYN_DROPPED: the reader fell behind; the device's state must be read back.
    case dropped
    /// Nothing pending now.
    case empty
    /// The device is gone (or failed for good).
    case gone
}

/// What a device's events come to: touch frames, a key, or its end (with the contacts it left down, cancelled).
public enum InputOutput: Equatable, Sendable { case touches([TouchContact]), key(KeyPress), gone([TouchContact]) }

/// One device's events turned into the loop's outputs: keys for a keyboard, touch frames for the rest.
/// Made from the device's description alone (`init(device:...)`), so a live evdev device (Platform's
/// `InputDevice`) and a recorded one (`RecordingReplay`) go through the same classification, axis ranges,
/// calibration choice, rotation and frame assembly. Reads at most `limit` events a turn, so a device that
/// floods cannot starve the display, the signals or the other devices; what is left stays pending and makes
/// the next poll return at once.
public struct InputEvents: Sendable {
    public let kind: DeviceKind
    /// The matrix its touches go through, and where it came from (nil for a keyboard).
    public let calibration: CalibrationChoice?
    var assembler: TouchFrameAssembler?
    var shift = false

    public static let limit = 512

    /// nil for a device the kiosk does not use (`DeviceKind.ignoredBecause` says why). `calibration` nil:
    /// the device's own udev LIBINPUT_CALIBRATION_MATRIX, if it has one.
    public init?(device: DeviceDescription, screen: (width: Int, height: Int), rotation: ScreenRotation,
                 calibration setting: Calibration?, idBase: Int) {
        guard let kind = DeviceKind(device) else { return nil }
        self.kind = kind
        guard let codes = kind.positionCodes else { calibration = nil; return }
        let choice = CalibrationChoice.choose(setting: setting,
                                              udev: setting == nil ? device.udevValue(CalibrationChoice.udevProperty) : nil)
        calibration = choice
        func range(_ code: UInt16) -> ClosedRange<Int> { device.axes[code]?.range ?? 0...0 }
        let mapping = AxisMapping(xRange: range(codes.x), yRange: range(codes.y), screenWidth: screen.width,
                                  screenHeight: screen.height, rotation: rotation, calibration: choice.matrix)
        assembler = TouchFrameAssembler(mapping: mapping, idBase: idBase)
    }

    /// A keyboard's events, or a touch device's through `assembler`.
    public init(isKeyboard: Bool, assembler: TouchFrameAssembler? = nil) {
        kind = isKeyboard ? .keyboard : .touchscreen
        calibration = nil
        self.assembler = assembler
    }

    /// `next` reads one event; `snapshot` reads the device's true contacts back after a drop.
    public mutating func drain(limit: Int = InputEvents.limit, next: () -> EventRead,
                               snapshot: () -> [Int: (trackingID: Int, x: Int, y: Int)]) -> [InputOutput] {
        var out: [InputOutput] = []
        for _ in 0..<limit {
            switch next() {
            case .empty: return out
            case .gone:
                out.append(.gone(cancelAll()))
                return out
            case .dropped:
                _ = assembler?.feed(type: InputCode.EV_SYN, code: InputCode.SYN_DROPPED, value: 0)
                if let frame = assembler?.resync(slots: snapshot()), !frame.isEmpty { out.append(.touches(frame)) }
            case let .event(type, code, value):
                if let output = handle(type: type, code: code, value: value) { out.append(output) }
            }
        }
        return out
    }

    /// One event: a key press for a keyboard, a touch frame at a SYN_REPORT for the rest.
    public mutating func handle(type: UInt16, code: UInt16, value: Int32) -> InputOutput? {
        if type == InputCode.EV_KEY && (code == InputCode.KEY_LEFTSHIFT || code == InputCode.KEY_RIGHTSHIFT) { shift = value != 0 }
        if kind == .keyboard {
            guard type == InputCode.EV_KEY && value == 1, code != InputCode.KEY_LEFTSHIFT && code != InputCode.KEY_RIGHTSHIFT else { return nil }
            return .key(KeyPress(code: code, shift: shift))
        }
        guard let frame = assembler?.feed(type: type, code: code, value: value), !frame.isEmpty else { return nil }
        return .touches(frame)
    }

    /// Every live contact, cancelled: the device goes while fingers are down.
    public mutating func cancelAll() -> [TouchContact] {
        assembler?.cancelAll() ?? []
    }
}
