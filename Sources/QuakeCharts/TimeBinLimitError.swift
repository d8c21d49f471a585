import QuakeStore

/// A forced time bin size whose bins over the quakes' span are more than
/// `ChartAggregates.maximumBins`: `stats --bin 1min` over quakes in year 1
/// and year 9999 would ask for 5 billion bins.
public struct TimeBinLimitError: Error, CustomStringConvertible, Sendable {
    public let size: TimeBinSize
    public let count: Int
    public let firstTime: Int64
    public let lastTime: Int64
    /// The smallest size whose bins over the span are few enough.
    public let smallestFitting: TimeBinSize

    /// `5,258,964,961 bins of 1min from 0001-01-01 to 9999-12-31; at most 100,000: use 1y or larger`
    public var description: String {
        let day = { (time: Int64) in String(ISOTime.dateAndTime(epochMilliseconds: time).prefix { $0 != " " }) }
        return "\(DigitGrouping.grouped(count)) bins of \(size.rawValue) from \(day(firstTime)) to \(day(lastTime)); "
            + "at most \(DigitGrouping.grouped(ChartAggregates.maximumBins)): use \(smallestFitting.rawValue) or larger"
    }
}
