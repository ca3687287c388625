#if canImport(Glibc)
import Glibc
#endif
import CalxApp
import Typeface

/// Frame cost at the end of a soak against the start, measured so that the shared machine's noise cancels:
/// a fresh kiosk is launched on the soaked kiosk's saved state (same calculator, graph, viewport and screen,
/// the same glyph cache), and both play the same seeded visitors, in alternating blocks of a second, so
/// whatever else the machine does falls on both alike. Only the soaked kiosk's age differs.
struct SoakComparison {
    static let blockFrames = 60
    /// Frames each kiosk plays before its costs count (a tenth, at most 600): the fresh kiosk's graph
    /// samples start cold.
    static func warmUpFrames(of frames: Int) -> Int { min(600, frames / 10) }
    var aged: [UInt64] = []
    var fresh: [UInt64] = []

    /// nil when the fresh kiosk cannot be made.
    init?(soaked: SoakRun, frames: Int, statePath: String, glyphs: Typeface) {
        let seed: UInt64 = 0x50AC
        soaked.settleForComparison(visitorSeed: seed)
        let copy = statePath + ".fresh"
        guard let bytes = try? FileStateStorage(path: statePath).load(),
              (try? FileStateStorage(path: copy).save(bytes)) != nil,
              let reference = SoakRun(seed: seed, statePath: copy, glyphs: glyphs, screenIndex: soaked.screenChanges)
        else { return nil }
        defer { unlink(copy) }
        var played = 0
        while played < frames {
            let block = played / SoakComparison.blockFrames
            // Alternating who goes first, so neither always follows the other's cache footprint.
            for (isAged, run) in block % 2 == 0 ? [(true, soaked), (false, reference)] : [(false, reference), (true, soaked)] {
                for offset in 0..<SoakComparison.blockFrames {
                    let start = ProcessFigures.threadCPUNanoseconds()
                    run.step()
                    let cost = ProcessFigures.threadCPUNanoseconds() - start
                    guard played + offset >= SoakComparison.warmUpFrames(of: frames) else { continue }
                    if isAged { aged.append(cost) } else { fresh.append(cost) }
                }
            }
            played += SoakComparison.blockFrames
        }
        aged.sort(); fresh.sort()
        sameScreens = soaked.app.display == reference.app.display && soaked.app.viewport == reference.app.viewport
    }

    /// Both kiosks ended showing the same calculator and viewport: they played the same visitors.
    private(set) var sameScreens = false

    static func percentile(_ sorted: [UInt64], _ p: Double) -> UInt64 {
        sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }
}
