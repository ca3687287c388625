import EvdevInput

/// Writes a recording as `libinput record` does (format version 1), so that `libinput replay`, libinput's
/// analysis tools and Calx itself read it: the header, then each device's evdev description, udev properties
/// and events, one `- evdev:` frame per SYN_REPORT. Comments name the events, as libinput's do, through
/// `names` (Platform gives libevdev's names; nil writes numbers only).
public struct RecordingWriter {
    /// The event type's and code's names, e.g. ("EV_ABS", "ABS_MT_POSITION_X").
    public typealias Names = (_ type: UInt16, _ code: UInt16) -> (type: String, code: String)?

    public var system: [(key: String, value: String)]
    public var names: Names?

    public init(system: [(key: String, value: String)] = [], names: Names? = nil) {
        self.system = system
        self.names = names
    }

    public func text(_ recording: Recording) -> String {
        var out = "# libinput record\n# written by calx doctor --record\nversion: 1\nndevices: \(recording.devices.count)\n"
        out += "libinput:\n  version: \"none: calx doctor --record\"\n"
        if !system.isEmpty {
            out += "system:\n"
            for (key, value) in system { out += "  \(key): \(Self.quoted(value))\n" }
        }
        out += "devices:\n"
        for device in recording.devices { out += self.device(device) }
        return out
    }

    private func device(_ device: RecordedDevice) -> String {
        let d = device.description
        // A device recorded from no known node (none was given) starts with its evdev: section.
        var out = device.node.map { "- node: \(Self.quoted($0))\n  evdev:\n" } ?? "- evdev:\n"
        out += "    # Name: \(d.name.filter { !$0.isNewline })\n"
        out += "    name: \(Self.quoted(d.name))\n"
        out += "    id: [\(d.identity.bus), \(d.identity.vendor), \(d.identity.product), \(d.identity.version)]\n"
        out += "    codes:\n"
        for type in d.codes.keys.sorted() {
            let name = names?(type, 0).map { " # \($0.type)" } ?? ""
            out += "      \(type): [\((d.codes[type] ?? []).map(String.init).joined(separator: ", "))]\(name)\n"
        }
        if !d.axes.isEmpty {
            out += "    absinfo:\n"
            for code in d.axes.keys.sorted() {
                let a = d.axes[code]!
                out += "      \(code): [\(a.minimum), \(a.maximum), \(a.fuzz), \(a.flat), \(a.resolution)]\n"
            }
        }
        out += "    properties: [\(d.properties.map(String.init).joined(separator: ", "))]\n"
        out += "  udev:\n    properties:\n"
        for (name, value) in d.udev { out += "    - \(name)=\(value)\n" }
        out += "  events:\n"
        var frameOpen = false
        var lastFrame: Int64?
        for e in device.events {
            if !frameOpen { out += "  - evdev:\n"; frameOpen = true }
            let seconds = e.time / 1_000_000, micro = e.time % 1_000_000
            out += "    - [\(Self.pad(seconds, 3)), \(Self.pad(micro, 6)), \(Self.pad(Int64(e.type), 3)), \(Self.pad(Int64(e.code), 3)), \(Self.pad(Int64(e.value), 7))]"
            if e.type == InputCode.EV_SYN && e.code == InputCode.SYN_REPORT {
                let delta = lastFrame.map { (e.time - $0) / 1000 } ?? 0
                out += " # ------------ SYN_REPORT (\(e.value)) ---------- +\(delta)ms\n"
                lastFrame = e.time
                frameOpen = false
            } else if let n = names?(e.type, e.code) {
                out += " # \(n.type) / \(n.code) \(e.value)\n"
            } else {
                out += "\n"
            }
        }
        return out
    }

    private static func pad(_ n: Int64, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: " ", count: max(0, width - s.count)) + s
    }

    /// A double-quoted YAML scalar: backslashes, quotes and control characters escaped.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case _ where scalar.value < 0x20 || scalar.value == 0x7f:
                let hex = String(scalar.value, radix: 16)
                out += "\\x" + (hex.count < 2 ? "0" : "") + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
