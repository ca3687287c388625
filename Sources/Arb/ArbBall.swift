import CArb

/// A real number known to lie in a ball, midpoint ± radius, from Arb (Johansson's ball arithmetic): every
/// operation's result holds the exact result of every point of its operands, at any precision. An answer Arb
/// cannot bound (log of a ball that holds 0, say) is a ball that is not finite, never a false one.
///
/// A class, because an `arb_t` owns limbs that must be freed once: each operation makes a new ball. Sendable
/// because no ball changes once made (only its own initialiser writes it), and Arb reads a ball without writing.
public final class ArbBall: @unchecked Sendable {
    let storage: UnsafeMutablePointer<arb_struct>

    init() {
        storage = .allocate(capacity: 1)
        arb_init(storage)
    }

    deinit {
        arb_clear(storage)
        storage.deallocate()
    }

    /// A Double exactly (every finite Double is a dyadic rational); not finite where `value` is not.
    public convenience init(_ value: Double) {
        self.init()
        if value.isFinite { arb_set_d(storage, value) } else { arb_indeterminate(storage) }
    }

    /// The decimal `text` ("1e-320", "-2.5") enclosed at `precision` bits; not finite where Arb cannot read it.
    public convenience init(decimal text: String, precision: Int) {
        self.init()
        if arb_set_str(storage, text, precision) != 0 { arb_indeterminate(storage) }
    }

    /// numerator / denominator, enclosed at `precision` bits (exact where it is a dyadic rational).
    public convenience init(numerator: Int128, denominator: Int128, precision: Int) {
        self.init()
        let d = ArbBall()
        Self.set(storage, numerator)
        Self.set(d.storage, denominator)
        arb_div(storage, storage, d.storage, precision)
    }

    public static func pi(precision: Int) -> ArbBall { make { arb_const_pi($0, precision) } }
    public static func e(precision: Int) -> ArbBall { make { arb_const_e($0, precision) } }

    private static func set(_ x: UnsafeMutablePointer<arb_struct>, _ value: Int128) {
        let bits = UInt128(bitPattern: value)
        calx_arb_set_int128(x, Int(truncatingIfNeeded: Int64(truncatingIfNeeded: value >> 64)), UInt(truncatingIfNeeded: bits))
    }

    static func make(_ body: (UnsafeMutablePointer<arb_struct>) -> Void) -> ArbBall {
        let result = ArbBall()
        body(result.storage)
        return result
    }

    // MARK: What is known

    /// Both ends are finite.
    public var isFinite: Bool { calx_arb_is_finite(storage) != 0 }
    /// The ball may hold 0 (or is not finite).
    public var containsZero: Bool { calx_arb_contains_zero(storage) != 0 || !isFinite }
    /// Radius 0: the midpoint is the number.
    public var isExact: Bool { calx_arb_is_exact(storage) != 0 }
    /// Every point is > 0 (< 0).
    public var isPositive: Bool { arb_is_positive(storage) != 0 }
    public var isNegative: Bool { arb_is_negative(storage) != 0 }
    /// Exactly an integer (radius 0).
    public var isExactInteger: Bool { arb_is_int(storage) != 0 }
    /// Roughly the bits of the midpoint the radius leaves right (Arb's `arb_rel_accuracy_bits`).
    public var relativeAccuracyBits: Int { Int(calx_arb_relative_accuracy_bits(storage)) }
}
