import Foundation

/// The field's b-value estimators, on magnitudes already binned to Δm (see
/// `MagnitudeBinning`). Each keeps the magnitudes m ≥ Mc − Δm/2 (the events of
/// Mc's bin and above), as SeismoStats does, and answers b with its Shi & Bolt
/// (1982) σ. Δm = 0 means continuous magnitudes. O(n) (b-positive O(n log n)
/// when it must sort by time).
public enum BValueEstimator {
    /// Aki (1965) maximum likelihood, corrected for binning as Tinti & Mulargia
    /// (1987, BSSA 77(6)) derive it for magnitudes binned to Δm:
    /// β = ln(1 + Δm / mean(m − Mc)) / Δm, b = β / ln 10
    /// (Δm = 0: β = 1 / mean(m − Mc)). SeismoStats' ClassicBValueEstimator.
    public static func classic(_ magnitudes: [Double], mc: Double, width: Double) throws -> BValueEstimate {
        let sample = try MagnitudeSample(magnitudes, mc: mc, width: width, method: "classic")
        let b = try binnedMaximumLikelihoodB(meanExcess: sample.mean - mc, width: width,
                                             method: "classic", n: sample.n, mc: mc)
        return sample.estimate(b: b)
    }

    /// Utsu (1965): β = 1 / mean(m − Mc + Δm/2), b = β / ln 10 (the continuous
    /// estimator with Mc moved to its bin's lower edge).
    public static func utsu(_ magnitudes: [Double], mc: Double, width: Double) throws -> BValueEstimate {
        let sample = try MagnitudeSample(magnitudes, mc: mc, width: width, method: "Utsu")
        let meanExcess = sample.mean - mc + width / 2
        guard meanExcess > 0 else {
            throw MagnitudeStatisticsError("b-value (Utsu): the \(sample.n) magnitudes average below Mc \(magnitudeText(mc)) − Δm/2")
        }
        return sample.estimate(b: BValueEstimate.b(fromBeta: 1 / meanExcess))
    }

    /// b-positive (van der Elst 2021, JGR Solid Earth 126(2)): of the magnitudes
    /// at or above Mc, in time order (by `times` when given, ties by position;
    /// else as given), the differences d = m[i] − m[i−1] with d ≥ dmc − Δm/2,
    /// re-binned to Δm, give b by the binned maximum likelihood of `classic` with
    /// Mc := dmc. dmc defaults to Δm. σ and n are those of the differences.
    public static func positive(_ magnitudes: [Double], times: [Double]? = nil, mc: Double, width: Double,
                                dmc: Double? = nil) throws -> BPositiveEstimate {
        let dmc = dmc ?? width
        guard dmc >= 0 else { throw MagnitudeStatisticsError("b-value (b-positive): dmc \(dmc) is negative") }
        if let times {
            guard times.count == magnitudes.count else {
                throw MagnitudeStatisticsError("b-value (b-positive): \(times.count) times for \(magnitudes.count) magnitudes")
            }
            if let i = times.firstIndex(where: \.isNaN) {
                throw MagnitudeStatisticsError("b-value (b-positive): the time of event \(i + 1) is not a number")
            }
        }
        var order = try keptIndices(magnitudes, mc: mc, width: width, method: "b-positive")
        if let times {
            order.sort { times[$0] != times[$1] ? times[$0] < times[$1] : $0 < $1 }
        }
        var differences: [Double] = []
        var used: [Int] = []
        for (previous, current) in zip(order, order.dropFirst()) {
            let d = magnitudes[current] - magnitudes[previous]
            guard d >= dmc - width / 2 else { continue }
            differences.append(width > 0 ? MagnitudeBinning.bin(d, width: width) : d)
            used.append(current)
        }
        guard !differences.isEmpty else {
            throw MagnitudeStatisticsError("b-value (b-positive): no difference ≥ \(magnitudeText(dmc)) between consecutive magnitudes among the \(order.count) at or above Mc \(magnitudeText(mc))")
        }
        let sample = MagnitudeSample(differences)
        let b = try binnedMaximumLikelihoodB(meanExcess: sample.mean - dmc, width: width,
                                             method: "b-positive", n: sample.n, mc: dmc)
        return BPositiveEstimate(estimate: sample.estimate(b: b), usedIndices: used)
    }

    /// The a-value of log10 N(≥m) = a − b·m for n events at or above Mc:
    /// a = log10 n + b·Mc (SeismoStats' classic a-value referred to m = 0).
    public static func aValue(count n: Int, b: Double, mc: Double) -> Double {
        log10(Double(n)) + b * mc
    }

    /// b from the mean excess over Mc by the binned MLE (Tinti & Mulargia 1987).
    static func binnedMaximumLikelihoodB(meanExcess: Double, width: Double, method: String,
                                         n: Int, mc: Double) throws -> Double {
        guard meanExcess > 0 else {
            throw MagnitudeStatisticsError("b-value (\(method)): all \(n) values are in the bin of \(magnitudeText(mc)): b is unbounded")
        }
        let beta = width > 0 ? log(1 + width / meanExcess) / width : 1 / meanExcess
        return BValueEstimate.b(fromBeta: beta)
    }

    /// Indices of the magnitudes m ≥ Mc − Δm/2, in order; throws if one of them
    /// is not binned to Δm or none is left.
    static func keptIndices(_ magnitudes: [Double], mc: Double, width: Double, method: String) throws -> [Int] {
        try checkWidth(width, method: method)
        var kept: [Int] = []
        let threshold = mc - width / 2
        for (i, m) in magnitudes.enumerated() where m >= threshold {
            try checkBinned(m, at: i, width: width, method: method)
            kept.append(i)
        }
        guard !kept.isEmpty else { throw noMagnitudes(method: method, mc: mc, width: width) }
        return kept
    }

    static func checkWidth(_ width: Double, method: String) throws {
        guard width >= 0, width.isFinite else {
            throw MagnitudeStatisticsError("b-value (\(method)): bin width Δm \(width) is not ≥ 0")
        }
    }

    static func checkBinned(_ m: Double, at i: Int, width: Double, method: String) throws {
        guard width == 0 || MagnitudeBinning.isBinned(m, width: width) else {
            throw MagnitudeStatisticsError("b-value (\(method)): magnitude \(m) (event \(i + 1)) is not binned to Δm \(width)")
        }
    }

    static func noMagnitudes(method: String, mc: Double, width: Double) -> MagnitudeStatisticsError {
        MagnitudeStatisticsError("b-value (\(method)): no magnitudes at or above Mc \(magnitudeText(mc)) (Δm \(width))")
    }
}

/// Count, mean and standard deviation (divisor n) of the magnitudes an
/// estimator keeps, in two passes without copying them.
struct MagnitudeSample {
    var n = 0
    var mean = 0.0
    var sd = 0.0

    init(_ magnitudes: [Double], mc: Double, width: Double, method: String) throws {
        try BValueEstimator.checkWidth(width, method: method)
        let threshold = mc - width / 2
        var sum = 0.0
        for (i, m) in magnitudes.enumerated() where m >= threshold {
            try BValueEstimator.checkBinned(m, at: i, width: width, method: method)
            n += 1
            sum += m
        }
        guard n > 0 else { throw BValueEstimator.noMagnitudes(method: method, mc: mc, width: width) }
        mean = sum / Double(n)
        var squares = 0.0
        for m in magnitudes where m >= threshold { squares += (m - mean) * (m - mean) }
        sd = (squares / Double(n)).squareRoot()
    }

    init(_ values: [Double]) {
        n = values.count
        mean = values.reduce(0, +) / Double(n)
        sd = (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(n)).squareRoot()
    }

    init(n: Int, mean: Double, sd: Double) {
        self.n = n
        self.mean = mean
        self.sd = sd
    }

    /// b with its Shi & Bolt (1982) σ = ln10 · b² · sd / √(n − 1).
    func estimate(b: Double) -> BValueEstimate {
        let sigma = n > 1 ? log(10) * b * b * sd / Double(n - 1).squareRoot() : .nan
        return BValueEstimate(b: b, sigma: sigma, n: n)
    }
}
