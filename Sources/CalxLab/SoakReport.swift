import CalxApp
import Kiosk
import Platform
import Typeface

/// The soak's figures at its 10 points, and the pass criteria over them.
final class SoakReport {
    struct Point {
        var memory: ProcessFigures.Resident
        /// What the program holds of the C heap: a leak grows it; the heap's free holes do not.
        var heapInUse: Int
        var fds: Int
        var p99: UInt64
        /// The glyph cache holds all it may (its LRU bound), and the graph its most curves (each with its
        /// sampler's columns, compiled programs and proved points): the warm-up is over.
        var glyphsFull: Bool
        var curvesFull: Bool
    }
    let frames: Int
    /// The frame costs (ns) since the previous point.
    private var window: [UInt64] = []
    private var points: [Point] = []
    private var overBudget = 0
    /// Descriptions longer than the keys typed can make, and the first of them.
    private var outgrown = 0
    private var firstOutgrown = ""

    /// Each key adds one step to the program, and each step at most a number, a function name, an operator
    /// and a pair of parentheses to the description: it grows linearly with the keys, 24 characters a key
    /// is ample. Faster growth is a description that copies itself (issue 10).
    static func longestFairDescription(keys: Int) -> Int { 64 + 24 * keys }

    func noteOutgrownDescription(length: Int, keys: Int, recent: [String]) {
        outgrown += 1
        if outgrown == 1 {
            firstOutgrown = "\(length) characters after \(keys) keys since C; the last keys: \(recent.suffix(24).joined(separator: " "))"
        }
    }

    init(frames: Int) {
        self.frames = frames
        window.reserveCapacity(frames / 10 + 1)
    }

    func record(_ cost: UInt64) {
        window.append(cost)
        // 60 frames a second leave 16.7 ms for each.
        if cost > 16_666_667 { overBudget += 1 }
    }

    static let header = "point  frame     sim-s  screen      rss-kB  anon-kB  heap-kB  fds   p50-µs   p90-µs   p99-µs   max-µs  saves  draws  descr  glyphs  curves"

    /// One line of the table; point 0 is before the first frame.
    func point(_ index: Int, frame: Int, run: SoakRun, glyphs: Typeface, longestDescription: Int = 0) -> String {
        let memory = ProcessFigures.resident() ?? ProcessFigures.Resident(total: -1, fileBacked: 0)
        let heapInUse = ProcessHeap.bytesInUse(), fds = ProcessFigures.openDescriptors() ?? -1
        window.sort()
        func percentile(_ p: Double) -> UInt64 { window.isEmpty ? 0 : window[min(window.count - 1, Int(Double(window.count) * p))] }
        let p99 = percentile(0.99)
        points.append(Point(memory: memory, heapInUse: heapInUse, fds: fds, p99: p99, glyphsFull: glyphs.cachedGlyphCount >= glyphs.cacheCapacity,
                            curvesFull: run.app.curves.curves.count >= GraphedCurves.limit))
        let columns: [(String, Int)] = [
            ("\(index)", 5), ("\(frame)", 8), ("\(Int(run.time))", 7), (run.screen.name, 10), ("\(memory.total / 1024)", 8), ("\(memory.anonymous / 1024)", 9), ("\(heapInUse / 1024)", 9), ("\(fds)", 4),
            (micro(percentile(0.5)), 8), (micro(percentile(0.9)), 8), (micro(p99), 8), (micro(window.last ?? 0), 8),
            ("\(run.storage.saves)", 6), ("\(run.display.frames)", 6), ("\(longestDescription)", 6), ("\(glyphs.cachedGlyphCount)", 7),
            ("\(run.app.curves.curves.count)", 6),
        ]
        window.removeAll(keepingCapacity: true)
        return columns.map { leftAligned($0.0, $0.1) }.joined(separator: " ")
    }

    /// What the run did (before anything else is played on it).
    func printTotals(run: SoakRun) {
        printNow("calx-lab soak: frames over 16.7 ms of CPU: \(overBudget) of \(frames); screen changes \(run.screenChanges); touch events \(run.touchEvents)")
        let counts = SoakVisitor.Gesture.allCases.map { "\($0.rawValue) \(run.visitor.counts[$0] ?? 0)" }.joined(separator: ", ")
        let keyCount = run.app.layout.keypad.keys.count + PaneKey.allCases.count
        printNow("calx-lab soak: gestures: \(counts); distinct keys tapped \(run.visitor.keysTapped.count) of \(keyCount); state saves \(run.storage.saves)")
    }

    /// Prints the criteria; true when the run passes.
    func verdict(run: SoakRun, comparison: SoakComparison?, gateCost: Bool, relaunched: Bool) -> Bool {
        guard points.count == 11 else { printNow("calx-lab soak: FAIL: \(points.count) points, not 11"); return false }
        // Warm-up: the first tenth, and longer until the glyph cache has filled to its bound and the graph
        // holds its most curves (each glyph and each curve's caches are resident memory; full, they stay that size).
        let warm = (1...10).first { points[$0].glyphsFull && points[$0].curvesFull } ?? 1
        func largestMove(_ figure: (Point) -> Int) -> Int {
            let baseline = figure(points[warm])
            return points[warm...].map { abs(figure($0) - baseline) }.max() ?? 0
        }
        let drift = largestMove(\.memory.total)
        let rssPass = drift <= 1 << 20 && warm <= 5
        printNow("calx-lab soak: RSS after warm-up (point \(warm), the first with the glyph cache full and \(GraphedCurves.limit) curves): \(points[warm].memory.total / 1024) kB, "
              + "\(points[10].memory.total / 1024) kB at point 10, largest move \(drift / 1024) kB (limit 1024 kB, over at least half the run): "
              + (rssPass ? "pass" : "FAIL"))
        // Figures that tell a leak (the heap in use grows) from the heap's layout or code pages read late.
        printNow("calx-lab soak: of that, largest moves after warm-up (figures): anonymous \(largestMove(\.memory.anonymous) / 1024) kB, "
              + "file-backed \(largestMove(\.memory.fileBacked) / 1024) kB; the C heap in use \(points[warm].heapInUse / 1024) kB after warm-up, "
              + "\(points[10].heapInUse / 1024) kB at point 10, largest move \(largestMove(\.heapInUse) / 1024) kB")
        let fdCounts = Set(points.map(\.fds))
        let fdPass = fdCounts.count == 1
        printNow("calx-lab soak: open fds at points 0-10: \(points.map { String($0.fds) }.joined(separator: " ")): \(fdPass ? "pass" : "FAIL")")
        // The first tenth warms caches up; the second is the first settled one. Figures only: these tenths
        // see different calculators and graphs, and whatever else the machine did meanwhile.
        let start = points[2].p99, end = points[10].p99
        printNow("calx-lab soak: p99 frame cost by tenth (figures, not a criterion): \(micro(start)) µs in frames \(frames / 10)-\(frames / 5) "
              + "(after warm-up), \(micro(end)) µs in the last tenth: ratio \(fixed(start > 0 ? Double(end) / Double(start) : 0))")
        var costPass = false
        if let c = comparison {
            let p = SoakComparison.percentile
            let ratio = Double(p(c.fresh, 0.99)) > 0 ? Double(p(c.aged, 0.99)) / Double(p(c.fresh, 0.99)) : 0
            costPass = ratio <= 1.10 && c.sameScreens
            printNow("calx-lab soak: end against start: the soaked kiosk and a fresh one launched on its saved state played the same "
                  + "\(c.aged.count) frames in alternating 1 s blocks: p50 \(micro(p(c.aged, 0.5))) / \(micro(p(c.fresh, 0.5))) µs, "
                  + "p90 \(micro(p(c.aged, 0.9))) / \(micro(p(c.fresh, 0.9))) µs, p99 \(micro(p(c.aged, 0.99))) / \(micro(p(c.fresh, 0.99))) µs "
                  + "(soaked / fresh); the same screen at the end: \(c.sameScreens ? "yes" : "NO")")
            printNow("calx-lab soak: p99 soaked / fresh: \(fixed(ratio)) (limit 1.10): "
                  + (costPass ? "pass" : gateCost ? "FAIL" : "over (not gated without --gate-cost: CPU time on a shared machine)"))
        } else {
            printNow("calx-lab soak: FAIL: no fresh kiosk to compare with")
        }
        printNow("calx-lab soak: relaunched on the saved state: \(relaunched ? "same calculator and graph" : "DIFFERENT")")
        if run.log.count > 0 { printNow("calx-lab soak: the kiosk logged \(run.log.count) lines, first: \(run.log.first.joined(separator: " | "))") }
        let descriptionPass = outgrown == 0
        printNow("calx-lab soak: descriptions longer than the keys typed since C allow (64 + 24 a key): "
              + (descriptionPass ? "none: pass" : "\(outgrown) touch frames, first \(firstOutgrown): FAIL"))
        let pass = rssPass && fdPass && (costPass || !gateCost) && comparison != nil && descriptionPass && relaunched && run.log.count == 0
        printNow("calx-lab soak: \(pass ? "PASS" : "FAIL")")
        return pass
    }
}

private func micro(_ ns: UInt64) -> String { fixed(Double(ns) / 1000) }

private func fixed(_ v: Double) -> String {
    let r = (v * 100).rounded() / 100
    let whole = Int(r), hundredths = Int(((r - Double(whole)) * 100).rounded())
    return "\(whole)." + (hundredths < 10 ? "0" : "") + "\(hundredths)"
}

private func leftAligned(_ s: String, _ width: Int) -> String { s.count >= width ? s : s + String(repeating: " ", count: width - s.count) }
