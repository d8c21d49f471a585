import Foundation
import QuakeQuery
import QuakeSeismology
import QuakeStore

/// The decay of a sequence, as the charts pane draws it in place of the
/// activity chart (`O`): the selection's largest quake as the mainshock,
/// its aftershocks at or above their Mc (by the charts' method, `M`) counted in
/// logarithmic bins of days since it (events per day), and the Omori–Utsu
/// law fitted to them (Ogata 1983), or why there is none.
public struct DecayChart: Sendable, Hashable {
    public struct Bin: Sendable, Hashable {
        /// Days since the mainshock.
        public let start: Double
        public let end: Double
        public let count: Int
        public var rate: Double { Double(count) / (end - start) }
    }

    public let mainshockID: String
    public let mainshockMagnitude: Double
    /// The magnitude the aftershocks are counted and fitted from.
    public let threshold: Double
    public let bins: [Bin]
    public let fit: OmoriFit?
    /// Why there is no fit (too few aftershocks, no maximum…).
    public let failure: String?
    /// The Reasenberg & Jones chance of larger quakes from the time the
    /// chart was made (nil before the mainshock), from the fit when there
    /// is one, else the generic California parameters.
    public let forecast: AftershockForecast?

    /// Bins a decade: fine enough to see the decay, coarse enough to count.
    public static let binsPerDecade = 5.0

    public init?(_ decay: SequenceDecay, mcMethod: ChartMcMethod = .maxc, at now: Date = Date()) {
        let days = zip(decay.aftershockDays, decay.aftershockMagnitudes)
        guard let threshold = Self.threshold(decay, mcMethod) else { return nil }
        // Binned as the estimators bin: a 2.45 belongs to M2.5's bin.
        let counted = days.filter { $0.0 > 0 && MagnitudeBinning.bin($0.1, width: 0.1) >= threshold - 1e-9 }.map(\.0)
        guard let first = counted.min(), let last = counted.max() else { return nil }
        mainshockID = decay.mainshockID
        mainshockMagnitude = decay.mainshockMagnitude
        self.threshold = threshold
        bins = Self.bins(counted, from: first, to: last)
        do {
            fit = try decay.omoriFit(minimumMagnitude: threshold - 0.05, start: 0, end: last)
            failure = nil
        } catch {
            fit = nil
            failure = "\(error)"
        }
        forecast = try? decay.forecast(at: now, fit: fit)
    }

    /// The aftershocks' Mc by `method`: maximum curvature as `stats
    /// --omori` finds it, the others as the magnitude chart finds them,
    /// from the aftershocks' 0.1 bins. nil without one.
    static func threshold(_ decay: SequenceDecay, _ method: ChartMcMethod) -> Double? {
        guard method != .maxc else { return decay.aftershockMc }
        guard !decay.aftershockMagnitudes.isEmpty else { return nil }
        var counts: [Int: Int] = [:]
        for magnitude in decay.aftershockMagnitudes {
            counts[MagnitudeBinning.index(magnitude, width: 0.1), default: 0] += 1
        }
        return MagnitudeFrequency(countsByTenths: counts, withoutMagnitude: 0, mcMethod: method).mc
    }

    /// Logarithmic bins from the decade's fifth at or below `first` to past `last`.
    static func bins(_ days: [Double], from first: Double, to last: Double) -> [Bin] {
        let step = 1 / binsPerDecade
        let low = (log10(first) / step).rounded(.down), high = (log10(last) / step).rounded(.down)
        let edges = stride(from: low, through: high + 1, by: 1).map { pow(10, $0 * step) }
        var counts = [Int](repeating: 0, count: edges.count - 1)
        for day in days {
            let index = min(counts.count - 1, max(0, Int((log10(day) / step).rounded(.down) - low)))
            counts[index] += 1
        }
        return counts.indices.map { Bin(start: edges[$0], end: edges[$0 + 1], count: counts[$0]) }
    }
}

extension ChartAggregates {
    /// The decay of the controller's results seen as one sequence; nil
    /// without aftershocks with a magnitude. Reads the selection's times and
    /// magnitudes (the fit needs every time, as `stats --omori`).
    public static func decay(_ controller: ResultsController, mcMethod: ChartMcMethod = .maxc,
                             at now: Date = Date()) throws -> DecayChart? {
        let selection = try SequenceSelection.read(controller.catalog, predicate: controller.predicate)
        return SequenceDecay(selection).flatMap { DecayChart($0, mcMethod: mcMethod, at: now) }
    }
}

extension QuakeCharts {
    /// The same charts with the decay drawn in the activity chart's place.
    public func withDecay(_ decay: DecayChart?) -> QuakeCharts {
        var charts = QuakeCharts(count: count, firstTime: firstTime, lastTime: lastTime, activity: activity,
                                 magnitudes: magnitudes, decay: decay)
        charts.mixWarning = mixWarning
        charts.magnitudeTime = magnitudeTime
        return charts
    }
}
