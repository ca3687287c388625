import CalxApp
import InputRecordings
import Kiosk
import Platform
import Raster
import SeededRandom

extension FuzzTarget {
    /// libinput recordings as a stranger's bug report may hold them: a well-formed recording of a random
    /// panel (written as libinput writes them), then, mostly, broken the ways files break (lines dropped,
    /// doubled or swapped, bytes flipped, cut short) or attacked (tabs, anchors, open brackets, nesting,
    /// numbers out of range, long lines). A refusal names a line of the file; a recording that is taken plays
    /// through the input path into a kiosk with every contact on the screen and every id's story whole, and
    /// what the writer writes of it reads back the same.
    static let record = FuzzTarget(name: "record", hangSeconds: 10, outputLimit: 1 << 16) { rng in
        let original = RecordingWriter().text(randomRecording(&rng))
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if rng.below(5) != 0 { for _ in 0..<1 + rng.below(4) { breakRecording(&lines, &rng) } }
        let text = lines.joined(separator: "\n")
        let lineCount = text.utf8.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
        let recording: Recording
        do throws(RecordingError) { recording = try RecordingParser.parse(Array(text.utf8)) } catch {
            var outcome = Outcome(outputBytes: error.description.utf8.count)
            if !(1...lineCount).contains(error.line) || !error.description.hasPrefix("line \(error.line): ") {
                outcome.problem = "line \(error.line) of a \(lineCount)-line file: \(error)"
            }
            return outcome
        }
        do throws(RecordingError) {
            if try RecordingParser.parse(Array(RecordingWriter().text(recording).utf8)) != recording {
                return Outcome(problem: "the writer's text of a recording reads back different")
            }
        } catch {
            return Outcome(problem: "the writer's text of a recording is refused: \(error)")
        }
        let size = [(800, 480), (480, 320), (720, 1280)][rng.below(3)]
        var replay = RecordingReplay(recording, screen: size, rotation: ScreenRotation.allCases[rng.below(4)], calibration: nil)
        var live: Set<Int> = [], problem: String?
        replay.play(startTime: 1) { _, output in
            guard case .touches(let contacts) = output else { return }
            for c in contacts {
                if !(0...Double(size.0 - 1)).contains(c.x) || !(0...Double(size.1 - 1)).contains(c.y) { problem = problem ?? "off screen: \(c)" }
                switch c.phase {
                case .down: if !live.insert(c.id).inserted { problem = problem ?? "down twice: \(c.id)" }
                case .move: if !live.contains(c.id) { problem = problem ?? "move of \(c.id), not down" }
                case .up, .cancel: if live.remove(c.id) == nil { problem = problem ?? "\(c.phase) of \(c.id), not down" }
                }
            }
        }
        let app = KioskApp(width: size.0, height: size.1, glyphs: NoGlyphs(), storage: MemoryStateStorage())
        let playback = RecordingPlayback(path: "fuzz.yml", recording: recording, rotation: .upright, calibration: nil)
        let lines2 = (try? playback.play(into: app, startTime: 1).get())?.lines ?? []
        return Outcome(outputBytes: lines2.joined().utf8.count, problem: problem)
    }

    /// A panel of a random kind and range, touched at random: multitouch or single-touch, maybe a udev matrix.
    private static func randomRecording(_ rng: inout SplitMix64) -> Recording {
        let c = InputCode.self
        let multitouch = rng.below(2) == 0
        let lo = Int32(rng.below(4) == 0 ? -rng.below(1000) : 0), hi = lo + Int32(1 + rng.below(rng.below(4) == 0 ? 1 << 30 : 5000))
        var axes: [UInt16: DeviceDescription.Axis] = [c.ABS_X: .init(minimum: lo, maximum: hi), c.ABS_Y: .init(minimum: lo, maximum: hi)]
        var abs: [UInt16] = [c.ABS_X, c.ABS_Y]
        if multitouch {
            abs += [c.ABS_MT_SLOT, c.ABS_MT_POSITION_X, c.ABS_MT_POSITION_Y, c.ABS_MT_TRACKING_ID]
            axes[c.ABS_MT_SLOT] = .init(minimum: 0, maximum: 9)
            axes[c.ABS_MT_TRACKING_ID] = .init(minimum: 0, maximum: 65535)
            axes[c.ABS_MT_POSITION_X] = axes[c.ABS_X]; axes[c.ABS_MT_POSITION_Y] = axes[c.ABS_Y]
        }
        var udev: [(name: String, value: String)] = [("ID_INPUT", "1"), ("ID_INPUT_TOUCHSCREEN", "1")]
        if rng.below(3) == 0 {
            udev.append((CalibrationChoice.udevProperty, (0..<6).map { _ in String(rng.uniform(-2, 2)) }.joined(separator: " ")))
        }
        let description = DeviceDescription(name: "fuzz panel \(rng.below(100))", identity: .init(bus: rng.below(32)),
                                            codes: [c.EV_SYN: [0], c.EV_KEY: [c.BTN_TOUCH], c.EV_ABS: abs], axes: axes,
                                            properties: [c.INPUT_PROP_DIRECT], udev: udev)
        var events: [RecordedEvent] = []
        var time: Int64 = 0
        for _ in 0..<rng.below(rng.below(20) == 0 ? 20_000 : 300) {
            time += Int64(rng.below(20_000))
            let code = abs[rng.below(abs.count)]
            let value = code == c.ABS_MT_SLOT ? Int32(rng.below(12)) : code == c.ABS_MT_TRACKING_ID ? Int32(rng.below(5)) - 1
                : lo + Int32(rng.below(Int(min(hi - lo, 100_000)) + 1))
            events.append(RecordedEvent(time: time, type: c.EV_ABS, code: code, value: value))
            if rng.below(4) == 0 { events.append(RecordedEvent(time: time, type: c.EV_KEY, code: c.BTN_TOUCH, value: Int32(rng.below(2)))) }
            if rng.below(3) == 0 { events.append(RecordedEvent(time: time, type: c.EV_SYN, code: c.SYN_REPORT, value: 0)) }
        }
        return Recording(devices: [RecordedDevice(node: "/dev/input/event\(rng.below(10))", description: description, events: events)])
    }

    private static let junk = ["\t", "&a ", "*a", "!!str ", "|", "[", "]", "{", "}", "\"", "'", "\\q", "- ", ": ", "#", "---", "...",
                               "%YAML", "99999999999999999999", "-1", "0x", "nan", "\u{0}", "\u{FEFF}", "é"]

    /// One way a file gets broken.
    private static func breakRecording(_ lines: inout [String], _ rng: inout SplitMix64) {
        guard !lines.isEmpty else { return }
        let i = rng.below(lines.count)
        switch rng.below(9) {
        case 0: lines.remove(at: i)
        case 1: lines.insert(lines[i], at: i)
        case 2: lines.swapAt(i, rng.below(lines.count))
        case 3: lines.removeLast(rng.below(lines.count))
        case 4:
            var bytes = Array(lines[i].utf8)
            if !bytes.isEmpty { bytes[rng.below(bytes.count)] = rng.byte() }
            lines[i] = String(decoding: bytes, as: UTF8.self)
        case 5:
            let at = lines[i].index(lines[i].startIndex, offsetBy: rng.below(lines[i].count + 1))
            lines[i].insert(contentsOf: junk[rng.below(junk.count)], at: at)
        case 6: lines[i] = String(repeating: " ", count: rng.below(40)) + lines[i].drop { $0 == " " }
        case 7: lines.insert(String(repeating: rng.below(2) == 0 ? "[" : "x", count: rng.below(20_000)), at: i)
        default: lines.insert((0..<rng.below(50)).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n"), at: i)
        }
    }
}
