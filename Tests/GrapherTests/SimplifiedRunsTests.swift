@testable import Grapher
import Raster
import SeededRandom
import Testing

/// The remembered simplifications answer exactly what the simplifier answers, and a pan really finds them.
@Suite struct SimplifiedRunsTests {
    /// A steep flank like a pole's: many points close to a line, with a bend and noise below a pixel.
    private func flank(_ random: inout SplitMix64, count: Int) -> [Point] {
        let x0 = Double(random.below(800)), y0 = -Double(random.below(400))
        let slope = 2 + Double(random.below(200))
        return (0..<count).map { i in
            let t = Double(i) / Double(count)
            let wobble = Double(random.below(1000)) / 4000
            return Point(x: x0 + t * 16 + wobble, y: y0 + slope * t * t * 40 + wobble)
        }
    }

    private func simplified(_ points: [Point], after start: [Point], tolerance: Double) -> [Point] {
        var kept = start
        points.withUnsafeBufferPointer { PolylineSimplifier.append($0, tolerance: tolerance, to: &kept) }
        return kept
    }

    private func remembered(_ points: [Point], after start: [Point], tolerance: Double, _ runs: inout SimplifiedRuns) -> [Point] {
        var kept = start
        points.withUnsafeBufferPointer { runs.append($0, tolerance: tolerance, to: &kept) }
        return kept
    }

    @Test func everyAnswerIsTheSimplifiersOverFramesOfRepeatsAndChanges() {
        var random = SplitMix64(seed: 27)
        var runs = SimplifiedRuns()
        var flanks: [[Point]] = []
        for _ in 0..<12 { flanks.append(flank(&random, count: 20 + random.below(200))) }
        for frame in 0..<8 {
            runs.beginFrame(keeping: true)
            for (index, run) in flanks.enumerated() {
                // Alone (a polyline's start) or after kept points, with the tolerance the sampler uses or another.
                let start = index.isMultiple(of: 3) ? [] : [Point(x: -1, y: 2)]
                let tolerance = index.isMultiple(of: 5) ? 0.25 : 0.1
                let expected = simplified(run, after: start, tolerance: tolerance)
                #expect(remembered(run, after: start, tolerance: tolerance, &runs) == expected, "frame \(frame), run \(index)")
                // The same run again in the same frame, now after other points.
                let other = [Point(x: 5, y: 5), Point(x: 6, y: 7)]
                #expect(remembered(run, after: other, tolerance: tolerance, &runs) == simplified(run, after: other, tolerance: tolerance))
            }
            // Some runs change by one bit in one point, or get longer: never answered from memory.
            for _ in 0..<3 {
                let i = random.below(flanks.count)
                let j = random.below(flanks[i].count - 1) + 1
                flanks[i][j].y = flanks[i][j].y.nextUp
            }
            let k = random.below(flanks.count)
            flanks[k].append(Point(x: flanks[k].last!.x + 0.5, y: flanks[k].last!.y - 3))
        }
        #expect(runs.found > 50)
    }

    @Test func aNegativeZeroIsNotAZero() {
        var runs = SimplifiedRuns()
        runs.beginFrame(keeping: true)
        var line = (0..<40).map { Point(x: Double($0), y: Double($0 % 7) * 0.3) }
        line[39] = Point(x: 39, y: 0)
        var flipped = line
        flipped[39] = Point(x: 39, y: -0.0)
        #expect(line[39].y == 0 && flipped[39].y == 0)
        _ = remembered(line, after: [], tolerance: 0.1, &runs)
        _ = remembered(flipped, after: [], tolerance: 0.1, &runs)
        #expect(runs.found == 0)
    }

    @Test func offItNeverRemembers() {
        var random = SplitMix64(seed: 3)
        var runs = SimplifiedRuns()
        let run = flank(&random, count: 100)
        for _ in 0..<3 {
            runs.beginFrame(keeping: false)
            #expect(remembered(run, after: [], tolerance: 0.1, &runs) == simplified(run, after: [], tolerance: 0.1))
        }
        #expect(runs.found == 0)
    }

    /// tan's poles leave the band, so their stretches are not kept whole; a sideways pan answers their
    /// flanks from memory, and every frame's polylines are those of a sampler that remembers nothing.
    @Test func aPanOverPolesFindsTheirFlanksAndDrawsTheSame() {
        let frame = Rect(x: 0, y: 0, width: 400, height: 250)
        var remembering = CurveSampler(), forgetting = CurveSampler()
        var viewport = Viewport.standard
        for step in 0..<30 {
            viewport = viewport.panned(by: step % 10 < 5 ? 6 : -6, 0)
            forgetting.simplifiedRuns = SimplifiedRuns()
            let a = remembering.sample(Tan(), viewport: viewport, frame: frame)
            let b = forgetting.sample(Tan(), viewport: viewport, frame: frame)
            #expect(a.polylines == b.polylines, "pan \(step)")
            #expect(a.strokeBreaks == b.strokeBreaks && a.dots == b.dots, "pan \(step)")
        }
        #expect(remembering.simplifiedRuns.found > 20)
        #expect(forgetting.simplifiedRuns.found == 0)
    }
}
