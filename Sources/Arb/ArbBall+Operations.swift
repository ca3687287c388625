import CArb

/// The operations a calculator's keys make, each enclosing the exact result at `precision` bits.
extension ArbBall {
    public func adding(_ y: ArbBall, precision: Int) -> ArbBall { Self.make { arb_add($0, storage, y.storage, precision) } }
    public func subtracting(_ y: ArbBall, precision: Int) -> ArbBall { Self.make { arb_sub($0, storage, y.storage, precision) } }
    public func multiplying(_ y: ArbBall, precision: Int) -> ArbBall { Self.make { arb_mul($0, storage, y.storage, precision) } }
    /// Not finite where `y` may be 0.
    public func dividing(_ y: ArbBall, precision: Int) -> ArbBall { Self.make { arb_div($0, storage, y.storage, precision) } }
    public var negated: ArbBall { Self.make { arb_neg($0, storage) } }
    /// The smallest ball (at `precision`) holding both.
    public func union(_ y: ArbBall, precision: Int) -> ArbBall { Self.make { arb_union($0, storage, y.storage, precision) } }

    public func squareRoot(precision: Int) -> ArbBall { Self.make { arb_sqrt($0, storage, precision) } }

    /// The real cube root, of negative numbers too (Arb's root takes x ≥ 0 only): ∛(−x) = −∛x.
    public func cubeRoot(precision: Int) -> ArbBall {
        if isNegative { return negated.cubeRoot(precision: precision).negated }
        if isPositive || isExact { return Self.make { arb_root_ui($0, storage, 3, precision) } }
        // Straddles 0: [−∛a, ∛b] lies within ±∛max(a, b).
        let bound = ArbBall.make { out in
            let magnitude = UnsafeMutablePointer<arf_struct>.allocate(capacity: 1)
            arf_init(magnitude)
            arb_get_abs_ubound_arf(magnitude, storage, precision)
            arb_set_arf(out, magnitude)
            arf_clear(magnitude)
            magnitude.deallocate()
        }
        let root = bound.cubeRoot(precision: precision)
        return Self.make { out in
            arb_zero(out)
            arb_add_error(out, root.storage)
        }
    }

    /// x^y for real y where x > 0; for x of any sign where y is exactly an integer below 2⁶² (−2^3 is −8).
    public func power(_ y: ArbBall, precision: Int) -> ArbBall {
        // An integer beyond 2⁶² cannot be taken out of the ball (FLINT aborts): such a power is exp(y·ln x).
        if y.isExactInteger && arf_cmpabs_2exp_si(&y.storage.pointee.mid, 62) < 0 {
            return Self.make { out in
                let exponent = UnsafeMutablePointer<fmpz>.allocate(capacity: 1)
                exponent.initialize(to: 0)
                // The exponent is exact: its midpoint is the integer.
                arf_get_fmpz(exponent, &y.storage.pointee.mid, ARF_RND_DOWN)
                arb_pow_fmpz(out, storage, exponent, precision)
                fmpz_clear(exponent)
                exponent.deallocate()
            }
        }
        return Self.make { arb_pow($0, storage, y.storage, precision) }
    }

    public func exponential(precision: Int) -> ArbBall { Self.make { arb_exp($0, storage, precision) } }
    public func naturalLog(precision: Int) -> ArbBall { Self.make { arb_log($0, storage, precision) } }
    public func commonLog(precision: Int) -> ArbBall { Self.make { arb_log_base_ui($0, storage, 10, precision) } }

    public func sine(precision: Int) -> ArbBall { Self.make { arb_sin($0, storage, precision) } }
    public func cosine(precision: Int) -> ArbBall { Self.make { arb_cos($0, storage, precision) } }
    public func tangent(precision: Int) -> ArbBall { Self.make { arb_tan($0, storage, precision) } }
    /// sin(πx), cos(πx), tan(πx): reduced exactly in half turns, so a degree's angle of any size needs no π
    /// of its size (sin of 10¹⁷ + 30 degrees is sin 310°).
    public func sineOfHalfTurns(precision: Int) -> ArbBall { Self.make { arb_sin_pi($0, storage, precision) } }
    public func cosineOfHalfTurns(precision: Int) -> ArbBall { Self.make { arb_cos_pi($0, storage, precision) } }
    public func tangentOfHalfTurns(precision: Int) -> ArbBall { Self.make { arb_tan_pi($0, storage, precision) } }
    public func arcSine(precision: Int) -> ArbBall { Self.make { arb_asin($0, storage, precision) } }
    public func arcCosine(precision: Int) -> ArbBall { Self.make { arb_acos($0, storage, precision) } }
    public func arcTangent(precision: Int) -> ArbBall { Self.make { arb_atan($0, storage, precision) } }
}
