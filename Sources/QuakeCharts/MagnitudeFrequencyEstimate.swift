import Foundation
import QuakeSeismology

/// How the charts find Mc (`M` cycles them): maximum curvature, with Woessner
/// & Wiemer's +0.2, b-value stability (Cao & Gao 2002), or the
/// Kolmogorov–Smirnov test (from maximum curvature's Mc up, 1,000 seeded
/// simulations a tested Mc, as `stats --mc ks`). Each works on the 0.1 bins
/// the aggregate gives, so none reads a row.
public enum ChartMcMethod: String, Sendable, Hashable, CaseIterable {
    case maxc
    case maxcCorrected = "maxc+0.2"
    case mbs
    case ks

    public var next: ChartMcMethod {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}

// The magnitude–frequency distribution and its Gutenberg–Richter fit, from
// counts per 0.1 bin (what the `.rounded(.magnitude, decimals: 1)`
// aggregate gives): no rows are read, and every sum is taken over bins,
// exactly, in whole tenths.

extension MagnitudeFrequency {
    /// ΔM: the bins' width.
    public static let binWidth = 0.1

    /// Every 0.1 bin from the smallest magnitude's to the largest's (empty
    /// ones included) with N(≥ M); Mc by maximum curvature; the fit when
    /// at least `minimumForFit` quakes are at or above Mc.
    /// `countsByTenths`: bin (magnitude × 10) → quakes; bins with no quakes
    /// may be left out.
    public init(countsByTenths: [Int: Int], withoutMagnitude: Int, mcMethod: ChartMcMethod = .maxc) {
        let held = countsByTenths.filter { $0.value > 0 }
        guard let lowest = held.keys.min(), let highest = held.keys.max() else {
            self.init(bins: [], withoutMagnitude: withoutMagnitude, mc: nil, fit: nil, mcMethod: mcMethod)
            return
        }
        var bins: [MagnitudeBin] = []
        var cumulative = 0
        for tenths in stride(from: highest, through: lowest, by: -1) {
            let count = held[tenths] ?? 0
            cumulative += count
            bins.append(MagnitudeBin(tenths: tenths, count: count, cumulative: cumulative))
        }
        bins.reverse()
        guard let mcTenths = Self.mcTenths(bins, mcMethod) else {
            self.init(bins: bins, withoutMagnitude: withoutMagnitude, mc: nil, fit: nil, mcMethod: mcMethod)
            return
        }
        self.init(bins: bins, withoutMagnitude: withoutMagnitude, mc: Double(mcTenths) / 10,
                  fit: Self.fit(bins, mcTenths: mcTenths), mcMethod: mcMethod)
    }

    /// The same bins with Mc found by `method`.
    public func withMcMethod(_ method: ChartMcMethod) -> MagnitudeFrequency {
        guard method != mcMethod else { return self }
        return MagnitudeFrequency(countsByTenths: Dictionary(uniqueKeysWithValues: bins.map { ($0.tenths, $0.count) }),
                                  withoutMagnitude: withoutMagnitude, mcMethod: method)
    }

    /// Mc in tenths by `method`; nil when b-value stability finds none.
    static func mcTenths(_ bins: [MagnitudeBin], _ method: ChartMcMethod) -> Int? {
        switch method {
        case .maxc: return maximumCurvature(bins)
        case .maxcCorrected: return maximumCurvature(bins) + 2
        case .mbs:
            // The estimator takes magnitudes: each bin's, as often as it holds quakes.
            guard let mc = try? CompletenessMagnitude.bValueStability(magnitudes(bins), width: binWidth).mc else { return nil }
            return Int((mc * 10).rounded())
        case .ks:
            let start = maximumCurvature(bins), top = bins.last!.tenths
            let mcs = (start..<max(start, top)).map { MagnitudeBinning.value(ofIndex: $0, width: binWidth) }
            guard !mcs.isEmpty,
                  let mc = try? KSCompleteness.estimateMc(magnitudes(bins), width: binWidth, mcs: mcs, simulations: 1_000).mc else {
                return nil
            }
            return Int((mc * 10).rounded())
        }
    }

    /// Each bin's magnitude, as often as it holds quakes.
    private static func magnitudes(_ bins: [MagnitudeBin]) -> [Double] {
        bins.flatMap { repeatElement(MagnitudeBinning.value(ofIndex: $0.tenths, width: binWidth), count: $0.count) }
    }

    /// Maximum curvature (Wiemer & Wyss 2000): the bin with the most quakes,
    /// the smallest magnitude on a tie; no correction term.
    static func maximumCurvature(_ bins: [MagnitudeBin]) -> Int {
        // Bins run from the smallest magnitude up, so the first maximum is the smallest.
        var best = bins[0]
        for bin in bins.dropFirst() where bin.count > best.count { best = bin }
        return best.tenths
    }

    /// Aki–Utsu's b over the quakes whose bin is at or above Mc, Shi & Bolt's
    /// σb, and a; nil below `minimumForFit` quakes.
    ///
    /// With Mi the binned magnitudes in tenths (ti = 10·Mi), n quakes,
    /// S = Σ ti and Q = Σ ti², over the bins at or above Mc (tenths tc):
    ///
    ///     mean − (Mc − ΔM/2) = S/(10n) − tc/10 + 1/20 = (2S − 2n·tc + n) / (20n)
    ///     Σ(Mi − mean)² = (n·Q − S²) / (100n)
    ///
    /// so both are whole numbers over known denominators, exact however many quakes.
    static func fit(_ bins: [MagnitudeBin], mcTenths: Int) -> GutenbergRichterFit? {
        let above = bins.filter { $0.tenths >= mcTenths }
        let n = above.reduce(0) { $0 + $1.count }
        guard n >= minimumForFit else { return nil }
        let s = above.reduce(0) { $0 + $1.count * $1.tenths }
        let q = above.reduce(0) { $0 + $1.count * $1.tenths * $1.tenths }
        let spread = Double(2 * s - 2 * n * mcTenths + n)   // > 0: every ti ≥ tc
        let b = log10(M_E) * Double(20 * n) / spread
        let squares = deviationSquares(n: n, s: s, q: q) / Double(100 * n)   // Σ(Mi − mean)²
        let bError = 2.3 * b * b * (squares / (Double(n) * Double(n - 1))).squareRoot()
        let mc = Double(mcTenths) / 10
        return GutenbergRichterFit(mc: mc, b: b, bError: bError, a: log10(Double(n)) + b * mc, count: n)
    }

    /// n·Q − S², in whole numbers while they fit in 64 bits (a catalog of
    /// hundreds of millions), else in Doubles.
    private static func deviationSquares(n: Int, s: Int, q: Int) -> Double {
        let (nq, overflowQ) = n.multipliedReportingOverflow(by: q)
        let (ss, overflowS) = s.multipliedReportingOverflow(by: s)
        if !overflowQ && !overflowS { return Double(nq - ss) }
        return Double(n) * Double(q) - Double(s) * Double(s)
    }
}
