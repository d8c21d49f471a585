import Foundation

/// One Mc the b-value stability test tried.
public struct BStabilityStep: Sendable, Equatable {
    public var mc: Double
    /// The classic b-value and its Shi & Bolt σ for the magnitudes at or above `mc`.
    public var estimate: BValueEstimate
    /// The mean of the b-values at mc, mc + Δm, … over the stability range.
    public var meanB: Double
    /// |meanB − b| / σ: the test passes at ≤ 1.
    public var difference: Double
    public var passed: Bool { difference <= 1 }
}

/// The answer of the b-value stability test: the first Mc that passed (nil if
/// none did) and every Mc tried, in order, up to and with that one.
public struct BStabilityResult: Sendable, Equatable {
    public var mc: Double?
    public var b: Double?
    public var tested: [BStabilityStep]
}

/// Estimates of the magnitude of completeness Mc, as SeismoStats computes
/// them. Each is O(n) in the magnitudes (one histogram) plus O(bins).
public enum CompletenessMagnitude {
    /// Maximum curvature (Wiemer & Wyss 2000): the magnitude bin (of width
    /// `binWidth`) holding the most events, plus `correction` (Woessner &
    /// Wiemer 2005 advise +0.2; 0 here unless asked). A tie takes the lower bin.
    public static func maximumCurvature(_ magnitudes: [Double], binWidth: Double, correction: Double = 0) throws -> Double {
        let histogram = try MagnitudeHistogram(magnitudes, width: binWidth)
        var best = 0
        for (i, count) in histogram.counts.enumerated() where count > histogram.counts[best] { best = i }
        // 1.1 + 0.2 is 1.3000000000000003 in binary: answer the decimal.
        return ((histogram.magnitude(ofBin: best) + correction) * 1e10).rounded() / 1e10
    }

    /// b-value stability (Cao & Gao 2002; Woessner & Wiemer 2005), as
    /// SeismoStats' estimate_mc_b_stability: for each Mc tried in ascending
    /// order, b and σ (classic, Shi & Bolt) from the magnitudes at or above Mc,
    /// and the mean b_avg of the b-values at Mc, Mc + Δm, …, for the
    /// s = ⌈stabilityRange/Δm⌉ bins of the stability range (those above the
    /// largest magnitude count as 0 but still divide by s). Mc passes when
    /// |b_avg − b| / σ ≤ 1; the first that passes is the answer.
    ///
    /// Mcs tried: `mcs` when given, else every bin from the smallest magnitude
    /// up; either way only those with Mc + stabilityRange ≤ the largest
    /// magnitude. (SeismoStats builds Mc, Mc + Δm, … with a float `arange`
    /// that now and then takes one bin more into b_avg; here it is always s.)
    ///
    /// - Parameter magnitudes: magnitudes binned to `width`.
    public static func bValueStability(_ magnitudes: [Double], width: Double, mcs: [Double]? = nil,
                                       stabilityRange: Double = 0.5) throws -> BStabilityResult {
        if let i = MagnitudeBinning.firstUnbinned(magnitudes, width: width) {
            throw MagnitudeStatisticsError("Mc (b-stability): magnitude \(magnitudes[i]) (event \(i + 1)) is not binned to Δm \(width)")
        }
        let histogram = try MagnitudeHistogram(magnitudes, width: width)
        let steps = Int((stabilityRange / width - 1e-9).rounded(.up))
        let lastBin = histogram.counts.count - 1
        let candidates = (mcs ?? (0...lastBin).map { histogram.magnitude(ofBin: $0) })
            .sorted()
            .filter { $0 + stabilityRange <= histogram.highest + 1e-9 }
        guard !candidates.isEmpty else {
            throw MagnitudeStatisticsError("Mc (b-stability): no Mc to test: magnitudes end at \(magnitudeText(histogram.highest)), less than the stability range \(stabilityRange) above every Mc tried")
        }
        var tested: [BStabilityStep] = []
        for mc in candidates {
            let estimate = try histogram.classicB(mc: mc)
            var sum = 0.0
            for step in 0..<steps {
                let higher = MagnitudeBinning.value(ofIndex: MagnitudeBinning.index(mc, width: width) + step, width: width)
                guard higher <= histogram.highest else { break }
                // All in one bin: SeismoStats' b is ∞ there, and so the test fails.
                sum += (try? histogram.classicB(mc: higher).b) ?? .infinity
            }
            let meanB = sum / Double(steps)
            let step = BStabilityStep(mc: mc, estimate: estimate, meanB: meanB,
                                      difference: abs(meanB - estimate.b) / estimate.sigma)
            tested.append(step)
            if step.passed {
                return BStabilityResult(mc: MagnitudeBinning.bin(mc, width: width), b: estimate.b, tested: tested)
            }
        }
        return BStabilityResult(mc: nil, b: nil, tested: tested)
    }
}
