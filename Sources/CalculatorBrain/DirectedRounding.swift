/// +, ×, ÷ of two doubles rounded down or up instead of to nearest: the result to nearest, then one step
/// away only where the operation was not exact, as the exact error says (two-sum for +, a fused multiply-add
/// for × and for ÷'s remainder). An exact operation is not widened: 1 − M² at M = 1 stays exactly 0, so √
/// of it stays defined.
enum DirectedRounding {
    static func sum(_ a: Double, _ b: Double, up: Bool) -> Double {
        let s = a + b
        guard s.isFinite else { return beyondRange(s, up: up) }
        let bb = s - a
        let error = (a - (s - bb)) + (b - bb)
        return step(s, error: error, up: up)
    }

    static func product(_ a: Double, _ b: Double, up: Bool) -> Double {
        let p = a * b
        guard p.isFinite else { return beyondRange(p, up: up) }
        // Near the subnormals the fused error is not exact: step regardless.
        if abs(p) < 0x1p-960 { return a == 0 || b == 0 ? p : (up ? p.nextUp : p.nextDown) }
        return step(p, error: (-p).addingProduct(a, b), up: up)
    }

    static func quotient(_ a: Double, _ b: Double, up: Bool) -> Double {
        let q = a / b
        guard q.isFinite else { return beyondRange(q, up: up) }
        if abs(q) < 0x1p-960 || abs(b) < 0x1p-960 { return a == 0 ? q : (up ? q.nextUp : q.nextDown) }
        // a − q·b exactly; the exact quotient is q + remainder / b.
        let remainder = a.addingProduct(-q, b)
        return step(q, error: remainder == 0 ? 0 : ((remainder > 0) == (b > 0) ? 1 : -1), up: up)
    }

    static func cube(_ x: Double, up: Bool) -> Double {
        if x < 0 { return -cube(-x, up: !up) }
        return product(product(x, x, up: up), x, up: up)
    }

    /// The result to nearest is `value`; the exact one is `value + error`.
    private static func step(_ value: Double, error: Double, up: Bool) -> Double {
        if up { return error > 0 ? value.nextUp : value }
        return error < 0 ? value.nextDown : value
    }

    /// An overflow to ±∞: beyond the largest double that way, so that is the bound it keeps (a NaN knows nothing).
    private static func beyondRange(_ v: Double, up: Bool) -> Double {
        if v.isNaN { return up ? .infinity : -.infinity }
        if up { return v == -.infinity ? -Double.greatestFiniteMagnitude : v }
        return v == .infinity ? .greatestFiniteMagnitude : v
    }
}
