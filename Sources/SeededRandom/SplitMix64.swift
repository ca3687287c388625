/// Seeded, deterministic randomness for the property tests: the same seed gives the same cases
/// on every machine, so a failure can be replayed.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }
    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    public mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    /// Uniform in 0..<n (0 when n < 1).
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
    public mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
}
