import Foundation
import QuakeSeismology
import QuakeStore

/// How `stats` finds Mc: maximum curvature (plus a correction), b-value
/// stability, the Kolmogorov–Smirnov test, or a value the user fixes.
public enum CompletenessMethod: Sendable, Equatable {
    case maximumCurvature(correction: Double)
    case bStability
    case kolmogorovSmirnov
    case fixed(Double)

    public var name: String {
        switch self {
        case .maximumCurvature: "maxc"
        case .bStability: "mbs"
        case .kolmogorovSmirnov: "ks"
        case .fixed: "fixed"
        }
    }
}

/// How `stats` estimates b above Mc.
public enum BMethod: String, Sendable, CaseIterable {
    /// Aki (1965) with Utsu's half-bin: β = 1 / (mean − (Mc − Δm/2)), the charts' own.
    case utsu
    /// The binned maximum likelihood of Tinti & Mulargia (1987), as SeismoStats' classic.
    case classic
    /// b-positive (van der Elst 2021): the positive differences of successive magnitudes.
    case positive
}

/// Mc, b, σ (Shi & Bolt 1982) and a of a selection's magnitudes (binned to
/// 0.1, as the charts bin them) by the methods asked for.
public struct MagnitudeAnalysis: Sendable {
    public static let binWidth = 0.1

    public var completeness: CompletenessMethod
    public var bMethod: BMethod
    public var mc: Double?
    public var estimate: BValueEstimate?
    public var a: Double?
    /// Why there is no b (too few quakes, no Mc passed the test…).
    public var failure: String?

    public init(_ selection: SequenceSelection, completeness: CompletenessMethod, bMethod: BMethod) {
        self.completeness = completeness
        self.bMethod = bMethod
        let magnitudes = MagnitudeBinning.bin(selection.columns.magnitudes, width: Self.binWidth)
        do {
            let mc = try Self.mc(magnitudes, completeness)
            self.mc = mc
            let estimate: BValueEstimate
            switch bMethod {
            case .utsu: estimate = try BValueEstimator.utsu(magnitudes, mc: mc, width: Self.binWidth)
            case .classic: estimate = try BValueEstimator.classic(magnitudes, mc: mc, width: Self.binWidth)
            case .positive:
                estimate = try BValueEstimator.positive(magnitudes, times: selection.columns.times, mc: mc, width: Self.binWidth).estimate
            }
            self.estimate = estimate
            let above = magnitudes.filter { $0 >= mc - Self.binWidth / 2 }.count
            a = BValueEstimator.aValue(count: above, b: estimate.b, mc: mc)
        } catch let error as MagnitudeStatisticsError {
            failure = error.message
        } catch {
            failure = "\(error)"
        }
    }

    private static func mc(_ magnitudes: [Double], _ method: CompletenessMethod) throws -> Double {
        guard !magnitudes.isEmpty else { throw MagnitudeStatisticsError("no quake with a magnitude") }
        switch method {
        case .fixed(let value): return MagnitudeBinning.bin(value, width: binWidth)
        case .maximumCurvature(let correction):
            return try CompletenessMagnitude.maximumCurvature(magnitudes, binWidth: binWidth, correction: correction)
        case .bStability:
            guard let mc = try CompletenessMagnitude.bValueStability(magnitudes, width: binWidth).mc else {
                throw MagnitudeStatisticsError("Mc (b-stability): no Mc passed the stability test")
            }
            return mc
        case .kolmogorovSmirnov:
            // From maximum curvature up: below it the distribution is not yet Gutenberg–Richter's.
            let start = try CompletenessMagnitude.maximumCurvature(magnitudes, binWidth: binWidth)
            let top = magnitudes.max() ?? start
            let mcs = stride(from: start, to: top, by: binWidth).map { MagnitudeBinning.bin($0, width: binWidth) }
            guard let mc = try KSCompleteness.estimateMc(magnitudes, width: binWidth, mcs: mcs, simulations: 1_000).mc else {
                throw MagnitudeStatisticsError("Mc (KS): no Mc from \(start) up passed the test (p ≥ 0.1)")
            }
            return mc
        }
    }
}

/// The magnitude types and networks of a selection's quakes with a
/// magnitude, and their cumulative moment, from one aggregate (counts per
/// type, network and magnitude): `stats` says them of every selection
/// without reading its rows.
public struct MagnitudeLabels: Sendable {
    public var mix: MagnitudeMix
    public var moment: CumulativeMoment

    public static let request = AggregateRequest(groups: [.value(.magType), .value(.net), .value(.magnitude)])

    public init(_ result: AggregateResult) {
        var types: [String?: Int] = [:], networks: [String?: Int] = [:], magnitudes: [(magnitude: Double, count: Int)] = []
        for row in result.rows {
            // As the charts: a quake without a magnitude (or with one import refuses) is left out.
            guard case .number(let magnitude?) = row.keys[2], MagnitudeCheck.range.contains(magnitude) else { continue }
            if case .text(let type) = row.keys[0] { types[type, default: 0] += row.count }
            if case .text(let net) = row.keys[1] { networks[net, default: 0] += row.count }
            magnitudes.append((magnitude, row.count))
        }
        mix = MagnitudeMix(typeCounts: types, networkCounts: networks)
        moment = SeismicMoment.cumulative(counts: magnitudes)
    }
}
