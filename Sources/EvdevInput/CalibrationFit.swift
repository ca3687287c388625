/// A calibration matrix fitted to taps: the libinput matrix (a b c / d e f on normalised coordinates) that
/// takes each tap's reading, as the panel gave it through no calibration, closest to where its target is, by
/// least squares over every tap. Three taps not on one line fix a matrix; more make the fit check itself: a
/// tap far from the fit of the others (`outlier`) is one to take again.
public enum CalibrationFit {
    /// One tap: the panel's reading and the target's place, both normalised to 0...1 on the panel's own axes.
    public struct Sample: Equatable, Sendable {
        public var reading: (x: Double, y: Double)
        public var target: (x: Double, y: Double)
        public init(reading: (x: Double, y: Double), target: (x: Double, y: Double)) { self.reading = reading; self.target = target }
        public static func == (a: Sample, b: Sample) -> Bool {
            a.reading == b.reading && a.target == b.target
        }
    }

    /// The least-squares matrix; nil for fewer than three samples, or readings all on one line (no plane to
    /// map), or a result Calibration.parse would refuse.
    public static func fit(_ samples: [Sample]) -> Calibration? {
        guard samples.count >= 3 else { return nil }
        // The normal equations of each row: Σ r rᵀ · (a, b, c) = Σ r t, with r = (x, y, 1).
        var m = [[Double]](repeating: [0, 0, 0], count: 3)
        var tx = [0.0, 0, 0], ty = [0.0, 0, 0]
        for s in samples {
            let r = [s.reading.x, s.reading.y, 1]
            for i in 0..<3 {
                for j in 0..<3 { m[i][j] += r[i] * r[j] }
                tx[i] += r[i] * s.target.x
                ty[i] += r[i] * s.target.y
            }
        }
        guard let (a, b, c) = solve(m, tx), let (d, e, f) = solve(m, ty) else { return nil }
        let matrix = Calibration(a, b, c, d, e, f)
        guard matrix.isFinite, matrix.entries.allSatisfy({ abs($0) <= Calibration.largestEntry }),
              abs(a * e - b * d) > 1e-6 else { return nil }
        return matrix
    }

    /// Where `matrix` puts sample `s`'s reading, from its target, in panel pixels.
    public static func miss(_ s: Sample, _ matrix: Calibration, panel: (width: Int, height: Int)) -> Double {
        let p = matrix.apply(x: s.reading.x, y: s.reading.y)
        let dx = (p.x - s.target.x) * Double(max(panel.width - 1, 1)), dy = (p.y - s.target.y) * Double(max(panel.height - 1, 1))
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The one tap to take again, when there is one: the sample without which the others agree best (their own
    /// fit's worst miss is least), if it then lands more than `tolerance` panel pixels from its target. Judging
    /// by the others' agreement, not by each tap's own miss, finds the bad tap even when its pull on the fit
    /// makes a good tap far from the corner look worse. nil when every tap agrees (or too few to tell).
    public static func outlier(_ samples: [Sample], panel: (width: Int, height: Int), tolerance: Double) -> Int? {
        var candidates: [(index: Int, spread: Double, miss: Double)] = []
        for i in samples.indices {
            var others = samples
            others.remove(at: i)
            guard let matrix = fit(others) else { continue }
            let spread = others.map { miss($0, matrix, panel: panel) }.max() ?? 0
            candidates.append((i, spread, miss(samples[i], matrix, panel: panel)))
        }
        // With only three others every fit is exact: then the tap that misses most is the one.
        guard let best = candidates.map(\.spread).min() else { return nil }
        let likely = candidates.filter { $0.spread <= best + 0.5 }.max { $0.miss < $1.miss }
        guard let likely, likely.miss > tolerance else { return nil }
        return likely.index
    }

    /// Cramer's rule on a 3x3 system; nil when it is (nearly) singular.
    static func solve(_ m: [[Double]], _ v: [Double]) -> (Double, Double, Double)? {
        func det(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let d = det(m)
        let scale = m.flatMap { $0 }.map(abs).max() ?? 0
        guard d.isFinite, abs(d) > 1e-12 * max(scale * scale * scale, 1e-300) else { return nil }
        func column(_ k: Int) -> Double {
            var a = m
            for i in 0..<3 { a[i][k] = v[i] }
            return det(a) / d
        }
        return (column(0), column(1), column(2))
    }
}
