import EvdevInput
import Testing
@testable import InputRecordings

@Suite struct RecordingParserTests {
    func parse(_ text: String) throws(RecordingError) -> Recording { try RecordingParser.parse(Array(text.utf8)) }

    @Test func readsLibinputsLayout() throws {
        let r = try parse(libinputSample)
        #expect(r.devices.count == 1)
        let d = r.devices[0]
        #expect(d.node == "/dev/input/event5")
        #expect(d.description.name == "ADS7846 Touchscreen")
        #expect(d.description.identity == .init(bus: 28, vendor: 0, product: 7846, version: 0))
        #expect(d.description.codes[1] == [330])
        #expect(d.description.codes[3] == [0, 1, 24])
        #expect(d.description.axes[24] == .init(minimum: 0, maximum: 255))
        #expect(d.description.properties.isEmpty)
        #expect(d.description.udevValue("LIBINPUT_CALIBRATION_MATRIX") == "1 0 0 0 -1 1")
        #expect(d.description.udevValue("ID_INPUT_TOUCHSCREEN") == "1")
        #expect(d.events.count == 8)
        #expect(d.events[1] == RecordedEvent(time: 0, type: 3, code: 0, value: 1000))
        #expect(d.events[5] == RecordedEvent(time: 80_000, type: 1, code: 330, value: 0))
        #expect(DeviceKind(d.description) == .singleTouch)
    }

    /// libinput-record(1)'s own example, with its elisions filled in.
    @Test func readsTheManPagesExample() throws {
        let text = """
        version: 1
        ndevices: 1
        libinput:
          version: 1.10.0
        system:
          os: "fedora:26"
          kernel: "4.13.9-200.fc26.x86_64"
          dmi: "dmi:bvnLENOVO:bvrGJET72WW(2.22):bd02/21/2014:svnLENOVO:..."
        devices:
          - node: /dev/input/event9
            evdev:
              # Name: Synaptics TM2668-002
              name: Synaptics TM2668-002
              id: [29, 1739, 0, 0]
              codes:
                0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] # EV_SYN
                1: [272, 325, 328, 330, 333, 334, 335] # EV_KEY
                3: [0, 1, 24, 47, 48, 49, 52, 53, 54, 55, 57, 58] # EV_ABS
              absinfo:
                0: [0, 4089, 0, 0, 42]
                1: [0, 2811, 0, 0, 41]
                24: [0, 255, 0, 0, 0]
                47: [0, 4, 0, 0, 0]
                48: [0, 15, 0, 0, 0]
                49: [0, 15, 0, 0, 0]
                52: [0, 1, 0, 0, 0]
                53: [0, 4089, 0, 0, 42]
                54: [0, 2811, 0, 0, 41]
                55: [0, 2, 0, 0, 0]
                57: [0, 65535, 0, 0, 0]
                58: [0, 255, 0, 0, 0]
              properties: [0, 2, 4]
            hid: [12, 23, 34, 45]
            udev:
              properties:
              - ID_INPUT_MOUSE=1
              - ID_INPUT=1
            quirks:
              - ModelAppleTouchpad=1
              - AttrSizeHint=32x32
            events:
              - evdev:
                - [  0,      0,   3,  57,  1420] # EV_ABS / ABS_MT_TRACKING_ID   1420
                - [  0,      0,   3,  53,  1218] # EV_ABS / ABS_MT_POSITION_X    1218
                - [  0,      0,   0,   0,     0] # ------------ SYN_REPORT (0) ------- +0ms
              - evdev:
                - [  0,  11879,   3,  53,  1330] # EV_ABS / ABS_MT_POSITION_X    1330
                - [  0,  11879,   0,   0,     0] # ------------ SYN_REPORT (0) ------- +0ms
        """
        let r = try parse(text)
        #expect(r.devices[0].description.name == "Synaptics TM2668-002")
        #expect(r.devices[0].description.axes[53]?.resolution == 42)
        #expect(r.devices[0].events.map(\.time) == [0, 0, 0, 11_879, 11_879])
        // A touchpad: the kiosk leaves it alone, and says why.
        #expect(DeviceKind(r.devices[0].description) == nil)
        #expect(DeviceKind.ignoredBecause(r.devices[0].description).contains("touchpad"))
    }

    @Test func whatTheWriterWritesReadsBackTheSame() throws {
        let r = try parse(libinputSample)
        let written = RecordingWriter(system: [("kernel", "6.1.0 \"test\"")], names: { t, c in ("T\(t)", "C\(c)") }).text(r)
        #expect(try parse(written) == r)
        // And without names or system lines.
        #expect(try parse(RecordingWriter().text(r)) == r)
    }

    @Test func timesNeverGoBack() throws {
        let text = libinputSample.replacingOccurrences(of: "[  0,  80000,   3,  24,", with: "[  0,  70000,   3,  24,")
        let times = try parse(text).devices[0].events.map(\.time)
        #expect(times == times.sorted())
        #expect(times[6] == 80_000)
    }

    @Test func quotedNamesKeepTheirEscapes() throws {
        let text = libinputSample.replacingOccurrences(of: "name: \"ADS7846 Touchscreen\"", with: #"name: "A \"quoted\" \u00e9\\ panel""#)
        #expect(try parse(text).devices[0].description.name == "A \"quoted\" é\\ panel")
        let single = libinputSample.replacingOccurrences(of: "name: \"ADS7846 Touchscreen\"", with: "name: 'it''s'")
        #expect(try parse(single).devices[0].description.name == "it's")
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
