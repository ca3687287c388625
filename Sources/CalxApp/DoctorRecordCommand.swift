#if canImport(Glibc)
import Glibc
#endif
import InputRecordings
import Platform

/// `calx doctor --record FILE [--seconds N]`: the board's touchscreen recorded for N seconds (30 by default,
/// at most 300) as `libinput record` records it, so that a user can send their panel: `calx keys --record` and
/// `libinput replay` play it back. Keyboards are not recorded. FILE is written atomically (or `-`: standard
/// output). Exit 2 for a refused option, 1 when there is nothing to record or it cannot be written.
func runDoctorRecordCommand(_ arguments: [String]) -> Int32 {
    var path: String?, seconds = 30
    var reader = OptionReader(arguments)
    let out: OutputFile
    do throws(OptionProblem) {
        while let flag = reader.next() {
            switch flag {
            case "--record": path = try reader.value(of: flag, accepts: "FILE.yml: \(OutputFile.accepted)")
            case "--seconds": seconds = try reader.value(of: flag, accepts: "a whole number of seconds from 1 to 300") {
                Int($0).flatMap { (1...300).contains($0) ? $0 : nil }
            }
            default: throw OptionProblem("unknown option \(flag.quotedForMessage) (with --record: --seconds N only)")
            }
        }
        guard let path else { throw OptionProblem("--seconds goes with --record FILE") }
        out = try OutputFile.checked(path, option: "--record").get()
    } catch {
        printError("calx doctor: \(error.text)\nusage: calx doctor --record FILE.yml|- [--seconds N]")
        return 2
    }
    let recorder: EvdevRecorder
    do { recorder = try EvdevRecorder() } catch {
        printError("calx doctor: nothing to record: \(error)")
        return 1
    }
    for device in recorder.recorded {
        printError("calx doctor: recording \(device.path) \(device.name.quotedForMessage) for \(seconds) s: touch the screen now")
    }
    let devices = recorder.record(seconds: Double(seconds)).map { d in
        RecordedDevice(node: d.node, description: d.description,
                       events: d.events.map { RecordedEvent(time: $0.time, type: $0.type, code: $0.code, value: $0.value) })
    }
    var system: [(key: String, value: String)] = []
    var name = utsname()
    if uname(&name) == 0 {
        let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
        system.append(("kernel", release))
    }
    let text = RecordingWriter(system: system, names: EvdevRecorder.names).text(Recording(devices: devices))
    do { try out.write(Array(text.utf8)) } catch {
        printError("calx doctor: --record: cannot write: \(error)")
        return 1
    }
    let events = devices.reduce(0) { $0 + $1.events.count }
    printError("calx doctor: recorded \(events) events of \(devices.count) device\(devices.count == 1 ? "" : "s")"
               + (path.map { $0 == "-" ? "" : " to \($0)" } ?? "") + "; play it back with calx keys --record or libinput replay")
    return 0
}
