import QuakeQuery

/// The three aggregates both charts are made from, and how their results
/// become `QuakeCharts`. One shot (`charts(_:width:binSize:)`, for
/// `quakes-tui stats`) or observed (the browser asks the controller for
/// the same requests with `onAggregate` and builds the values with the
/// same functions):
///
/// 1. `spanRequest`: no groups, the first and last time: the count and span;
/// 2. `timeRequest(size)`: counts per time bin, for the size that fits the
///    chart's width over that span (`binSize(span:width:forced:)`);
/// 3. `magnitudeRequest`: counts per 0.1 magnitude bin, unknown magnitudes
///    in the NULL key's row.
public enum ChartAggregates {
    /// The results' count and their first and last time.
    public static let spanRequest = AggregateRequest(measures: [.min(.time), .max(.time)])

    /// Counts per 0.1 bin, halves away from zero.
    public static let magnitudeRequest = AggregateRequest(groups: [.rounded(.magnitude, decimals: 1)])

    /// Counts per time bin of `size`.
    public static func timeRequest(_ size: TimeBinSize) -> AggregateRequest { size.countRequest }

    /// What `spanRequest` found.
    public struct Span: Sendable, Hashable {
        public let count: Int
        /// The first and last quake's time (epoch ms), nil without quakes.
        public let firstTime: Int64?
        public let lastTime: Int64?

        public init(count: Int, firstTime: Int64?, lastTime: Int64?) {
            self.count = count; self.firstTime = firstTime; self.lastTime = lastTime
        }
    }

    /// The span from `spanRequest`'s one row.
    public static func span(_ result: AggregateResult) -> Span {
        guard let row = result.rows.first, row.count > 0 else { return Span(count: 0, firstTime: nil, lastTime: nil) }
        return Span(count: row.count, firstTime: row.number(0).map { Int64($0) },
                    lastTime: row.number(1).map { Int64($0) })
    }

    /// At most this many bins for a forced size: each is kept in memory and
    /// printed (a minute's bins from year 1 to 9999 would take 84 GB).
    public static let maximumBins = 100_000

    /// `forced` when given, else the smallest size whose bins over the span
    /// fit `width` columns (a day for no quakes: there are no bins to fit).
    /// A forced size over more than `maximumBins` bins is refused.
    public static func binSize(span: Span, width: Int, forced: TimeBinSize? = nil) throws(TimeBinLimitError) -> TimeBinSize {
        guard let first = span.firstTime, let last = span.lastTime else { return forced ?? .day }
        guard let forced else { return TimeBinSize.fitting(first: first, last: last, width: width) }
        let count = forced.binCount(from: first, to: last)
        guard count <= maximumBins else {
            throw TimeBinLimitError(size: forced, count: count, firstTime: first, lastTime: last,
                                    smallestFitting: TimeBinSize.fitting(first: first, last: last, width: maximumBins))
        }
        return forced
    }

    /// Every bin from the first quake's to the last's, empty ones with 0,
    /// from `timeRequest(size)`'s result. Yearly bins over more than
    /// `width` columns (when given) are gathered several years a bin.
    public static func activity(_ result: AggregateResult, size: TimeBinSize, span: Span, width: Int? = nil) -> ActivityHistogram {
        guard let first = span.firstTime, let last = span.lastTime else { return ActivityHistogram(binSize: size, bins: []) }
        let (firstKey, lastKey) = (size.binKey(of: first), size.binKey(of: last))
        let binCount = lastKey - firstKey + 1
        // Only years are gathered: every other size that does not fit is a forced one, shown as asked.
        let keysPerBin = size == .year ? (binCount + max(1, width ?? binCount) - 1) / max(1, width ?? binCount) : 1
        var counts: [Int: Int] = [:]
        for row in result.rows {
            if let key = row.index(0) { counts[(key - firstKey) / keysPerBin, default: 0] += row.count }
        }
        let bins = (0..<((binCount + keysPerBin - 1) / keysPerBin)).map { index in
            TimeBin(start: size.binStart(key: firstKey + index * keysPerBin), count: counts[index] ?? 0)
        }
        return ActivityHistogram(binSize: size, yearsPerBin: keysPerBin, bins: bins)
    }

    /// The magnitude bins, Mc and the fit from `magnitudeRequest`'s result.
    public static func magnitudes(_ result: AggregateResult) -> MagnitudeFrequency {
        var counts: [Int: Int] = [:]
        var withoutMagnitude = 0
        for row in result.rows {
            // Only magnitudes import accepts (−5…15) have a bin: an older
            // version may have stored 1e15, whose bins to the others' would
            // number 10^16. Such a quake counts as without a magnitude.
            if let tenths = row.index(0), MagnitudeFrequency.binnedTenths.contains(tenths) {
                counts[tenths, default: 0] += row.count
            } else {
                withoutMagnitude += row.count
            }
        }
        return MagnitudeFrequency(countsByTenths: counts, withoutMagnitude: withoutMagnitude)
    }

    /// Both charts of the controller's current results, read now on the
    /// caller's thread: the span, then the time bins of the size that fits
    /// `width` (or `binSize`, as asked), then the magnitudes. Three reads: a write
    /// between them can make their counts disagree, as any two list runs can.
    public static func charts(_ controller: ResultsController, width: Int, binSize: TimeBinSize? = nil) throws -> QuakeCharts {
        let span = span(try controller.aggregate(spanRequest))
        let size = try self.binSize(span: span, width: width, forced: binSize)
        let activity = activity(try controller.aggregate(timeRequest(size)), size: size, span: span,
                                width: binSize == nil ? width : nil)
        let magnitudes = magnitudes(try controller.aggregate(magnitudeRequest))
        return QuakeCharts(span: span, activity: activity, magnitudes: magnitudes)
    }
}

extension QuakeCharts {
    /// The charts from the span and the two charts' values.
    public init(span: ChartAggregates.Span, activity: ActivityHistogram, magnitudes: MagnitudeFrequency) {
        self.init(count: span.count, firstTime: span.firstTime, lastTime: span.lastTime,
                  activity: activity, magnitudes: magnitudes)
    }
}
