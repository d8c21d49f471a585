import QuakeQuery
import QuakeStore

// Where time bins start and end, in UTC, and the aggregate that counts the
// quakes of each. Plain integer arithmetic on epoch milliseconds (no
// Calendar): the same answer on every machine, for times before 1970 too.

extension TimeBinSize {
    private static let minuteMs: Int64 = 60_000
    private static let dayMs: Int64 = 86_400_000

    /// A fixed size's width in milliseconds; nil for months and years,
    /// whose lengths vary.
    public var fixedWidth: Int64? {
        switch self {
        case .minute: Self.minuteMs
        case .tenMinutes: 10 * Self.minuteMs
        case .hour: 60 * Self.minuteMs
        case .sixHours: 360 * Self.minuteMs
        case .day: Self.dayMs
        case .week: 7 * Self.dayMs
        case .month, .year: nil
        }
    }

    /// Where a fixed size's bins are counted from: epoch 0, except weeks,
    /// counted from Monday 1970-01-05 00:00 UTC (1970-01-01 was a Thursday).
    public var origin: Int64 { self == .week ? 4 * Self.dayMs : 0 }

    /// The bin holding `time`: its index, as the aggregate keys it
    /// (`bin`'s floor for fixed sizes, `calendar`'s month or year key).
    public func binKey(of time: Int64) -> Int {
        switch self {
        case .month:
            let (year, month, _) = UTCDay.civil(fromDays: UTCDay.floorDiv(time, Self.dayMs))
            return Int(year * 12 + month - 1)
        case .year:
            return Int(UTCDay.civil(fromDays: UTCDay.floorDiv(time, Self.dayMs)).year)
        default:
            return Int(UTCDay.floorDiv(time - origin, fixedWidth!))
        }
    }

    /// Where bin `key` starts (epoch ms, UTC).
    public func binStart(key: Int) -> Int64 {
        let key = Int64(key)
        switch self {
        case .month:
            let year = UTCDay.floorDiv(key, 12)
            return UTCDay.days(year: year, month: key - year * 12 + 1, day: 1) * Self.dayMs
        case .year:
            return UTCDay.days(year: key, month: 1, day: 1) * Self.dayMs
        default:
            return origin + key * fixedWidth!
        }
    }

    /// The start of the bin holding `time`: `time` rounded down to the bin.
    public func binStart(of time: Int64) -> Int64 { binStart(key: binKey(of: time)) }

    /// The start of the bin after the one holding `time`.
    public func nextBinStart(after time: Int64) -> Int64 { binStart(key: binKey(of: time) + 1) }

    /// How many bins from `first`'s to `last`'s, both included.
    public func binCount(from first: Int64, to last: Int64) -> Int {
        max(0, binKey(of: last) - binKey(of: first) + 1)
    }

    /// The smallest size whose bins from `first`'s to `last`'s number at
    /// most `width` (a chart's columns, at least 1); a year when none does.
    public static func fitting(first: Int64, last: Int64, width: Int) -> TimeBinSize {
        let width = max(1, width)
        return allCases.first { $0.binCount(from: first, to: last) <= width } ?? .year
    }

    /// The group that keys the results by this size's bins: fixed widths
    /// from the origin, months and years by the UTC calendar.
    public var group: AggregateGroup {
        switch self {
        case .month: .calendar(.time, .month)
        case .year: .calendar(.time, .year)
        default: .bin(.time, width: Double(fixedWidth!), origin: Double(origin))
        }
    }

    /// The aggregate that counts the quakes in each of this size's bins.
    public var countRequest: AggregateRequest { AggregateRequest(groups: [group]) }

    /// A bin's start in UTC, as precise as the size: `2018-06-08 13:00`,
    /// `2018-06-08`, `2018-06`, `2018` (any year, as ISOTime writes it).
    public func label(ofBinStarting start: Int64) -> String {
        let text = ISOTime.dateAndTime(epochMilliseconds: start)   // the date is everything before the space
        let date = String(text.prefix { $0 != " " })
        switch self {
        case .minute, .tenMinutes, .hour, .sixHours: return String(text.dropLast(3))
        case .day, .week: return date
        case .month: return String(date.dropLast(3))
        case .year: return String(date.dropLast(6))
        }
    }
}
