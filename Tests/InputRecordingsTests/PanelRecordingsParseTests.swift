import EvdevInput
import SystemFiles
import Testing
@testable import InputRecordings

/// The recordings `libinput record` 1.22 made of the panel clones (Tests/Recordings, Tests/System/panels.sh):
/// each reads as its panel's description says, classifies as its driver's kind, and survives the writer.
@Suite struct PanelRecordingsParseTests {
    static let folder: String = {
        var path = #filePath
        for _ in 0..<2 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path + "/Recordings/"
    }()

    static let expected: [(file: String, name: String, kind: DeviceKind, matrix: String?)] = [
        ("pi7-800x480", "raspberrypi-ts", .touchscreen, nil),
        ("goodix-720x1280", "Goodix Capacitive TouchScreen", .touchscreen, nil),
        ("goodix-1280x720-rotate90", "Goodix Capacitive TouchScreen", .touchscreen, nil),
        ("ilitek-800x480", "ILITEK ILITEK-TP", .touchscreen, nil),
        ("ilitek-1280x720", "ILITEK ILITEK-TP", .touchscreen, nil),
        ("ads7846-480x320", "ADS7846 Touchscreen", .singleTouch, "1.1375 0 -0.0694 0 -1.17 1.0857"),
        ("ft5x06-swapped-800x480", "generic ft5x06 (55)", .touchscreen, "0 1 0 1 0 0"),
    ]

    static func load(_ path: String) throws -> Recording {
        let bytes = try #require(try RegularFile(path: path, limit: Recording.byteLimit).read(), "\(path) is missing")
        return try RecordingParser.parse(bytes)
    }

    @Test(arguments: expected.map(\.file))
    func eachRecordingIsItsPanel(file: String) throws {
        let want = try #require(Self.expected.first { $0.file == file })
        let recording = try Self.load(Self.folder + file + ".yml")
        let device = try #require(recording.devices.first)
        #expect(recording.devices.count == 1)
        #expect(device.description.name == want.name)
        #expect(DeviceKind(device.description) == want.kind)
        #expect(device.description.udevValue("ID_INPUT_TOUCHSCREEN") == "1", "udev's input_id called it a touchscreen")
        #expect(device.description.udevValue(CalibrationChoice.udevProperty) == want.matrix)
        #expect(device.events.count > 100)
        #expect(device.events.last.map { $0.type == InputCode.EV_SYN && $0.code == InputCode.SYN_REPORT } == true)
        // The clone is the description it was made from: the recorded id, codes, axes and properties.
        let panel = try Self.load(Self.folder + "Panels/" + Self.descriptionFile(file) + ".yml").devices[0].description
        #expect(device.description.identity == panel.identity)
        #expect(device.description.codes == panel.codes)
        #expect(device.description.axes == panel.axes)
        #expect(device.description.properties == panel.properties)
        // What the writer writes of it reads back the same.
        #expect(try RecordingParser.parse(Array(RecordingWriter().text(recording).utf8)) == recording)
    }

    static func descriptionFile(_ recording: String) -> String {
        switch recording {
        case "pi7-800x480": "raspberrypi-ts"
        case "ilitek-800x480": "ilitek-7-inch"
        case "ilitek-1280x720": "ilitek-10-inch"
        case "ads7846-480x320": "ads7846"
        case "ft5x06-swapped-800x480": "ft5x06-swapped"
        default: "goodix-gt911"
        }
    }
}
