import Foundation

/// The integrals of the Omori–Utsu kernel over a window [S, T] and their
/// derivatives, which the fit's gradient and Hessian need. With u = t + c,
///
///     I   = ∫ u^(−p) du                over [S+c, T+c]
///     Iₚ  = ∂I/∂p  = −∫ ln u · u^(−p) du
///     Iₚₚ = ∂²I/∂p² = ∫ ln²u · u^(−p) du
///
/// Substituting s = ln u = B + D·v (B = ln(S+c), D = ln((T+c)/(S+c)), v in
/// [0, 1]) and q = 1 − p gives ∫ s^j e^(qs) ds = D·e^(qB) · Σ over E_m(qD),
/// where E_m(r) = ∫₀¹ v^m e^(rv) dv is summed as a series for small |r| and by
/// its recurrence otherwise: no cancellation near p = 1, where the closed
/// forms divide by 1 − p.
struct PowerLawIntegrals {
    /// I.
    let integral: Double
    /// ∫ ln u · u^(−p) du = −∂I/∂p.
    let firstLogMoment: Double
    /// ∫ ln²u · u^(−p) du = ∂²I/∂p².
    let secondLogMoment: Double

    init(c: Double, p: Double, start: Double, end: Double) {
        let low = Foundation.log(start + c)
        let width = Foundation.log((end + c) / (start + c))
        let q = 1 - p
        let moments = Self.unitMoments(q * width)
        let scale = width * Foundation.exp(q * low)
        integral = scale * moments.0
        firstLogMoment = scale * (low * moments.0 + width * moments.1)
        secondLogMoment = scale * (low * low * moments.0 + 2 * low * width * moments.1 + width * width * moments.2)
    }

    /// E₀, E₁, E₂ at r: ∫₀¹ v^m e^(rv) dv.
    static func unitMoments(_ r: Double) -> (Double, Double, Double) {
        if abs(r) < 2 {
            // Σₙ rⁿ/(n!(n+m+1)): 40 terms leave < 1e-30 at |r| < 2.
            var term = 1.0
            var sums = (0.0, 0.0, 0.0)
            for n in 0..<40 {
                let index = Double(n)
                sums.0 += term / (index + 1)
                sums.1 += term / (index + 2)
                sums.2 += term / (index + 3)
                term *= r / (index + 1)
            }
            return sums
        }
        // E_m = (e^r − m·E_{m−1}) / r, stable for |r| ≥ 2 (each step scales the error by m/|r| ≤ 1).
        let exponential = Foundation.exp(r)
        let zeroth = Foundation.expm1(r) / r
        let first = (exponential - zeroth) / r
        let second = (exponential - 2 * first) / r
        return (zeroth, first, second)
    }
}
