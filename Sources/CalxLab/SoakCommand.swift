#if canImport(Glibc)
import Glibc
#endif
import CalxApp
import Kiosk
import Platform
import Raster
import Typeface

let soakNotes = ["""
Plays N frames of seeded random visitors at 60 frames a second of simulated time through
the code `calx run` uses from the touch assembler on, and prints RSS (and its anonymous part, and the C
heap in use, which tell a leak from the heap's layout), open fds and frame-cost percentiles at 10 points.
Fails (exit 1) when RSS after warm-up (the first tenth) moves more than 1 MB from its value there, or the
fd count changes; with --gate-cost also when, on the same frames played in alternation, the
soaked kiosk's 99th-percentile frame cost exceeds a fresh kiosk's (launched on its saved state) by 10 %. Also fails when a description outgrows the keys typed since C
(more than 24 characters a key: it grows with every key, never faster). Exit 3: a runaway (a description past 100000 characters or a
frame over 5 s of CPU), with the keys that led to it.
"""]

/// The most frames `calx-lab soak` plays: 46 hours of visitors at 60 frames a second.
let longestSoak = 10_000_000

/// `calx-lab soak`: a long session of the kiosk in one process, measured (scripts/test/soak.sh).
func runSoakCommand(_ arguments: [String]) -> Int32 {
    var frames = 20_000, seed: UInt64 = 1, stateDirectory: String?, gateCost = false
    var reader = OptionReader(arguments)
    do throws(OptionProblem) {
        while let flag = reader.next() {
            switch flag {
            case "--frames":
                frames = try reader.value(of: flag, accepts: "a whole number of frames from 100 to \(longestSoak)") {
                    Int($0).flatMap { (100...longestSoak).contains($0) ? $0 : nil }
                }
            case "--seed": seed = try reader.value(of: flag, accepts: "a whole number from 0 to \(UInt64.max)") { UInt64($0) }
            case "--state-dir":
                let directory = try reader.path(of: flag, accepts: "an existing directory")
                if let problem = notADirectory(directory) { throw OptionProblem("--state-dir \(directory.quotedForMessage): \(problem)") }
                stateDirectory = directory
            case "--gate-cost": try reader.note(flag); gateCost = true
            default: throw OptionProblem("unknown option \(flag.quotedForMessage)")
            }
        }
    } catch {
        return soakFail(error.text)
    }
    let glyphs: Typeface
    do { glyphs = try Typeface.default() } catch { printError("calx: no font: \(error)"); return 1 }
    var template = Array("\(stateDirectory ?? "/tmp")/calx-soak-XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
        return soakFail("--state-dir \((stateDirectory ?? "/tmp").quotedForMessage): cannot make a directory in it: \(String(cString: strerror(errno)))")
    }
    let directory = String(cString: made)
    let statePath = directory + "/state"
    defer { unlink(statePath); rmdir(directory) }

    guard let run = SoakRun(seed: seed, statePath: statePath, glyphs: glyphs) else { return soakFail("cannot map the picture (errno \(errno))") }
    let report = SoakReport(frames: frames)
    let screenEvery = max(200, frames / 50)
    printNow("calx-lab soak: \(frames) frames (\(frames / 60) s of visitors at 60 frames/s), seed \(seed), state saved to \(statePath)")
    printNow("calx-lab soak: the screen changes every \(screenEvery) frames: \(SoakScreen.cycle.map(\.name).joined(separator: ", "))")
    printNow("calx-lab soak: frame cost = this thread's CPU time (CLOCK_THREAD_CPUTIME_ID) for the frame's touches, timers and drawing, in µs, over the frames since the previous point")
    printNow(SoakReport.header)
    printNow(report.point(0, frame: 0, run: run, glyphs: glyphs))
    var longestDescription = 0, longestText = ""
    for frame in 1...frames {
        if frame % screenEvery == 0 { run.changeScreen() }
        let start = ProcessFigures.threadCPUNanoseconds()
        let touched = run.step()
        let cost = ProcessFigures.threadCPUNanoseconds() - start
        report.record(cost)
        if touched {
            let length = run.app.descriptionText.count
            if length > longestDescription { longestDescription = length; longestText = run.app.descriptionText }
            if length > SoakReport.longestFairDescription(keys: run.visitor.keysSinceClear) {
                report.noteOutgrownDescription(length: length, keys: run.visitor.keysSinceClear, recent: run.visitor.recentKeys)
            }
        }
        if longestDescription > 100_000 || cost > 5_000_000_000 {
            printError("calx-lab soak: RUNAWAY at frame \(frame): description \(run.app.descriptionText.utf8.count) characters, "
                       + "frame cost \(cost / 1000) µs; the last keys tapped: \(run.visitor.recentKeys.joined(separator: " "))")
            return 3
        }
        if frame % (frames / 10) == 0 && frame / (frames / 10) <= 10 {
            printNow(report.point(frame / (frames / 10), frame: frame, run: run, glyphs: glyphs, longestDescription: longestDescription))
        }
    }
    printNow("calx-lab soak: the longest description (\(longestDescription) characters): \(longestText.prefix(160))\(longestDescription > 160 ? "…" : "")")
    report.printTotals(run: run)
    let relaunched = relaunchAgrees(run, statePath: statePath, glyphs: glyphs)
    let comparison = SoakComparison(soaked: run, frames: min(60_000, max(1_200, frames / 2)), statePath: statePath, glyphs: glyphs)
    return report.verdict(run: run, comparison: comparison, gateCost: gateCost, relaunched: relaunched) ? 0 : 1
}

/// The last state, saved as at SIGTERM, read back by a new kiosk: the saves through the soak were real.
private func relaunchAgrees(_ run: SoakRun, statePath: String, glyphs: any GlyphSource) -> Bool {
    run.client.quit()
    let again = KioskApp(width: run.display.width, height: run.display.height, glyphs: glyphs, storage: FileStateStorage(path: statePath))
    return again.display == run.app.display && again.descriptionText == run.app.descriptionText
        && again.viewport == run.app.viewport && again.graph == run.app.graph && again.takeMessages().isEmpty
}

/// Why `path` is no directory to make files in; nil when it is one.
func notADirectory(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return String(cString: strerror(errno)) }
    return info.st_mode & S_IFMT == S_IFDIR ? nil : "\(RegularFile.typeName(info.st_mode & S_IFMT)), not a directory"
}

private func soakFail(_ problem: String) -> Int32 {
    printError("calx-lab soak: \(problem)\n\(LabUsages.soak.synopsis) (calx-lab soak --help lists them)")
    return 2
}
