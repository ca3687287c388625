/// Whole square and cube roots, and the square-free part of a whole number, decided for certain in
/// bounded time: what √ and ∛ of a rational need to stay exact (√8 = 2√2, ∛(27/8) = 3/2).
enum IntegerRoots {
    /// The primes below 1,000: trial division by them, and what is left is decided without factoring.
    static let smallPrimes: [UInt64] = {
        var sieve = [Bool](repeating: true, count: 1_000)
        var primes: [UInt64] = []
        for n in 2..<1_000 where sieve[n] {
            primes.append(UInt64(n))
            for multiple in stride(from: n * n, to: 1_000, by: n) { sieve[multiple] = false }
        }
        return primes
    }()

    /// ⌊√m⌋: the Double's root, corrected by a step or two.
    static func squareRoot(_ m: UInt64) -> UInt64 {
        var s = UInt64(Double(m).squareRoot())
        while s > 0 && s.multipliedFullWidth(by: s) > (0, m) { s -= 1 }
        while (s + 1).multipliedFullWidth(by: s + 1) <= (0, m) { s += 1 }
        return s
    }

    /// The whole cube root of m, if m is a cube.
    static func exactCubeRoot(_ m: UInt128) -> UInt128? {
        var c = UInt128(libm_cbrt(Double(m)).rounded())
        while c > 0, cube(c).map({ $0 > m }) ?? true { c -= 1 }
        while let next = cube(c + 1), next <= m { c += 1 }
        return cube(c) == m ? c : nil
    }

    private static func cube(_ c: UInt128) -> UInt128? {
        let (square, o1) = c.multipliedReportingOverflow(by: c)
        let (cube, o2) = square.multipliedReportingOverflow(by: c)
        return o1 || o2 ? nil : cube
    }

    /// m as s²·n with n square-free, or nil when that cannot be known cheaply: after the primes below
    /// 1,000 are divided out, what is left is 1, a square, or below 1,000³, where it has at most two prime
    /// factors, so it is square-free unless it is a square; above that it might hide a p² and is not decided.
    /// At most one division per small prime and per factor found: counted in `work`.
    static func squareFreeDecomposition(_ m: UInt64, work: inout Int) -> (square: UInt64, squareFree: UInt64)? {
        guard m > 0 else { return (0, 1) }
        var rest = m, s: UInt64 = 1, n: UInt64 = 1
        for p in smallPrimes {
            work += 1
            if p * p > rest { break }
            var exponent = 0
            while rest % p == 0 { rest /= p; exponent += 1; work += 1 }
            for _ in 0..<(exponent / 2) { s *= p }
            if exponent % 2 == 1 { n *= p }
        }
        if rest > 1 {
            let root = squareRoot(rest)
            if root * root == rest {
                s *= root
            } else if rest < 1_000_000_000 {
                n *= rest // a prime, or two different ones: no square divides it
            } else {
                return nil
            }
        }
        return (s, n)
    }
}
