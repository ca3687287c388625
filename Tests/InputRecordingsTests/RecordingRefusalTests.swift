import Testing
@testable import InputRecordings

/// Recordings come from strangers: each way a file can be wrong is refused with the line it is wrong on.
@Suite struct RecordingRefusalTests {
    /// The sample with line `number` (1-based) replaced by `text`.
    func sample(replacingLine number: Int, with text: String) -> [UInt8] {
        var lines = libinputSample.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[number - 1] = text
        return Array(lines.joined(separator: "\n").utf8)
    }

    func refusal(_ bytes: [UInt8]) -> RecordingError? {
        do { _ = try RecordingParser.parse(bytes); return nil } catch { return error }
    }

    func lineOf(_ needle: String) -> Int {
        1 + libinputSample.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(needle) }!
    }

    @Test(arguments: [
        ("    absinfo:", "\tabsinfo:", "tab"),
        ("      1: [0, 4095, 0, 0, 0]", "      1: [0, 4095, 0, 0", "never closed"),
        ("      1: [0, 4095, 0, 0, 0]", "      1: [0, 4095x, 0, 0, 0]", "not a whole number"),
        ("      1: [0, 4095, 0, 0, 0]", "      1: [0, 4095, 0, 0]", "absinfo: [min, max, fuzz, flat, resolution]"),
        ("      1: [0, 4095, 0, 0, 0]", "      1: [0, 99999999999, 0, 0, 0]", "not a whole number"),
        ("      1: [0, 4095, 0, 0, 0]", "      0: [0, 4095, 0, 0, 0]", "given twice"),
        ("      1: [0, 4095, 0, 0, 0]", "      64: [0, 4095, 0, 0, 0]", "axis codes"),
        ("      1: [330] # EV_KEY", "      1: [330, 9999] # EV_KEY", "not a whole number"),
        ("      1: [330] # EV_KEY", "      32: [330] # EV_KEY", "event types"),
        ("    properties: []", "    properties: [40]", "not a whole number"),
        ("    id: [28, 0, 7846, 0]", "    id: [28, 0, 7846]", "id: [bus, vendor, product, version]"),
        ("    id: [28, 0, 7846, 0]", "    id: &anchor [28, 0, 7846, 0]", "anchors"),
        ("    id: [28, 0, 7846, 0]", "    id: *alias", "aliases"),
        ("    id: [28, 0, 7846, 0]", "    id: !!seq [28]", "tags"),
        ("    name: \"ADS7846 Touchscreen\"", "    name: |", "block scalars"),
        ("    name: \"ADS7846 Touchscreen\"", "    name: \"ADS7846 \\q\"", "unknown escape"),
        ("    name: \"ADS7846 Touchscreen\"", "    name: \"ADS7846", "not closed"),
        ("    name: \"ADS7846 Touchscreen\"", "    name: \"ADS\" junk", "after a value"),
        ("    - [  0,      0,   3,   0,    1000] # EV_ABS / ABS_X                  1000 (+1000)",
         "    - [  0, 1000000,   3,   0,    1000]", "microseconds"),
        ("    - [  0,      0,   3,   0,    1000] # EV_ABS / ABS_X                  1000 (+1000)",
         "    - [  0,      0,   3,   0]", "an evdev event is"),
        ("    - [  0,      0,   3,   0,    1000] # EV_ABS / ABS_X                  1000 (+1000)",
         "    - [  0,      0,   3,   0,    4294967296]", "not a whole number"),
        ("    - ID_INPUT=1", "    - ID_INPUT", "NAME=value"),
        ("    - ID_INPUT=1", "   - ID_INPUT=1", "lines up with no block"),
        ("    virtual: false", "  - virtual: false", "list item"),
        ("  quirks:", "  quirks", "'key: value' was expected"),
        ("version: 1", "version: 2", "version 2"),
        ("ndevices: 1", "ndevices: 2", "ndevices: says 2"),
        ("devices:", "devices: none", "list of devices"),
        ("libinput:", "%YAML 1.2", "directives"),
        ("libinput:", "---", "second YAML document"),
        ("libinput:", "- libinput:", "list item"),
    ])
    func refusedWithItsLine(original: String, replacement: String, reason: String) throws {
        let line = lineOf(original)
        let error = try #require(refusal(sample(replacingLine: line, with: replacement)), "\(replacement) was accepted")
        #expect(error.message.contains(reason), "\(replacement): \(error)")
        // The line named is the one changed, or for a device's missing pieces, the one the device starts on;
        // a count cut short is named at the end.
        if !["ndevices: says 2", "absinfo: entry"].contains(where: reason.contains) {
            #expect(error.line == line, "\(replacement): \(error)")
        }
    }

    @Test func aMissingAbsinfoNamesTheCodesLine() throws {
        let bytes = sample(replacingLine: lineOf("      24: [0, 255, 0, 0, 0]"), with: "")
        let error = try #require(refusal(bytes))
        #expect(error.message.contains("EV_ABS code 24 has no absinfo"))
        #expect(error.line == lineOf("      0: [0, 1, 2, 3, 4"))
    }

    @Test(arguments: [
        ("", 1, "version"),
        ("- a\n- b\n", 1, "mapping"),
        ("version: 1\nndevices: 0\ndevices:\n", 2, "no device"),
        ("version: 1\nndevices: 1\ndevices:\n- node: /dev/input/event0\n", 4, "no evdev name"),
        // A device's missing pieces are named at the first line of it that says anything.
        ("version: 1\nndevices: 1\ndevices:\n- evdev:\n    name: x\n", 5, "no evdev id"),
        ("version: 1\nndevices: 1\ndevices:\n- evdev:\n    name: x\n    id: [0, 0, 0, 0]\n", 5, "no evdev codes"),
        ("version: 1\nversion: 1\n", 2, "given twice"),
        ("version: 1\nname: \u{1}x\n", 2, "UTF-8"),
    ])
    func wholeFilesRefused(text: String, line: Int, reason: String) throws {
        let bytes = Array(text.utf8).map { $0 == 1 ? 0xff : $0 }
        let error = try #require(refusal(bytes), "\(text) was accepted")
        #expect(error.message.contains(reason), "\(error)")
        #expect(error.line == line, "\(error)")
    }

    @Test func limitsHoldAndAreNamed() throws {
        let long = "version: 1\n" + "name: " + String(repeating: "x", count: BlockYAMLReader.lineLimit) + "\n"
        #expect(refusal(Array(long.utf8))?.message.contains("longer than") == true)
        var deep = "version: 1\n"
        for depth in 0..<40 { deep += String(repeating: " ", count: depth) + "k\(depth):\n" }
        #expect(refusal(Array(deep.utf8))?.message.contains("nested deeper") == true)
        let nested = "version: 1\nx: " + String(repeating: "[", count: 20) + String(repeating: "]", count: 20) + "\n"
        #expect(refusal(Array(nested.utf8))?.line == 2)
        let huge = [UInt8](repeating: 32, count: Recording.byteLimit + 1)
        #expect(refusal(huge)?.message.contains("more than the") == true)
    }
}
