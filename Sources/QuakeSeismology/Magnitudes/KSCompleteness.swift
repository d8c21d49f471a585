import Foundation

/// A Kolmogorov–Smirnov test of magnitudes against a binned Gutenberg–Richter law.
public struct KSTestResult: Sendable, Equatable {
    /// The share of simulated distances ≥ the observed one.
    public var pValue: Double
    /// The largest gap between the empirical and the law's CDF over the bins.
    public var distance: Double
}

/// One Mc the KS completeness test tried, with the b it assumed.
public struct KSCompletenessStep: Sendable, Equatable {
    public var mc: Double
    public var b: Double
    public var distance: Double
    public var pValue: Double
}

/// The answer of the KS completeness test: the first Mc whose p-value reached
/// the threshold (nil if none did), with its b, and every Mc tried up to it.
public struct KSCompletenessResult: Sendable, Equatable {
    public var mc: Double?
    public var b: Double?
    public var tested: [KSCompletenessStep]
}

/// Mc by the Kolmogorov–Smirnov test (Clauset, Shalizi & Newman 2009; Mizrahi,
/// Nandan & Wiemer 2021), as SeismoStats' estimate_mc_ks / ks_test_gr: for
/// each Mc, the KS distance between the magnitudes at or above Mc and the
/// binned GR law with that Mc and b is compared with the distances of samples
/// of the same size drawn from that law; the p-value is the share of those ≥
/// the observed one; the smallest Mc with p ≥ the threshold is the answer.
/// The simulated distances are either given (to reproduce a published run) or
/// drawn here from a seeded generator (the same seed, the same answer).
public enum KSCompleteness {
    /// The CDF of the discrete (binned) exponential law at the distinct
    /// magnitudes, ascending: F(x) = 1 − e^{−β(x − Mc + Δm)} (a magnitude x
    /// stands for its bin, up to x + Δm/2; Mc's bin starts at Mc − Δm/2).
    public static func discreteExponentialCDF(_ magnitudes: [Double], mc: Double, width: Double,
                                              beta: Double) -> (x: [Double], cdf: [Double]) {
        let x = Array(Set(magnitudes.filter { !$0.isNaN })).sorted()
        return (x, x.map { 1 - exp(-beta * ($0 - mc + width)) })
    }

    /// The KS test of binned magnitudes at or above Mc against GR(Mc, b),
    /// with the simulated distances given.
    public static func test(_ magnitudes: [Double], mc: Double, width: Double, b: Double,
                            simulatedDistances: [Double]) throws -> KSTestResult {
        let histogram = try MagnitudeHistogram(magnitudes, width: width)
        _ = try sampleSize(histogram, mc: mc)
        try checkB(b, mc: mc)
        return pValue(observed(histogram, mc: mc, b: b), among: simulatedDistances)
    }

    /// The KS test, its distances drawn here: `simulations` samples of the
    /// same size from GR(Mc, b) with a generator seeded by `seed`.
    public static func test(_ magnitudes: [Double], mc: Double, width: Double, b: Double,
                            simulations: Int = defaultSimulations, seed: UInt64 = 0) throws -> KSTestResult {
        let histogram = try MagnitudeHistogram(magnitudes, width: width)
        let n = try sampleSize(histogram, mc: mc)
        try checkB(b, mc: mc)
        var generator = MagnitudeRandomGenerator(seed: seed)
        let distances = simulatedDistances(count: simulations, sampleSize: n, b: b, width: width, generator: &generator)
        return pValue(observed(histogram, mc: mc, b: b), among: distances)
    }

    /// SeismoStats draws 10,000 samples; so do we. A sample costs O(bins ·
    /// log log n), not O(n): for 1,000,000 magnitudes (b ≈ 1) about 0.1 s per
    /// Mc tried at Δm 0.1, 0.75 s at Δm 0.01 (release build).
    public static let defaultSimulations = 10_000

    /// Mc by the KS test with the simulated distances given, one list per Mc
    /// tried (in the ascending order of the Mcs tried).
    /// - Parameters:
    ///   - magnitudes: binned to `width` (refused if not, when b is to be
    ///     estimated; else binned here).
    ///   - mcs: the Mcs to try (sorted, duplicates dropped); nil: every bin from
    ///     the smallest magnitude up to, not including, the largest.
    ///   - b: the b-value to assume; nil: estimated at each Mc by `method`.
    public static func estimateMc(_ magnitudes: [Double], width: Double, mcs: [Double]? = nil,
                                  pValuePass: Double = 0.1, b: Double? = nil, method: BValueMethod = .classic,
                                  simulatedDistances: [[Double]]) throws -> KSCompletenessResult {
        try estimateMc(magnitudes, width: width, mcs: mcs, pValuePass: pValuePass, b: b, method: method) { t, mc, _, _ in
            guard t < simulatedDistances.count else {
                throw MagnitudeStatisticsError("Mc (KS): no simulated distances for Mc \(magnitudeText(mc)) (Mc tried #\(t + 1); \(simulatedDistances.count) lists given)")
            }
            return simulatedDistances[t]
        }
    }

    /// Mc by the KS test, the distances drawn here (`simulations` per Mc
    /// tried; Mc tried #t uses a generator seeded from `seed` and t).
    public static func estimateMc(_ magnitudes: [Double], width: Double, mcs: [Double]? = nil,
                                  pValuePass: Double = 0.1, b: Double? = nil, method: BValueMethod = .classic,
                                  simulations: Int = defaultSimulations, seed: UInt64 = 0) throws -> KSCompletenessResult {
        try estimateMc(magnitudes, width: width, mcs: mcs, pValuePass: pValuePass, b: b, method: method) { t, _, n, b in
            var generator = MagnitudeRandomGenerator(seed: seed &+ UInt64(t) &* 0x9E37_79B9_7F4A_7C15)
            return simulatedDistances(count: simulations, sampleSize: n, b: b, width: width, generator: &generator)
        }
    }

    static func estimateMc(_ magnitudes: [Double], width: Double, mcs: [Double]?, pValuePass: Double, b: Double?,
                           method: BValueMethod,
                           distances: (_ t: Int, _ mc: Double, _ n: Int, _ b: Double) throws -> [Double]) throws -> KSCompletenessResult {
        // SeismoStats refuses unbinned magnitudes when it must estimate b (and only warns otherwise).
        if b == nil, let i = MagnitudeBinning.firstUnbinned(magnitudes, width: width) {
            throw MagnitudeStatisticsError("Mc (KS): magnitude \(magnitudes[i]) (event \(i + 1)) is not binned to Δm \(width)")
        }
        let histogram = try MagnitudeHistogram(magnitudes, width: width)
        let candidates = mcs.map { Array(Set($0)).sorted() }
            ?? (0..<(histogram.counts.count - 1)).map { histogram.magnitude(ofBin: $0) }
        var tested: [KSCompletenessStep] = []
        for (t, mc) in candidates.enumerated() {
            let first = histogram.binIndex(ofMc: mc)
            let occupied = histogram.counts.indices.filter { $0 >= first && histogram.counts[$0] > 0 }.count
            var step = KSCompletenessStep(mc: mc, b: b ?? .nan, distance: 1, pValue: 0)
            if occupied >= 2 {   // as SeismoStats: fewer than two distinct magnitudes fail (p 0, distance 1)
                step.b = try b ?? estimatedB(magnitudes, histogram, mc: mc, method: method)
                try checkB(step.b, mc: mc)
                let n = histogram.sample(fromBin: first).n
                let result = pValue(observed(histogram, mc: mc, b: step.b), among: try distances(t, mc, n, step.b))
                step.distance = result.distance
                step.pValue = result.pValue
            }
            tested.append(step)
            if step.pValue >= pValuePass {
                return KSCompletenessResult(mc: MagnitudeBinning.bin(mc, width: width), b: step.b, tested: tested)
            }
        }
        return KSCompletenessResult(mc: nil, b: nil, tested: tested)
    }

    /// b at Mc by `method`; the classic one from the histogram's tail sums.
    static func estimatedB(_ magnitudes: [Double], _ histogram: MagnitudeHistogram, mc: Double,
                           method: BValueMethod) throws -> Double {
        if method == .classic { return try histogram.classicB(mc: mc).b }
        return try method.estimate(magnitudes.filter { $0 >= mc - histogram.width / 2 }, mc: mc, width: histogram.width).b
    }

    static func checkB(_ b: Double, mc: Double) throws {
        guard b > 0, b.isFinite else {
            throw MagnitudeStatisticsError("Mc (KS): b-value \(b) at Mc \(magnitudeText(mc)) is not a positive number")
        }
    }

    static func sampleSize(_ histogram: MagnitudeHistogram, mc: Double) throws -> Int {
        let n = histogram.sample(fromBin: histogram.binIndex(ofMc: mc)).n
        guard n > 0 else { throw MagnitudeStatisticsError("Mc (KS): no magnitudes at or above Mc \(magnitudeText(mc))") }
        return n
    }

    /// Distances within this of the observed one count as equal: the KS
    /// distance of n binned values takes few values, and simulated samples of
    /// the same size hit the observed one exactly, up to rounding.
    static let tieTolerance = 1e-12

    static func pValue(_ distance: Double, among simulated: [Double]) -> KSTestResult {
        let atLeast = simulated.reduce(0) { $0 + ($1 >= distance - tieTolerance ? 1 : 0) }
        return KSTestResult(pValue: simulated.isEmpty ? .nan : Double(atLeast) / Double(simulated.count), distance: distance)
    }

    /// max over the bins from Mc's up to the largest magnitude of
    /// |F_empirical − F_GR|, F_GR = 1 − e^{−β·(j+1)·Δm} at the j-th bin.
    static func observed(_ histogram: MagnitudeHistogram, mc: Double, b: Double) -> Double {
        let first = histogram.binIndex(ofMc: mc)
        let total = Double(histogram.sample(fromBin: first).n)
        let q = exp(-BValueEstimate.beta(fromB: b) * histogram.width)
        var tail = 1.0, cumulative = 0, distance = 0.0
        for i in first..<histogram.counts.count {
            if i >= 0 { cumulative += histogram.counts[i] }
            tail *= q
            distance = max(distance, abs(Double(cumulative) / total - (1 - tail)))
        }
        return distance
    }

    /// KS distances of `count` samples of `sampleSize` magnitudes from the
    /// binned GR law: the count of each bin, from Mc's up, is binomial on the
    /// events not yet placed with p = 1 − e^{−βΔm} (the law forgets where it
    /// starts), drawn until every event is placed; past that bin the gap only shrinks.
    static func simulatedDistances(count: Int, sampleSize n: Int, b: Double, width: Double,
                                   generator: inout MagnitudeRandomGenerator) -> [Double] {
        let q = exp(-BValueEstimate.beta(fromB: b) * width)
        return (0..<count).map { _ in
            var remaining = n, tail = 1.0, distance = 0.0
            while remaining > 0 {
                remaining -= generator.binomial(remaining, 1 - q)
                tail *= q
                distance = max(distance, abs(Double(n - remaining) / Double(n) - (1 - tail)))
            }
            return distance
        }
    }
}
