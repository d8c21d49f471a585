import Foundation

/// The Omori–Utsu log-likelihood of event times t₁…tₙ in [S, T] (Ogata 1983):
///
///     log L(K, c, p) = n·ln K − p·Σ ln(tᵢ + c) − K·I(c, p),   I = ∫ (t+c)^(−p) dt over [S, T]
///
/// K is profiled out (K̂ = n/I), leaving g(c, p) = −log L(K̂, c, p) =
/// n·ln I − n·ln n + n + p·Σ ln(tᵢ + c) to minimise over x = ln c (so c > 0)
/// and p. Derivatives are analytic.
struct OmoriLikelihood {
    let times: [Double]
    let start: Double
    let end: Double

    var count: Double { Double(times.count) }

    /// Σ ln(tᵢ+c), Σ 1/(tᵢ+c), Σ 1/(tᵢ+c)².
    func sums(c: Double) -> (log: Double, inverse: Double, inverseSquare: Double) {
        var log = 0.0, inverse = 0.0, inverseSquare = 0.0
        for time in times {
            let shifted = time + c
            let reciprocal = 1 / shifted
            log += Foundation.log(shifted)
            inverse += reciprocal
            inverseSquare += reciprocal * reciprocal
        }
        return (log, inverse, inverseSquare)
    }

    func logSum(c: Double) -> Double {
        var log = 0.0
        for time in times { log += Foundation.log(time + c) }
        return log
    }

    /// g(ln c, p): −log L with K at its maximum for these c and p.
    func profile(logC: Double, p: Double) -> Double {
        let c = Foundation.exp(logC)
        let integral = PowerLawIntegrals(c: c, p: p, start: start, end: end).integral
        return count * Foundation.log(integral) - count * Foundation.log(count) + count + p * logSum(c: c)
    }

    /// −log L(K, c, p) in full.
    func negativeLogLikelihood(k: Double, c: Double, p: Double) -> Double {
        let integral = PowerLawIntegrals(c: c, p: p, start: start, end: end).integral
        return -count * Foundation.log(k) + p * logSum(c: c) + k * integral
    }

    /// The kernel's derivatives in c: I_c, I_cc, I_cp (from I = ∫ u^(−p) du over [S+c, T+c]).
    private func cDerivatives(c: Double, p: Double) -> (c: Double, cc: Double, cp: Double) {
        let upper = end + c, lower = start + c
        let upperPower = Foundation.pow(upper, -p), lowerPower = Foundation.pow(lower, -p)
        return (upperPower - lowerPower,
                -p * (upperPower / upper - lowerPower / lower),
                -(Foundation.log(upper) * upperPower - Foundation.log(lower) * lowerPower))
    }

    /// g's gradient and Hessian in (ln c, p).
    func profileDerivatives(logC: Double, p: Double) -> (gradient: SIMD2<Double>, hessian: Matrix2) {
        let c = Foundation.exp(logC)
        let kernel = PowerLawIntegrals(c: c, p: p, start: start, end: end)
        let inC = cDerivatives(c: c, p: p)
        let sums = sums(c: c)
        let n = count, i = kernel.integral
        let ip = -kernel.firstLogMoment, ipp = kernel.secondLogMoment
        let gc = n * inC.c / i + p * sums.inverse
        let gp = n * ip / i + sums.log
        let gcc = n * (inC.cc / i - inC.c * inC.c / (i * i)) - p * sums.inverseSquare
        let gcp = n * (inC.cp / i - inC.c * ip / (i * i)) + sums.inverse
        let gpp = n * (ipp / i - ip * ip / (i * i))
        // Chain rule to x = ln c: ∂/∂x = c·∂/∂c, ∂²/∂x² = c²·∂²/∂c² + c·∂/∂c.
        return (SIMD2(c * gc, gp), Matrix2(xx: c * c * gcc + c * gc, xp: c * gcp, pp: gpp))
    }

    /// The observed Fisher information: the Hessian of −log L in (K, c, p).
    func information(k: Double, c: Double, p: Double) -> [[Double]] {
        let kernel = PowerLawIntegrals(c: c, p: p, start: start, end: end)
        let inC = cDerivatives(c: c, p: p)
        let sums = sums(c: c)
        let ip = -kernel.firstLogMoment
        let kk = count / (k * k)
        let cc = -p * sums.inverseSquare + k * inC.cc
        let cp = sums.inverse + k * inC.cp
        let pp = k * kernel.secondLogMoment
        return [[kk, inC.c, ip], [inC.c, cc, cp], [ip, cp, pp]]
    }
}

/// A symmetric 2×2 matrix in (ln c, p).
struct Matrix2 {
    var xx: Double
    var xp: Double
    var pp: Double

    var determinant: Double { xx * pp - xp * xp }
    var isPositiveDefinite: Bool { xx > 0 && determinant > 0 }

    /// M⁻¹·v.
    func solve(_ v: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(pp * v.x - xp * v.y, -xp * v.x + xx * v.y) / determinant
    }
}
