import EvdevInput

/// Reads a `libinput record` recording: its version (1), its devices' evdev descriptions (name, id, codes,
/// absinfo, properties), their udev properties and their evdev events. Keys it does not know are skipped, as
/// the format asks (libinput:, system:, hid:, quirks:, libinput events). Recordings come from strangers: every
/// number is range-checked, every device must be complete, and anything wrong names its line.
public enum RecordingParser {
    public static func parse(_ bytes: [UInt8]) throws(RecordingError) -> Recording {
        guard bytes.count <= Recording.byteLimit else {
            throw RecordingError(line: 1, "the recording is \(bytes.count) bytes, more than the \(Recording.byteLimit) read")
        }
        var builder = RecordingBuilder()
        try BlockYAMLReader.read(bytes) { (leaf, path, line) throws(RecordingError) in try builder.take(leaf, at: path, line: line) }
        return try builder.finish(lines: bytes.reduce(1) { $0 + ($1 == 10 ? 1 : 0) })
    }
}

/// The recording as its leaves arrive.
struct RecordingBuilder {
    static let eventLimit = 4_000_000

    struct Device {
        var line: Int
        var node: String?
        var name: String?
        var identity: DeviceDescription.Identity?
        var codes: [UInt16: [UInt16]] = [:]
        var codesLine: Int?
        var axes: [UInt16: DeviceDescription.Axis] = [:]
        var properties: [UInt16] = []
        var udev: [(name: String, value: String)] = []
        var events: [RecordedEvent] = []
        var lastTime: Int64 = 0
    }

    var version: (value: String, line: Int)?
    var declaredDevices: (count: Int, line: Int)?
    var devices: [Device] = []
    var eventCount = 0

    mutating func take(_ leaf: YAMLLeaf, at path: [YAMLPathComponent], line: Int) throws(RecordingError) {
        guard case .key(let top)? = path.first else { return }
        switch top {
        case "version" where path.count == 1:
            guard case .scalar(let v) = leaf else { throw RecordingError(line: line, "version: wants a number") }
            version = (v, line)
        case "ndevices" where path.count == 1:
            guard case .scalar(let v) = leaf, let n = Int(v), n >= 0 else { throw RecordingError(line: line, "ndevices: wants a count") }
            declaredDevices = (n, line)
        case "devices":
            if path.count == 1 {
                guard leaf == .empty else { throw RecordingError(line: line, "devices: is a list of devices") }
                return
            }
            guard case .index(let d) = path[1] else { throw RecordingError(line: line, "devices: is a list of devices") }
            if d == devices.count {
                guard d < Recording.deviceLimit else { throw RecordingError(line: line, "more than \(Recording.deviceLimit) devices") }
                devices.append(Device(line: line))
            }
            // Swapped out and back, so that its events are never copied.
            var device = Device(line: line)
            swap(&device, &devices[d])
            defer { swap(&device, &devices[d]) }
            try takeDevice(leaf, at: path.dropFirst(2), line: line, device: &device)
        default:
            return
        }
    }

    private mutating func takeDevice(_ leaf: YAMLLeaf, at path: ArraySlice<YAMLPathComponent>, line: Int,
                                     device: inout Device) throws(RecordingError) {
        let p = Array(path)
        let head = Array(p.prefix(2))
        let isEvent = p.count == 4 && p[0] == .key("events") && p[2] == .key("evdev")
        switch head {
        case _ where isEvent:
            try takeEvent(leaf, line: line, device: &device)
        case [.key("node")]:
            guard case .scalar(let node) = leaf else { throw RecordingError(line: line, "node: wants a path") }
            device.node = node
        case [.key("evdev"), .key("name")]:
            guard case .scalar(let name) = leaf, name.utf8.count <= 256 else {
                throw RecordingError(line: line, "name: wants the device's name (at most 256 bytes)")
            }
            device.name = name
        case [.key("evdev"), .key("id")]:
            let id = try RecordedNumbers.list(leaf, count: 4, line: line, what: "id: [bus, vendor, product, version]", range: 0...0xffff)
            device.identity = DeviceDescription.Identity(bus: id[0], vendor: id[1], product: id[2], version: id[3])
        case [.key("evdev"), .key("codes")] where p.count == 3:
            try takeCodes(leaf, type: p[2], line: line, device: &device)
        case [.key("evdev"), .key("absinfo")] where p.count == 3:
            guard case .key(let text) = p[2], let code = RecordedNumbers.integer(text),
                  (0...Int64(InputCode.absMax)).contains(code) else {
                throw RecordingError(line: line, "absinfo: is keyed by axis codes 0 to \(InputCode.absMax)")
            }
            let v = try RecordedNumbers.list(leaf, count: 5, line: line, what: "absinfo: [min, max, fuzz, flat, resolution]",
                                             range: Int(Int32.min)...Int(Int32.max))
            device.axes[UInt16(code)] = DeviceDescription.Axis(minimum: Int32(v[0]), maximum: Int32(v[1]), fuzz: Int32(v[2]),
                                                               flat: Int32(v[3]), resolution: Int32(v[4]))
        case [.key("evdev"), .key("properties")]:
            device.properties = try RecordedNumbers.list(leaf, count: nil, line: line, what: "properties: [INPUT_PROP numbers]",
                                                         range: 0...Int(InputCode.propertyMax)).map { UInt16($0) }
        case [.key("udev"), .key("properties")] where p.count == 3:
            guard case .scalar(let text) = leaf, let eq = text.firstIndex(of: "="), eq != text.startIndex else {
                throw RecordingError(line: line, "udev properties are NAME=value")
            }
            guard device.udev.count < 256 else { throw RecordingError(line: line, "more than 256 udev properties") }
            device.udev.append((String(text[..<eq]), String(text[text.index(after: eq)...])))
        default:
            return
        }
    }

    private mutating func takeCodes(_ leaf: YAMLLeaf, type key: YAMLPathComponent, line: Int, device: inout Device) throws(RecordingError) {
        guard case .key(let text) = key, let type = RecordedNumbers.integer(text), (0...Int64(InputCode.typeMax)).contains(type) else {
            throw RecordingError(line: line, "codes: is keyed by event types 0 to \(InputCode.typeMax)")
        }
        let codes = try RecordedNumbers.list(leaf, count: nil, line: line, what: "codes: [event codes]", range: 0...Int(InputCode.keyMax))
        device.codes[UInt16(type)] = codes.map { UInt16($0) }
        device.codesLine = device.codesLine ?? line
    }

    private mutating func takeEvent(_ leaf: YAMLLeaf, line: Int, device: inout Device) throws(RecordingError) {
        let what = "an evdev event is [seconds, microseconds, type, code, value]"
        let e = try RecordedNumbers.list(leaf, count: 5, line: line, what: what, range: Int(Int32.min)...Int(UInt32.max))
        guard e[0] >= 0, (0..<1_000_000).contains(e[1]), (0...Int(InputCode.typeMax)).contains(e[2]),
              (0...Int(InputCode.keyMax)).contains(e[3]), (Int(Int32.min)...Int(Int32.max)).contains(e[4]) else {
            throw RecordingError(line: line, "\(what), with 0 ≤ microseconds < 1000000, type ≤ \(InputCode.typeMax), code ≤ \(InputCode.keyMax)")
        }
        eventCount += 1
        guard eventCount <= Self.eventLimit else { throw RecordingError(line: line, "more than \(Self.eventLimit) events") }
        // A clock stepped back (evdev's default clock is the wall clock) is taken as no time passing.
        let time = max(Int64(e[0]) * 1_000_000 + Int64(e[1]), device.lastTime)
        device.lastTime = time
        device.events.append(RecordedEvent(time: time, type: UInt16(e[2]), code: UInt16(e[3]), value: Int32(e[4])))
    }

    func finish(lines: Int) throws(RecordingError) -> Recording {
        guard let version else { throw RecordingError(line: 1, "no 'version: 1': this is not a libinput recording") }
        guard version.value == "1" else {
            throw RecordingError(line: version.line, "version \(version.value): Calx reads libinput recordings of version 1")
        }
        guard let declared = declaredDevices else { throw RecordingError(line: 1, "no 'ndevices:' line") }
        guard declared.count == devices.count else {
            throw RecordingError(line: devices.count < declared.count ? lines : declared.line,
                                 "ndevices: says \(declared.count), the recording has \(devices.count) (a file cut short?)")
        }
        guard !devices.isEmpty else { throw RecordingError(line: declared.line, "the recording has no device") }
        var recorded: [RecordedDevice] = []
        for d in devices {
            guard let name = d.name else { throw RecordingError(line: d.line, "the device has no evdev name:") }
            guard let identity = d.identity else { throw RecordingError(line: d.line, "the device has no evdev id:") }
            guard let codesLine = d.codesLine else { throw RecordingError(line: d.line, "the device has no evdev codes:") }
            if let missing = d.codes[InputCode.EV_ABS]?.first(where: { d.axes[$0] == nil }) {
                throw RecordingError(line: codesLine, "EV_ABS code \(missing) has no absinfo: entry")
            }
            let description = DeviceDescription(name: name, identity: identity, codes: d.codes, axes: d.axes,
                                                 properties: d.properties, udev: d.udev)
            recorded.append(RecordedDevice(node: d.node, description: description, events: d.events))
        }
        return Recording(devices: recorded)
    }
}

/// Numbers as recordings write them: decimal, or hexadecimal with 0x, optionally signed.
enum RecordedNumbers {
    static func integer(_ text: String) -> Int64? {
        var s = Substring(text)
        let negative = s.hasPrefix("-")
        if negative || s.hasPrefix("+") { s = s.dropFirst() }
        guard !s.isEmpty, s.count <= 18 else { return nil }
        let magnitude = s.hasPrefix("0x") || s.hasPrefix("0X") ? Int64(s.dropFirst(2), radix: 16) : Int64(s, radix: 10)
        return magnitude.map { negative ? -$0 : $0 }
    }

    /// A flow list of `count` (any, if nil) integers, each in `range`.
    static func list(_ leaf: YAMLLeaf, count: Int?, line: Int, what: String, range: ClosedRange<Int>) throws(RecordingError) -> [Int] {
        guard case .flow(.sequence(let items)) = leaf, count == nil || items.count == count else {
            throw RecordingError(line: line, what)
        }
        var numbers: [Int] = []
        numbers.reserveCapacity(items.count)
        for item in items {
            guard case .scalar(let text) = item, let n = integer(text), (Int64(range.lowerBound)...Int64(range.upperBound)).contains(n) else {
                let shown = if case .scalar(let text) = item { "'\(text)'" } else { "a list" }
                throw RecordingError(line: line, "\(what): \(shown) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            numbers.append(Int(n))
        }
        return numbers
    }
}
