import Testing
@testable import EvdevInput

/// What the kiosk makes of a device, from its codes, input properties and udev properties alone.
@Suite struct DeviceKindTests {
    let abs = InputCode.EV_ABS, key = InputCode.EV_KEY
    var multitouch: DeviceDescription {
        DeviceDescription(name: "mt", codes: [abs: [0, 1, 0x2f, 0x35, 0x36, 0x39], key: [InputCode.BTN_TOUCH]],
                          properties: [InputCode.INPUT_PROP_DIRECT])
    }

    @Test func theKindsByTheirCodes() {
        #expect(DeviceKind(multitouch) == .touchscreen)
        #expect(DeviceKind(DeviceDescription(name: "ads", codes: [abs: [0, 1, 0x18], key: [InputCode.BTN_TOUCH]])) == .singleTouch)
        #expect(DeviceKind(DeviceDescription(name: "tablet", codes: [abs: [0, 1], key: [InputCode.BTN_LEFT]])) == .tablet)
        #expect(DeviceKind(DeviceDescription(name: "kbd", codes: [key: [InputCode.KEY_1, InputCode.KEY_ENTER]])) == .keyboard)
        #expect(DeviceKind(DeviceDescription(name: "power button", codes: [key: [116]])) == nil)
    }

    /// A laptop's touchpad has slots too; it moves a pointer and is not a place on the screen.
    @Test func aTouchpadIsNoTouchscreen() {
        var pad = multitouch
        pad.codes[key] = [InputCode.BTN_LEFT, InputCode.BTN_TOOL_FINGER, InputCode.BTN_TOUCH]
        pad.properties = [InputCode.INPUT_PROP_POINTER]
        #expect(DeviceKind(pad) == nil)
        #expect(DeviceKind.ignoredBecause(pad).contains("BTN_TOOL_FINGER without INPUT_PROP_DIRECT"))
        // udev's word wins either way.
        pad.udev = [("ID_INPUT_TOUCHSCREEN", "1")]
        #expect(DeviceKind(pad) == .touchscreen)
        var screen = multitouch
        screen.udev = [("ID_INPUT", "1"), ("ID_INPUT_TOUCHPAD", "1")]
        #expect(DeviceKind(screen) == nil)
        #expect(DeviceKind.ignoredBecause(screen).contains("ID_INPUT_TOUCHPAD"))
    }

    /// A touchscreen that also has a finger tool but says it is direct (hid-multitouch panels) stays one.
    @Test func aDirectDeviceWithAFingerToolIsATouchscreen() {
        var panel = multitouch
        panel.codes[key] = [InputCode.BTN_TOOL_FINGER, InputCode.BTN_TOUCH]
        #expect(DeviceKind(panel) == .touchscreen)
    }
}
