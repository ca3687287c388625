/// Linux input event numbers the input path understands (linux/input-event-codes.h), named as there.
public enum InputCode {
    public static let EV_SYN: UInt16 = 0, EV_KEY: UInt16 = 1, EV_REL: UInt16 = 2, EV_ABS: UInt16 = 3, EV_MSC: UInt16 = 4
    /// The largest event type (EV_MAX).
    public static let typeMax: UInt16 = 0x1f
    public static let SYN_REPORT: UInt16 = 0, SYN_DROPPED: UInt16 = 3
    public static let ABS_X: UInt16 = 0, ABS_Y: UInt16 = 1, ABS_PRESSURE: UInt16 = 0x18
    public static let ABS_MT_SLOT: UInt16 = 0x2f, ABS_MT_TOUCH_MAJOR: UInt16 = 0x30, ABS_MT_WIDTH_MAJOR: UInt16 = 0x32
    public static let ABS_MT_POSITION_X: UInt16 = 0x35, ABS_MT_POSITION_Y: UInt16 = 0x36
    public static let ABS_MT_TRACKING_ID: UInt16 = 0x39, ABS_MT_PRESSURE: UInt16 = 0x3a
    /// The largest absolute axis (ABS_MAX).
    public static let absMax: UInt16 = 0x3f
    public static let MSC_TIMESTAMP: UInt16 = 5
    public static let BTN_LEFT: UInt16 = 0x110, BTN_TOOL_PEN: UInt16 = 0x140, BTN_TOOL_FINGER: UInt16 = 0x145
    public static let BTN_TOUCH: UInt16 = 0x14a, BTN_STYLUS: UInt16 = 0x14b
    public static let KEY_1: UInt16 = 2, KEY_ENTER: UInt16 = 28, KEY_LEFTSHIFT: UInt16 = 42, KEY_RIGHTSHIFT: UInt16 = 54
    /// The largest key code (KEY_MAX).
    public static let keyMax: UInt16 = 0x2ff
    public static let INPUT_PROP_POINTER: UInt16 = 0, INPUT_PROP_DIRECT: UInt16 = 1
    /// The largest input property (INPUT_PROP_MAX).
    public static let propertyMax: UInt16 = 0x1f
}
