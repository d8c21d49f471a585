import QuakeQuery

/// The magnitude–time chart's numbers: how many quakes each time bin holds
/// in each 0.1 magnitude bin (quakes without a magnitude left out). The
/// bins are finer than the activity chart's: the smallest size with at
/// most four bins per braille dot across (the sizes step by up to six
/// times), so a quake is a dot near its time.
public struct MagnitudeTimeGrid: Sendable, Hashable {
    /// Quakes of the time bin starting at `start` in magnitude bin `tenths`.
    public struct Cell: Sendable, Hashable {
        public let start: Int64
        public let tenths: Int
        public let count: Int
        public init(start: Int64, tenths: Int, count: Int) { self.start = start; self.tenths = tenths; self.count = count }
    }

    public let binSize: TimeBinSize
    /// The cells holding quakes, by time, then magnitude.
    public let cells: [Cell]

    public init(binSize: TimeBinSize, cells: [Cell]) {
        self.binSize = binSize
        self.cells = cells.sorted { ($0.start, $0.tenths) < ($1.start, $1.tenths) }
    }

    /// The smallest and largest magnitude bin holding a quake, in tenths.
    public var tenthsRange: ClosedRange<Int>? {
        guard let low = cells.map(\.tenths).min(), let high = cells.map(\.tenths).max() else { return nil }
        return low...high
    }
}

extension ChartAggregates {
    /// Counts per time bin of `size` and per 0.1 magnitude.
    public static func magnitudeTimeRequest(_ size: TimeBinSize) -> AggregateRequest {
        AggregateRequest(groups: [size.group, .rounded(.magnitude, decimals: 1)])
    }

    /// The grid from `magnitudeTimeRequest(size)`'s result.
    public static func magnitudeTime(_ result: AggregateResult, size: TimeBinSize) -> MagnitudeTimeGrid {
        MagnitudeTimeGrid(binSize: size, cells: result.rows.compactMap { row in
            guard let key = row.index(0), let tenths = row.index(1), MagnitudeFrequency.binnedTenths.contains(tenths) else { return nil }
            return MagnitudeTimeGrid.Cell(start: size.binStart(key: key), tenths: tenths, count: row.count)
        })
    }

    /// The grid of the controller's results over `span`, at most four bins
    /// to each of `dots` across (a year's bins when even those are more).
    public static func magnitudeTime(_ controller: ResultsController, span: Span, dots: Int) throws -> MagnitudeTimeGrid {
        guard let first = span.firstTime, let last = span.lastTime else { return MagnitudeTimeGrid(binSize: .day, cells: []) }
        let size = TimeBinSize.fitting(first: first, last: last, width: 4 * dots)
        return magnitudeTime(try controller.aggregate(magnitudeTimeRequest(size)), size: size)
    }
}

extension ActivityHistogram {
    /// The number of quakes up to the end of each bin: the cumulative count.
    public var cumulative: [Int] {
        var total = 0
        return bins.map { total += $0.count; return total }
    }
}

extension QuakeCharts {
    /// The span the charts were counted over.
    public var span: ChartAggregates.Span { ChartAggregates.Span(count: count, firstTime: firstTime, lastTime: lastTime) }

    /// The same charts with the magnitude–time grid.
    public func withMagnitudeTime(_ grid: MagnitudeTimeGrid) -> QuakeCharts {
        var charts = self
        charts.magnitudeTime = grid
        return charts
    }
}
