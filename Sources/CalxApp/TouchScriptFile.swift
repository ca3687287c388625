#if canImport(Glibc)
import Glibc
#endif
import Kiosk
import Platform
import TouchScripts

/// A touch script file (`--touch FILE`): a regular file of at most 16 MiB, links followed, read a
/// piece at a time through TouchScripts' one parser and played as it is read, so memory stays that of
/// a piece whatever the script's length (a 15.6 MB script read whole took 327 MB). Every line is
/// checked (`checked`) before the first one plays: a bad line plays none, and the message names its
/// line. The play reads the same open file again. `-` is standard input (a pipe, `<(…)`'s FIFO): it cannot
/// be read twice, so its bytes are kept, bounded as a file is.
struct TouchScriptFile {
    static let limit = 16 << 20
    static let accepted = "a touch script: a regular file of at most 16 MiB, or - for standard input (a pipe)"
    let path: String
    /// The option that named the file, for messages.
    let option: String

    /// The file, once every line of it is checked; the problem names the option, the file and what is
    /// wrong (a line of it, or the file itself).
    func checked() -> Result<CheckedTouchScript, OptionProblem> {
        let source: TouchScriptSource
        if path == "-" {
            guard isatty(0) == 0 else { return .failure(fileProblem("standard input is a terminal")) }
            do { source = .bytes(try FileDescriptor.borrowing(0, name: "standard input").readToEnd(limit: Self.limit)) } catch {
                return .failure(fileProblem(error.problem ?? error.description))
            }
        } else {
            do {
                guard let opened = try RegularFile(path: path, limit: Self.limit).openPieces() else {
                    return .failure(fileProblem("there is no such file"))
                }
                source = .file(opened)
            } catch {
                return .failure(fileProblem(error.problem ?? error.description))
            }
        }
        if let bad = read(source, { _ in }) { return .failure(bad) }
        return .success(CheckedTouchScript(file: self, source: source))
    }

    /// Reads the script again (the same descriptor, or the bytes kept), playing it into `app` from
    /// `startTime`; a problem now means the file changed since it was checked.
    fileprivate func play(_ source: TouchScriptSource, into app: KioskApp, startTime: Double) -> OptionProblem? {
        if case .file(let pieces) = source {
            do { try pieces.rewind() } catch { return problem(error.description) }
        }
        var timeline = TouchScriptTimeline(startTime: startTime)
        return read(source) { line in timeline.steps(for: line.command) { app.play($0) } }
    }

    private func read(_ source: TouchScriptSource, _ body: (TouchScriptLine) -> Void) -> OptionProblem? {
        var reader = TouchScriptReader()
        func feed(_ piece: ArraySlice<UInt8>) -> OptionProblem? {
            var failure: TouchScriptError?
            piece.withUnsafeBufferPointer { bytes in
                do throws(TouchScriptError) { try reader.read(bytes, body) } catch { failure = error }
            }
            return failure.map { problem($0.description) }
        }
        switch source {
        case .bytes(let bytes):
            if let bad = feed(bytes[...]) { return bad }
        case .file(let pieces):
            do {
                while let piece = try pieces.next() {
                    if let bad = feed(piece) { return bad }
                }
            } catch {
                return fileProblem(error.problem ?? error.description)
            }
        }
        do throws(TouchScriptError) { try reader.finish(body) } catch { return problem(error.description) }
        return nil
    }

    private func problem(_ what: String) -> OptionProblem {
        OptionProblem("\(option) \(path.quotedForMessage): \(what)")
    }

    /// What is wrong with the file itself, and what the option takes instead.
    private func fileProblem(_ what: String) -> OptionProblem {
        problem("\(what) (\(option) takes \(Self.accepted))")
    }
}

/// Where a script's bytes come from: an open file read again, or standard input's bytes, kept.
private enum TouchScriptSource {
    case file(RegularFilePieces)
    case bytes([UInt8])
}

/// A touch script file every line of which parsed, still open, to be played.
struct CheckedTouchScript {
    let file: TouchScriptFile
    fileprivate let source: TouchScriptSource

    /// Plays the script into `app`, its first step `startTime` on; nil when all of it played.
    func play(into app: KioskApp, startTime: Double = 1) -> OptionProblem? {
        file.play(source, into: app, startTime: startTime)
    }
}
