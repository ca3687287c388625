/// What an evdev device says of itself, as `libinput record` writes it: its name and id, the event codes it
/// sends, each absolute axis's range and resolution, its input properties, and the udev properties set on it
/// (ID_INPUT_TOUCHSCREEN, LIBINPUT_CALIBRATION_MATRIX, ...). Platform reads one from a live device through
/// libevdev and libudev; a recording carries one. Everything the input path decides about a device (what it
/// is, how its axes map onto the screen) is decided from this alone, so a recording is treated as the device.
public struct DeviceDescription: Sendable, Equatable {
    /// struct input_id.
    public struct Identity: Sendable, Equatable {
        public var bus: Int, vendor: Int, product: Int, version: Int
        public init(bus: Int = 0, vendor: Int = 0, product: Int = 0, version: Int = 0) {
            self.bus = bus; self.vendor = vendor; self.product = product; self.version = version
        }
    }

    /// struct input_absinfo, without the current value.
    public struct Axis: Sendable, Equatable {
        public var minimum: Int32, maximum: Int32, fuzz: Int32, flat: Int32, resolution: Int32
        public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
            self.minimum = minimum; self.maximum = maximum; self.fuzz = fuzz; self.flat = flat; self.resolution = resolution
        }
        /// minimum...maximum, or minimum...minimum when the device gives them the wrong way round.
        public var range: ClosedRange<Int> { Int(minimum)...max(Int(minimum), Int(maximum)) }
    }

    public var name: String
    public var identity: Identity
    /// Event type → the codes of that type the device sends, in increasing order.
    public var codes: [UInt16: [UInt16]]
    /// Absolute axis code → its range; every EV_ABS code has one.
    public var axes: [UInt16: Axis]
    /// INPUT_PROP_* numbers, in increasing order.
    public var properties: [UInt16]
    /// udev's properties as "NAME=value" pairs, in the order given.
    public var udev: [(name: String, value: String)]

    public init(name: String, identity: Identity = Identity(), codes: [UInt16: [UInt16]] = [:], axes: [UInt16: Axis] = [:],
                properties: [UInt16] = [], udev: [(name: String, value: String)] = []) {
        self.name = name; self.identity = identity; self.axes = axes
        self.codes = codes.mapValues { Array(Set($0)).sorted() }
        self.properties = Array(Set(properties)).sorted()
        self.udev = udev
    }

    public func has(type: UInt16, code: UInt16) -> Bool { codes[type]?.contains(code) ?? false }
    public func has(property: UInt16) -> Bool { properties.contains(property) }

    /// The value of udev property `name`, the first if it is given twice.
    public func udevValue(_ name: String) -> String? { udev.first { $0.name == name }?.value }

    public static func == (a: DeviceDescription, b: DeviceDescription) -> Bool {
        a.name == b.name && a.identity == b.identity && a.codes == b.codes && a.axes == b.axes && a.properties == b.properties
            && a.udev.elementsEqual(b.udev) { $0.name == $1.name && $0.value == $1.value }
    }
}
