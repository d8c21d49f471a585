import Foundation

/// Event counts per magnitude bin of width Δm, from the lowest occupied bin to
/// the highest, with the tail sums that let an estimator answer for any Mc in
/// O(1) instead of a pass over the magnitudes (b-value stability, KS).
/// Bin i holds the magnitudes binned to (firstBin + i)·Δm.
public struct MagnitudeHistogram: Sendable, Equatable {
    public let width: Double
    /// The bin number k (bin = k·Δm) of `counts[0]`.
    public let firstBin: Int
    public let counts: [Int]
    /// tail[i] = Σ_{j ≥ i} counts[j] (and the same weighted by j and j²).
    let tailCount: [Int]
    let tailFirst: [Double]
    let tailSecond: [Double]

    /// Bins the magnitudes (see `MagnitudeBinning`) and counts them; NaNs are
    /// left out. Throws if none is left, or if they span more than 10 million bins.
    public init(_ magnitudes: [Double], width: Double) throws {
        guard width > 0, width.isFinite else {
            throw MagnitudeStatisticsError("magnitude histogram: bin width Δm \(width) is not > 0")
        }
        var smallest = Double.infinity, largest = -Double.infinity
        for m in magnitudes where m.isFinite {
            smallest = min(smallest, m)
            largest = max(largest, m)
        }
        guard smallest <= largest else { throw MagnitudeStatisticsError("magnitude histogram: no magnitudes") }
        guard (largest - smallest) / width < 10_000_000 else {
            throw MagnitudeStatisticsError("magnitude histogram: magnitudes from \(magnitudeText(smallest)) to \(magnitudeText(largest)) span more than 10 million bins of \(width)")
        }
        let lowest = MagnitudeBinning.index(smallest, width: width)
        let highest = MagnitudeBinning.index(largest, width: width)
        var counts = [Int](repeating: 0, count: highest - lowest + 1)
        for m in magnitudes where m.isFinite { counts[MagnitudeBinning.index(m, width: width) - lowest] += 1 }
        self.init(counts: counts, firstBin: lowest, width: width)
    }

    init(counts: [Int], firstBin: Int, width: Double) {
        self.width = width
        self.firstBin = firstBin
        self.counts = counts
        var tailCount = [Int](repeating: 0, count: counts.count + 1)
        var tailFirst = [Double](repeating: 0, count: counts.count + 1)
        var tailSecond = [Double](repeating: 0, count: counts.count + 1)
        for i in counts.indices.reversed() {
            let c = Double(counts[i]), j = Double(i)
            tailCount[i] = tailCount[i + 1] + counts[i]
            tailFirst[i] = tailFirst[i + 1] + c * j
            tailSecond[i] = tailSecond[i + 1] + c * j * j
        }
        self.tailCount = tailCount
        self.tailFirst = tailFirst
        self.tailSecond = tailSecond
    }

    /// The magnitude of bin i (0-based into `counts`).
    public func magnitude(ofBin i: Int) -> Double { MagnitudeBinning.value(ofIndex: firstBin + i, width: width) }

    public var lowest: Double { magnitude(ofBin: 0) }
    public var highest: Double { magnitude(ofBin: counts.count - 1) }
    public var total: Int { tailCount[0] }

    /// The first bin (into `counts`, maybe < 0 or ≥ counts.count) holding
    /// magnitudes m ≥ Mc − Δm/2: Mc's own bin.
    func binIndex(ofMc mc: Double) -> Int { MagnitudeBinning.index(mc, width: width) - firstBin }

    /// Count, mean and standard deviation (divisor n) of the magnitudes in
    /// bins ≥ i, from the tail sums.
    func sample(fromBin i: Int) -> MagnitudeSample {
        let i = max(i, 0)
        guard i < counts.count, tailCount[i] > 0 else { return MagnitudeSample(n: 0, mean: .nan, sd: .nan) }
        let n = Double(tailCount[i])
        let meanIndex = tailFirst[i] / n
        let variance = max(tailSecond[i] / n - meanIndex * meanIndex, 0)
        return MagnitudeSample(n: tailCount[i], mean: (Double(firstBin) + meanIndex) * width,
                               sd: variance.squareRoot() * width)
    }

    /// The classic b-value (binned MLE, Shi & Bolt σ) of the magnitudes at or above Mc.
    func classicB(mc: Double) throws -> BValueEstimate {
        let sample = sample(fromBin: binIndex(ofMc: mc))
        guard sample.n > 0 else { throw BValueEstimator.noMagnitudes(method: "classic", mc: mc, width: width) }
        let b = try BValueEstimator.binnedMaximumLikelihoodB(meanExcess: sample.mean - mc, width: width,
                                                             method: "classic", n: sample.n, mc: mc)
        return sample.estimate(b: b)
    }
}
