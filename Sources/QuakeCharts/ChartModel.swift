import QuakeQuery
import QuakeStore
import QuakeSeismology

// The charts' values (issue 16), shared by the browser's charts pane and
// `quakes-tui stats`. Computed from the controller's aggregates (see
// `ChartAggregates`), never from rows.

/// The time bins the activity chart picks from, smallest first. Bins start
/// at UTC boundaries: the minute, ten minutes, the hour, six hours, the
/// day, Monday 00:00 for weeks, the 1st of a month, 1 January.
public enum TimeBinSize: String, CaseIterable, Sendable, Hashable {
    case minute = "1min", tenMinutes = "10min", hour = "1h", sixHours = "6h", day = "1d", week = "1w"
    case month = "1mo", year = "1y"
}

/// One time bin: where it starts (epoch ms, UTC) and how many quakes it holds.
public struct TimeBin: Sendable, Hashable {
    public let start: Int64
    public let count: Int

    public init(start: Int64, count: Int) { self.start = start; self.count = count }
}

/// Activity over time: every bin from the first quake's to the last's,
/// empty ones included.
public struct ActivityHistogram: Sendable, Hashable {
    public let binSize: TimeBinSize
    /// How many years each bin holds: 1, except when yearly bins outnumber
    /// the chart's columns (quakes in year 1 and 9999), which then hold
    /// several years each, the first bin starting at the first quake's year.
    public let yearsPerBin: Int
    public let bins: [TimeBin]

    public init(binSize: TimeBinSize, yearsPerBin: Int = 1, bins: [TimeBin]) {
        self.binSize = binSize; self.yearsPerBin = yearsPerBin; self.bins = bins
    }

    /// The bins' size as `--bin` spells it, `25y` for several years.
    public var binName: String { yearsPerBin > 1 ? "\(yearsPerBin)y" : binSize.rawValue }
}

/// One 0.1 magnitude bin: `tenths` is the bin's magnitude × 10 (bin 1.3 is 13).
public struct MagnitudeBin: Sendable, Hashable {
    public let tenths: Int
    public let count: Int
    /// N(≥ M): the quakes in this bin and every bin above it.
    public let cumulative: Int

    public init(tenths: Int, count: Int, cumulative: Int) { self.tenths = tenths; self.count = count; self.cumulative = cumulative }

    public var magnitude: Double { Double(tenths) / 10 }
}

/// The Gutenberg–Richter fit from the completeness magnitude up.
public struct GutenbergRichterFit: Sendable, Hashable {
    /// Completeness magnitude, by maximum curvature.
    public let mc: Double
    /// b-value, Aki–Utsu maximum likelihood.
    public let b: Double
    /// Its uncertainty, Shi & Bolt (1982).
    public let bError: Double
    /// a = log10(n) + b · Mc.
    public let a: Double
    /// n: the quakes whose bin is at or above Mc.
    public let count: Int

    public init(mc: Double, b: Double, bError: Double, a: Double, count: Int) {
        self.mc = mc; self.b = b; self.bError = bError; self.a = a; self.count = count
    }
}

/// The magnitude–frequency distribution: every 0.1 bin from the smallest
/// magnitude's to the largest's, empty ones included; the fit, nil with
/// fewer than 50 quakes at or above Mc.
public struct MagnitudeFrequency: Sendable, Hashable {
    public let bins: [MagnitudeBin]
    /// Quakes left out because their magnitude is unknown (or outside
    /// −5…15, which an older version may have stored).
    public let withoutMagnitude: Int
    /// Mc is known whenever there is a bin (and, by b-value stability,
    /// when one passes); the fit needs 50 quakes at or above it.
    public let mc: Double?
    public let fit: GutenbergRichterFit?
    /// How Mc was found.
    public let mcMethod: ChartMcMethod

    public init(bins: [MagnitudeBin], withoutMagnitude: Int, mc: Double?, fit: GutenbergRichterFit?, mcMethod: ChartMcMethod = .maxc) {
        self.bins = bins; self.withoutMagnitude = withoutMagnitude; self.mc = mc; self.fit = fit; self.mcMethod = mcMethod
    }

    /// At least this many quakes at or above Mc for a b-value.
    public static let minimumForFit = 50

    /// The tenths a bin may have: the magnitudes import accepts.
    public static let binnedTenths = Int(MagnitudeCheck.range.lowerBound * 10)...Int(MagnitudeCheck.range.upperBound * 10)
}

/// Both charts of one set of results, and their span.
public struct QuakeCharts: Sendable, Hashable {
    public let count: Int
    /// The first and last quake's time (epoch ms), nil without quakes.
    public let firstTime: Int64?
    public let lastTime: Int64?
    public let activity: ActivityHistogram
    public let magnitudes: MagnitudeFrequency
    /// The sequence's decay, when the pane shows it (`O`) instead of the activity.
    public let decay: DecayChart?
    /// What magnitude types or networks the selection mixes (`mixes ml
    /// (1,204), mw (310)`), nil when one of each or not known yet: the
    /// magnitude chart warns that its b-value means little.
    public internal(set) var mixWarning: String?
    /// The magnitude–time chart's grid, when asked for (its layout shows, or `stats`).
    public internal(set) var magnitudeTime: MagnitudeTimeGrid?

    public init(count: Int, firstTime: Int64?, lastTime: Int64?, activity: ActivityHistogram, magnitudes: MagnitudeFrequency,
                decay: DecayChart? = nil) {
        self.count = count; self.firstTime = firstTime; self.lastTime = lastTime
        self.activity = activity; self.magnitudes = magnitudes; self.decay = decay
    }

    /// The same charts with Mc found by `method`.
    public func withMcMethod(_ method: ChartMcMethod) -> QuakeCharts {
        var charts = QuakeCharts(count: count, firstTime: firstTime, lastTime: lastTime, activity: activity,
                                 magnitudes: magnitudes.withMcMethod(method), decay: decay)
        charts.mixWarning = mixWarning
        charts.magnitudeTime = magnitudeTime
        return charts
    }

    /// The same charts, saying what `mix` mixes.
    public func withMix(_ mix: MagnitudeMix) -> QuakeCharts {
        var charts = self
        charts.mixWarning = mix.warning
        return charts
    }
}
