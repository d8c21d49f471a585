/// Time across a plot's columns, linear: `first` at the left edge of
/// column 0, `end` at the right edge of the last (epoch ms). Months and
/// years take the columns their lengths give, so a bin's bar and a tick's
/// `┬` stand where their times are.
public struct TimeScale: Sendable, Equatable {
    public let first: Int64
    public let end: Int64
    public let columns: Int

    public init(first: Int64, end: Int64, columns: Int) {
        self.first = first; self.end = max(end, first + 1); self.columns = max(1, columns)
    }

    /// The column holding `time`: the last for `end` and later, the first before `first`.
    public func column(of time: Int64) -> Int {
        let fraction = Double(time - first) / Double(end - first)
        return max(0, min(columns - 1, Int((fraction * Double(columns)).rounded(.down))))
    }

    /// The columns of a span `start..<next` (a bin): from its start's column
    /// to the one before its end's, at least one.
    public func columns(from start: Int64, to next: Int64) -> Range<Int> {
        let from = column(of: start)
        let to = next >= end ? columns : column(of: next)
        return from..<max(from + 1, to)
    }
}

extension ActivityHistogram {
    /// Where the last bin ends: the start of the bin after it (`yearsPerBin` years on for gathered years).
    public var end: Int64? {
        guard let last = bins.last else { return nil }
        return binSize.binStart(key: binSize.binKey(of: last.start) + yearsPerBin)
    }

    /// The bins' times over `columns` columns.
    public func scale(columns: Int) -> TimeScale? {
        guard let first = bins.first, let end else { return nil }
        return TimeScale(first: first.start, end: end, columns: columns)
    }

    /// Where bin `index` ends: the next one's start, or the histogram's end.
    public func binEnd(_ index: Int) -> Int64 {
        index + 1 < bins.count ? bins[index + 1].start : end!
    }
}
