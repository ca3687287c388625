/// What the kiosk makes of a device: a multitouch touchscreen (protocol B slots), a single-touch panel
/// (ABS_X/Y and BTN_TOUCH: resistive panels), a tablet or absolute mouse (ABS_X/Y and BTN_LEFT, one finger),
/// or a keyboard. Decided from the device's codes, its input properties and its udev properties alone, as
/// udev's input_id decides ID_INPUT_TOUCHSCREEN, so a recording is classified as its device was.
public enum DeviceKind: String, Sendable {
    case touchscreen, singleTouch = "single-touch", tablet, keyboard

    /// nil: nothing the kiosk uses (`ignoredBecause` says why).
    public init?(_ d: DeviceDescription) {
        guard DeviceKind.touchpadReason(d) == nil else { return nil }
        let abs = InputCode.EV_ABS, key = InputCode.EV_KEY
        if d.has(type: abs, code: InputCode.ABS_MT_SLOT) && d.has(type: abs, code: InputCode.ABS_MT_POSITION_X)
            && d.has(type: abs, code: InputCode.ABS_MT_POSITION_Y) {
            self = .touchscreen
            return
        }
        let hasXY = d.has(type: abs, code: InputCode.ABS_X) && d.has(type: abs, code: InputCode.ABS_Y)
        if hasXY && d.has(type: key, code: InputCode.BTN_TOUCH) { self = .singleTouch; return }
        if hasXY && d.has(type: key, code: InputCode.BTN_LEFT) { self = .tablet; return }
        if d.has(type: key, code: InputCode.KEY_1) && d.has(type: key, code: InputCode.KEY_ENTER) { self = .keyboard; return }
        return nil
    }

    /// Why a device is not used, for `calx doctor` and the recording replay.
    public static func ignoredBecause(_ d: DeviceDescription) -> String {
        if let touchpad = touchpadReason(d) { return touchpad }
        return "neither a touchscreen (ABS_MT_SLOT and ABS_MT_POSITION_X/Y, or ABS_X/Y and BTN_TOUCH), a tablet (ABS_X/Y and BTN_LEFT) nor a keyboard"
    }

    /// A touchpad moves a pointer; its absolute axes are no place on the screen. udev says so
    /// (ID_INPUT_TOUCHPAD), or its codes do as udev's input_id reads them: a finger tool, no pen, and
    /// no INPUT_PROP_DIRECT. A device udev calls a touchscreen is one, whatever else it has.
    static func touchpadReason(_ d: DeviceDescription) -> String? {
        if d.udevValue("ID_INPUT_TOUCHSCREEN") == "1" { return nil }
        if d.udevValue("ID_INPUT_TOUCHPAD") == "1" { return "a touchpad (udev ID_INPUT_TOUCHPAD=1)" }
        let key = InputCode.EV_KEY
        if d.has(type: key, code: InputCode.BTN_TOOL_FINGER) && !d.has(type: key, code: InputCode.BTN_TOOL_PEN)
            && !d.has(property: InputCode.INPUT_PROP_DIRECT) {
            return "a touchpad (BTN_TOOL_FINGER without INPUT_PROP_DIRECT)"
        }
        return nil
    }

    /// The axes that carry a contact's position.
    public var positionCodes: (x: UInt16, y: UInt16)? {
        switch self {
        case .touchscreen: (InputCode.ABS_MT_POSITION_X, InputCode.ABS_MT_POSITION_Y)
        case .singleTouch, .tablet: (InputCode.ABS_X, InputCode.ABS_Y)
        case .keyboard: nil
        }
    }
}
