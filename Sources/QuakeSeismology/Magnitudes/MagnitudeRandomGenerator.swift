import Foundation

/// xoshiro256** (Blackman & Vigna 2018) seeded through SplitMix64: a fast
/// generator whose draws depend only on its seed, so a simulated p-value is
/// the same on every run and machine.
struct MagnitudeRandomGenerator: RandomNumberGenerator {
    private var s: (UInt64, UInt64, UInt64, UInt64)

    init(seed: UInt64) {
        var x = seed
        func splitMix() -> UInt64 {
            x &+= 0x9E37_79B9_7F4A_7C15
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s = (splitMix(), splitMix(), splitMix(), splitMix())
    }

    mutating func next() -> UInt64 {
        let result = ((s.1 &* 5) << 7 | (s.1 &* 5) >> 57) &* 9
        let t = s.1 << 17
        s.2 ^= s.0
        s.3 ^= s.1
        s.1 ^= s.2
        s.0 ^= s.3
        s.2 ^= t
        s.3 = s.3 << 45 | s.3 >> 19
        return result
    }

    /// Uniform on (0, 1): never 0, so its logarithm is finite.
    mutating func uniform() -> Double { (Double(next() >> 11) + 0.5) * 0x1p-53 }

    /// Standard normal (Marsaglia's polar method).
    mutating func normal() -> Double {
        while true {
            let u = 2 * uniform() - 1, v = 2 * uniform() - 1
            let s = u * u + v * v
            if s < 1, s > 0 { return u * (-2 * log(s) / s).squareRoot() }
        }
    }

    /// Gamma(shape α ≥ 1, scale 1) (Marsaglia & Tsang 2000).
    mutating func gamma(_ alpha: Double) -> Double {
        let d = alpha - 1.0 / 3.0, c = 1 / (9 * d).squareRoot()
        while true {
            var x: Double, v: Double
            repeat {
                x = normal()
                v = 1 + c * x
            } while v <= 0
            v = v * v * v
            let u = uniform()
            if u < 1 - 0.0331 * x * x * x * x || log(u) < 0.5 * x * x + d * (1 - v + log(v)) { return d * v }
        }
    }

    /// Binomial(n, p), exactly, in O(log log n) steps whatever n: Knuth's
    /// splitting on an order statistic of n uniforms (TAOCP vol. 2, 3.4.1),
    /// here the i-th with i ≈ n·p, a Beta(i, n + 1 − i) draw: the uniforms
    /// below it number i − 1 and those above n − i, so what is left to count
    /// is binomial again, with a mean near √(n·p). Past a mean of 16, the
    /// pmf is walked from 0 (inversion). p > ½ counts the failures instead.
    mutating func binomial(_ n: Int, _ p: Double) -> Int {
        var n = n, p = p
        var settled = 0, sign = 1   // the answer is settled + sign · Binomial(n, p)
        while true {
            if p > 0.5 {
                settled += sign * n
                sign = -sign
                p = 1 - p
            }
            if n == 0 || p <= 0 { return settled }
            if Double(n) * p < 16 { return settled + sign * invertedBinomial(n, p) }
            let i = min(max(Int(Double(n) * p), 1), n)
            let a = gamma(Double(i)), b = gamma(Double(n + 1 - i))
            let x = a / (a + b)
            if x >= p {
                n = i - 1
                p /= x
            } else {
                settled += sign * i
                n -= i
                p = (p - x) / (1 - x)
            }
        }
    }

    /// Binomial(n, p) for p ≤ ½ and a small mean n·p, by walking its pmf.
    private mutating func invertedBinomial(_ n: Int, _ p: Double) -> Int {
        let ratio = p / (1 - p)
        var probability = exp(Double(n) * log1p(-p))
        var u = uniform(), k = 0
        while u > probability, k < n {
            u -= probability
            probability *= Double(n - k) / Double(k + 1) * ratio
            k += 1
        }
        return k
    }
}
