import InputRecordings
import Platform

/// A recording file (`--record FILE`): `libinput record`'s YAML, a regular file of at most
/// `Recording.byteLimit` bytes (links followed), read whole and parsed before anything plays. Recordings come
/// from strangers: a refusal names the option, the file and the line.
struct RecordingFile {
    static let accepted = "a libinput recording (the YAML `libinput record` writes): a regular file of at most 32 MiB"
    let path: String
    let option: String

    func parsed() -> Result<Recording, OptionProblem> {
        let bytes: [UInt8]
        do {
            guard let read = try RegularFile(path: path, limit: Recording.byteLimit).read() else {
                return .failure(problem("there is no such file (\(option) takes \(Self.accepted))"))
            }
            bytes = read
        } catch {
            return .failure(problem("\(error.problem ?? error.description) (\(option) takes \(Self.accepted))"))
        }
        do throws(RecordingError) { return .success(try RecordingParser.parse(bytes)) } catch {
            return .failure(problem(error.description))
        }
    }

    private func problem(_ what: String) -> OptionProblem {
        OptionProblem("\(option) \(path.quotedForMessage): \(what)")
    }
}
