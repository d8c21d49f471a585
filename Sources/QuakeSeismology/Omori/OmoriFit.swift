import Foundation

/// The Omori–Utsu law n(t) = K/(t+c)^p fitted to a sequence by maximum
/// likelihood (Ogata 1983, J. Phys. Earth 31, 115–124), as SAPP's `momori`
/// does with its background B = 0: over the event times tᵢ (days since the
/// mainshock) of the events at or above `minimumMagnitude` in [S, T],
///
///     log L = Σ log n(tᵢ) − ∫ n(t) dt over [S, T]
///           = n·ln K − p·Σ ln(tᵢ+c) − K·((T+c)^(1−p) − (S+c)^(1−p))/(1−p)
///
/// (the last term K·ln((T+c)/(S+c)) at p = 1). K is profiled out (K̂ = n/I);
/// c > 0 and p are found by Nelder–Mead from generic starting values, then
/// Newton's method with the analytic Hessian. The standard errors are the
/// square roots of the diagonal of the inverse observed Fisher information
/// (the analytic 3×3 Hessian of −log L at the optimum).
public struct OmoriFit: Sendable, Hashable {
    /// Fewer events than this are refused: three parameters need more than a handful.
    public static let minimumEvents = 10

    public var k: Double
    /// c, days.
    public var c: Double
    public var p: Double
    /// σ of K, c and p.
    public var kError: Double
    public var cError: Double
    public var pError: Double
    /// The events fitted: at or above `minimumMagnitude`, start ≤ t ≤ end.
    public var eventCount: Int
    /// −log L at the optimum (SAPP's `ngmle`).
    public var negativeLogLikelihood: Double
    /// AIC = −2 log L + 2·3. SAPP's `momori` prints ngmle + 3 as its `aic`
    /// (−1799.32 for its example, where this is −3598.65): compare −log L with SAPP, not AIC.
    public var aic: Double { 2 * negativeLogLikelihood + 6 }
    public var minimumMagnitude: Double
    /// The window, days since the mainshock.
    public var start: Double
    public var end: Double

    /// The fitted law, for rates and expected counts.
    public var curve: OmoriUtsuCurve { OmoriUtsuCurve(k: k, c: c, p: p) }

    /// Fits the events at or above `minimumMagnitude` whose time (days since the
    /// mainshock) is in [start, end]. Throws `OmoriFitError`.
    public init(daysSinceMainshock times: [Double], magnitudes: [Double], minimumMagnitude: Double,
                start: Double, end: Double) throws {
        guard times.count == magnitudes.count else {
            throw OmoriFitError.mismatchedColumns(times: times.count, magnitudes: magnitudes.count)
        }
        guard start.isFinite, end.isFinite, start >= 0, end > start else {
            throw OmoriFitError.invalidWindow(start: start, end: end)
        }
        let selected = zip(times, magnitudes).compactMap { time, magnitude in
            magnitude >= minimumMagnitude && time >= start && time <= end ? time : nil
        }
        guard selected.count >= Self.minimumEvents else {
            throw OmoriFitError.tooFewEvents(count: selected.count, minimumMagnitude: minimumMagnitude,
                                             start: start, end: end)
        }
        let likelihood = OmoriLikelihood(times: selected, start: start, end: end)
        let optimum: SIMD2<Double>
        do {
            optimum = try Self.maximize(likelihood)
        } catch {
            throw OmoriFitError.noConvergence(reason: error.reason, minimumMagnitude: minimumMagnitude,
                                              start: start, end: end)
        }
        let c = Foundation.exp(optimum.x), p = optimum.y
        let k = Double(selected.count) / PowerLawIntegrals(c: c, p: p, start: start, end: end).integral
        guard let errors = Self.standardErrors(likelihood.information(k: k, c: c, p: p)) else {
            throw OmoriFitError.noConvergence(reason: "the Fisher information is not positive definite at the optimum",
                                              minimumMagnitude: minimumMagnitude, start: start, end: end)
        }
        self.k = k
        self.c = c
        self.p = p
        (kError, cError, pError) = errors
        eventCount = selected.count
        negativeLogLikelihood = likelihood.negativeLogLikelihood(k: k, c: c, p: p)
        self.minimumMagnitude = minimumMagnitude
        self.start = start
        self.end = end
    }

    struct FitFailure: Error { let reason: String }

    /// ln c is kept in [−25, 12] (c from 1e-11 to 160,000 days) and p in
    /// [−2, 10]; an optimum on those bounds is no interior maximum.
    static let logCBounds = -25.0...12.0
    static let pBounds = -2.0...10.0

    /// (ln c, p) at g's minimum: Nelder–Mead twice (the second from the first's
    /// answer, as the simplex may collapse early), then Newton until its decrement
    /// (the predicted fall in −log L) is below 1e-12.
    static func maximize(_ likelihood: OmoriLikelihood) throws(FitFailure) -> SIMD2<Double> {
        let bounded = { (point: SIMD2<Double>) -> Double in
            guard logCBounds.contains(point.x), pBounds.contains(point.y) else { return .infinity }
            return likelihood.profile(logC: point.x, p: point.y)
        }
        // Generic start: c a hundredth of the window, p = 1.1.
        let first = SIMD2(Foundation.log((likelihood.end - likelihood.start) / 100), 1.1)
        let search = NelderMead()
        var point = search.minimize(bounded, from: first, steps: SIMD2(2, 0.3))
        point = search.minimize(bounded, from: point, steps: SIMD2(0.1, 0.02))
        point = try newton(likelihood, from: point, objective: bounded)
        guard logCBounds.lowerBound + 1 < point.x, point.x < logCBounds.upperBound - 1 else {
            throw FitFailure(reason: "c ran to \(short(Foundation.exp(point.x))) days")
        }
        guard pBounds.lowerBound + 0.01 < point.y, point.y < pBounds.upperBound - 0.01 else {
            throw FitFailure(reason: "p ran to \(short(point.y)) (the events die out faster than any power law)")
        }
        return point
    }

    private static func newton(_ likelihood: OmoriLikelihood, from start: SIMD2<Double>,
                               objective: (SIMD2<Double>) -> Double) throws(FitFailure) -> SIMD2<Double> {
        var point = start
        var value = objective(point)
        for _ in 0..<100 {
            let (gradient, hessian) = likelihood.profileDerivatives(logC: point.x, p: point.y)
            guard hessian.isPositiveDefinite else {
                throw FitFailure(reason: "the likelihood is not concave at c = \(short(Foundation.exp(point.x))) days, p = \(short(point.y))")
            }
            let step = -hessian.solve(gradient)
            let decrement = -(gradient * step).sum()
            if decrement < 1e-12 { return point }
            var scale = 1.0
            while scale > 1e-6 {
                let trial = point + scale * step
                let trialValue = objective(trial)
                if trialValue <= value {
                    (point, value) = (trial, trialValue)
                    break
                }
                scale /= 2
            }
            if scale <= 1e-6 { return point }  // no fall left within rounding
        }
        throw FitFailure(reason: "Newton's method did not settle in 100 steps")
    }

    /// Three significant digits, for messages.
    private static func short(_ value: Double) -> String { String(format: "%.3g", value) }

    /// √diag of the inverse of a symmetric 3×3 matrix, or nil when it is not positive definite.
    static func standardErrors(_ m: [[Double]]) -> (Double, Double, Double)? {
        let cofactor00 = m[1][1] * m[2][2] - m[1][2] * m[2][1]
        let cofactor11 = m[0][0] * m[2][2] - m[0][2] * m[2][0]
        let cofactor22 = m[0][0] * m[1][1] - m[0][1] * m[1][0]
        let determinant = m[0][0] * cofactor00 - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        guard m[0][0] > 0, cofactor22 > 0, determinant > 0 else { return nil }
        return ((cofactor00 / determinant).squareRoot(), (cofactor11 / determinant).squareRoot(),
                (cofactor22 / determinant).squareRoot())
    }
}
