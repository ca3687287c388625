import EvdevInput

/// One kernel event as recorded: its time in microseconds (as the recording counts them, usually from its
/// first event), and its type, code and value.
public struct RecordedEvent: Equatable, Sendable {
    public var time: Int64
    public var type: UInt16
    public var code: UInt16
    public var value: Int32
    public init(time: Int64, type: UInt16, code: UInt16, value: Int32) {
        self.time = time; self.type = type; self.code = code; self.value = value
    }
}

/// One recorded device: the node it was recorded from, what it said of itself, and its events in order.
public struct RecordedDevice: Equatable, Sendable {
    public var node: String?
    public var description: DeviceDescription
    public var events: [RecordedEvent]
    public init(node: String? = nil, description: DeviceDescription, events: [RecordedEvent] = []) {
        self.node = node; self.description = description; self.events = events
    }
}

/// A `libinput record` recording (format version 1, libinput-record(1)): the devices recorded together,
/// with one clock.
public struct Recording: Equatable, Sendable {
    public var devices: [RecordedDevice]
    public init(devices: [RecordedDevice]) { self.devices = devices }

    /// The largest recording read: a quarter of an hour of a ten-finger panel at 120 frames a second.
    public static let byteLimit = 32 << 20
    /// The most devices one recording may hold.
    public static let deviceLimit = 16
}
