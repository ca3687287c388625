@testable import CalculatorBrain
import SeededRandom
import Testing

/// The enclosures' outward rounding takes a shortcut through the bit patterns; it must give the very
/// doubles that stepping with `nextDown`/`nextUp` gives, at every magnitude, sign and edge.
@Suite struct IntervalWideningTests {
    static func stepped(_ v: Double, _ ulps: Int, up: Bool) -> Double {
        var v = v
        for _ in 0..<ulps { v = up ? v.nextUp : v.nextDown }
        return v
    }

    static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }

    @Test func wideningMatchesSteppingEverywhere() {
        var rng = SplitMix64(seed: 16)
        var values: [Double] = [0, -0.0, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
                                .leastNormalMagnitude, -.leastNormalMagnitude, .greatestFiniteMagnitude,
                                -.greatestFiniteMagnitude, 0x1p-1000, -0x1p-1000, 0x1p1000, -0x1p1000, 1, -1,
                                Double.pi, -Double.pi, 1e300, -1e300]
        for _ in 0..<20_000 { values.append(Double(bitPattern: rng.next())) }
        for _ in 0..<20_000 { values.append(Double(Int64(bitPattern: rng.next()) >> 40) / 1024) }
        for v in values {
            for ulps in 0...9 {
                #expect(Self.same(IntervalValue.widenDown(v, ulps), Self.stepped(v, ulps, up: false)), "\(v) \(ulps)")
                #expect(Self.same(IntervalValue.widenUp(v, ulps), Self.stepped(v, ulps, up: true)), "\(v) \(ulps)")
            }
        }
    }
}
