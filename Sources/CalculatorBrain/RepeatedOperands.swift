/// Where a binary operation meets one value twice: v − v, v ÷ v, v × v, v + (−v). Interval arithmetic
/// treats its two operands as independent, so M − M over [a, b] is [a − b, b − a], and √(M − M) seems
/// undefined wherever the interval is wider than a point, however narrow: the dependency problem. Each of
/// these operations is exact in floating point whatever v is, so its enclosure can be exact too:
/// v − v is 0 wherever v is finite (NaN at ±∞), v ÷ v is 1 wherever v is finite and not 0, v × v is v².
///
/// "The same value" is proved by signed value numbering over rewrites that are exact in IEEE arithmetic,
/// so two operands computed differently are still found equal: a + b and b + a, a × b and b × a, v × v and
/// v², −(−v) and v, a − b and −(b − a), a + (−b) and a − b, (−a) × b and −(a × b), the same for ÷, x⁻¹,
/// x³ and %, and (−v)² and v². Equal here means the same double up to the sign of a zero (and a NaN's
/// payload), which no enclosure tells apart. Functions that need not be odd in libm (sin, tan) are not
/// assumed so: sin(−v) is a value of its own.
enum RepeatedOperand: Equatable, Sendable {
    /// v − v, or v + (−v): ±0 where v is finite.
    case zero
    /// v ÷ v (sign +1) or v ÷ (−v) (sign −1): ±1 where v is finite and not 0.
    case one(sign: Double)
    /// v × v (sign +1) or v × (−v) (sign −1): ±v².
    case square(sign: Double)
}

extension Expression {
    /// For each node, the identity its operation meets (nil for most), or nil when no node meets one: the
    /// enclosure then walks the nodes as before, at no cost.
    func repeatedOperands() -> [RepeatedOperand?]? {
        var numbering = SignedValueNumbering()
        var rules: [RepeatedOperand?] = []
        rules.reserveCapacity(nodes.count)
        var any = false
        for node in nodes {
            let (rule, value) = numbering.number(node)
            numbering.values.append(value)
            rules.append(rule)
            if rule != nil { any = true }
        }
        return any ? rules : nil
    }
}

/// Each node's value as ± a class: nodes of one class compute one double (up to a zero's sign).
private struct SignedValueNumbering {
    struct Signed: Equatable { var id: Int; var negative: Bool }

    /// What a class computes, from its operands' classes: equal keys, equal doubles.
    enum Key: Hashable {
        case constant(UInt64)
        case variable(String)
        /// f of a class (its sign part of the key, for functions not assumed odd).
        case unary(UnaryFunction, Int, Bool)
        /// a + b with both of one sign, operands sorted: commutative.
        case sum(Int, Int)
        /// a − b, a's id below b's (the other order is its negative).
        case difference(Int, Int)
        case product(Int, Int)
        case quotient(Int, Int)
        case power(Int, Bool, Int, Bool)
    }

    var values: [Signed] = []
    private var ids: [Key: Int] = [:]

    private mutating func id(_ key: Key) -> Int {
        if let id = ids[key] { return id }
        ids[key] = ids.count
        return ids.count - 1
    }

    /// The identity `node` meets, and its signed class.
    mutating func number(_ node: Expression.Node) -> (RepeatedOperand?, Signed) {
        switch node {
        case .constant(let c):
            // −c is −(c): a constant's class is its magnitude.
            let magnitude = c.isNaN ? c : Swift.abs(c)
            return (nil, Signed(id: id(.constant(magnitude.bitPattern)), negative: c.sign == .minus && !c.isNaN))
        case .variable(let name):
            return (nil, Signed(id: id(.variable(name)), negative: false))
        case .unary(let f, let a):
            let v = values[a]
            switch f {
            case .negate: return (nil, Signed(id: v.id, negative: !v.negative))
            // Odd in IEEE arithmetic: the sign comes out.
            case .cube, .reciprocal, .percent:
                return (nil, Signed(id: id(.unary(f, v.id, false)), negative: v.negative))
            // Even: the sign goes.
            case .square: return (nil, Signed(id: id(.unary(.square, v.id, false)), negative: false))
            default: return (nil, Signed(id: id(.unary(f, v.id, v.negative)), negative: false))
            }
        case .binary(let f, let a, let b):
            let u = values[a], v = values[b]
            switch f {
            case .add, .subtract:
                // u ± v as p·A + q·B.
                let q = f == .add ? v.negative : !v.negative
                if u.id == v.id {
                    // A + A is 2A, exact: a class of its own; A − A is the identity.
                    if u.negative != q { return (.zero, Signed(id: id(.difference(u.id, u.id)), negative: false)) }
                    return (nil, Signed(id: id(.sum(u.id, u.id)), negative: u.negative))
                }
                if u.negative == q {
                    return (nil, Signed(id: id(.sum(Swift.min(u.id, v.id), Swift.max(u.id, v.id))), negative: u.negative))
                }
                // One term positive, one negative: positive − negative, written with the smaller id first.
                let (plus, minus) = u.negative ? (v.id, u.id) : (u.id, v.id)
                if plus < minus { return (nil, Signed(id: id(.difference(plus, minus)), negative: false)) }
                return (nil, Signed(id: id(.difference(minus, plus)), negative: true))
            case .multiply:
                let negative = u.negative != v.negative
                if u.id == v.id {
                    return (.square(sign: negative ? -1 : 1), Signed(id: id(.unary(.square, u.id, false)), negative: negative))
                }
                return (nil, Signed(id: id(.product(Swift.min(u.id, v.id), Swift.max(u.id, v.id))), negative: negative))
            case .divide:
                let negative = u.negative != v.negative
                let rule: RepeatedOperand? = u.id == v.id ? .one(sign: negative ? -1 : 1) : nil
                return (rule, Signed(id: id(.quotient(u.id, v.id)), negative: negative))
            case .power:
                return (nil, Signed(id: id(.power(u.id, u.negative, v.id, v.negative)), negative: false))
            }
        }
    }
}
