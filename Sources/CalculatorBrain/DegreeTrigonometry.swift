/// Trig in degrees, exact where the answer is a simple number: sin 30° is 0.5, cos 90° is 0, tan 45° is 1.
///
/// Converting 30 to radians first would round π/6 and give sin 30° = 0.49999999999999994. Instead the
/// argument is reduced in degrees, where the reduction is exact (a remainder of doubles is exact, and
/// so is each subtraction below, by Sterbenz's lemma), to the first octant; only that small angle is
/// converted. The inverse functions return the exact degrees at the inputs whose answer is a whole
/// number of degrees (sin⁻¹ 1 is 90, not 90.00000000000001).
enum DegreeTrigonometry {
    static let radiansPerDegree = Double.pi / 180
    static let degreesPerRadian = 180 / Double.pi

    static func sine(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        let r = abs(x).truncatingRemainder(dividingBy: 360)
        let value: Double
        switch r {
        case ..<90: value = sineOfAcute(r)
        case ..<180: value = sineOfAcute(180 - r)
        case ..<270: value = -sineOfAcute(r - 180)
        default: value = -sineOfAcute(360 - r)
        }
        return x < 0 ? -value : value
    }

    static func cosine(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        let r = abs(x).truncatingRemainder(dividingBy: 360)
        switch r {
        case ..<90: return sineOfAcute(90 - r)
        case ..<180: return -sineOfAcute(r - 90)
        case ..<270: return -sineOfAcute(270 - r)
        default: return sineOfAcute(r - 270)
        }
    }

    /// Poles at 90 + k·180 are ±∞ (the side the operand's sign gives at exactly 90: +∞).
    static func tangent(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        let r = abs(x).truncatingRemainder(dividingBy: 180)
        let value: Double
        switch r {
        case 45: value = 1
        case 135: value = -1
        case ..<45: value = libm_tan(r * radiansPerDegree)
        case ..<135: value = 1 / libm_tan((90 - r) * radiansPerDegree)
        default: value = -libm_tan((180 - r) * radiansPerDegree)
        }
        return x < 0 ? -value : value
    }

    static func arcSine(_ x: Double) -> Double {
        switch x {
        case 1: return 90
        case -1: return -90
        case 0.5: return 30
        case -0.5: return -30
        default: return libm_asin(x) * degreesPerRadian
        }
    }

    static func arcCosine(_ x: Double) -> Double {
        switch x {
        case 1: return 0
        case -1: return 180
        case 0: return 90
        case 0.5: return 60
        case -0.5: return 120
        default: return libm_acos(x) * degreesPerRadian
        }
    }

    static func arcTangent(_ x: Double) -> Double {
        switch x {
        case 1: return 45
        case -1: return -45
        case .infinity: return 90
        case -.infinity: return -90
        default: return libm_atan(x) * degreesPerRadian
        }
    }

    /// sin of an angle in [0, 90] degrees: through cos of the complement above 45, where it is flatter.
    private static func sineOfAcute(_ a: Double) -> Double {
        switch a {
        case 0: return 0
        case 30: return 0.5
        case 90: return 1
        case ...45: return libm_sin(a * radiansPerDegree)
        default: return libm_cos((90 - a) * radiansPerDegree)
        }
    }
}
