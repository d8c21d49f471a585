import QuakeCharts
import QuakeQuery

/// The browser harness's charts until `ChartAggregates` (the charts'
/// estimators and time binning) is in: day bins and 0.1 magnitude bins
/// read from the controller's aggregates, Mc at the fullest bin, no fit.
/// Enough to show the pane follows the results.
enum StandInCharts {
    static let day: Int64 = 86_400_000

    static func compute(_ controller: ResultsController, width: Int) throws -> QuakeCharts {
        let days = try controller.aggregate(AggregateRequest(groups: [.bin(.time, width: Double(day))]))
        let dayCounts = Dictionary(days.rows.compactMap { row in row.index(0).map { ($0, row.count) } }, uniquingKeysWith: +)
        var timeBins: [TimeBin] = []
        if let first = dayCounts.keys.min(), let last = dayCounts.keys.max() {
            timeBins = (first...min(last, first + width - 1)).map { TimeBin(start: Int64($0) * day, count: dayCounts[$0] ?? 0) }
        }
        let rounded = try controller.aggregate(AggregateRequest(groups: [.rounded(.magnitude, decimals: 1)]))
        let tenthCounts = Dictionary(rounded.rows.compactMap { row in row.index(0).map { ($0, row.count) } },
                                     uniquingKeysWith: +)
        var magnitudeBins: [MagnitudeBin] = []
        if let low = tenthCounts.keys.min(), let high = tenthCounts.keys.max() {
            var above = 0
            for tenths in (low...high).reversed() {
                above += tenthCounts[tenths] ?? 0
                magnitudeBins.insert(MagnitudeBin(tenths: tenths, count: tenthCounts[tenths] ?? 0, cumulative: above), at: 0)
            }
        }
        let fullest = magnitudeBins.max { $0.count < $1.count }
        return QuakeCharts(
            count: days.count, firstTime: timeBins.first?.start, lastTime: timeBins.last.map { $0.start + day - 1 },
            activity: ActivityHistogram(binSize: .day, bins: timeBins),
            magnitudes: MagnitudeFrequency(bins: magnitudeBins, withoutMagnitude: rounded.count - tenthCounts.values.reduce(0, +),
                                           mc: fullest.map(\.magnitude), fit: nil))
    }
}
