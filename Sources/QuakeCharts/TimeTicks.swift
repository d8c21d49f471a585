import QuakeStore

/// Tick marks at round UTC times over `first…last` (epoch ms): the step is
/// the smallest of 1, 2, 5, 10, 15, 30 minutes, 1, 2, 3, 6, 12 hours, 1, 2
/// days, a week (Mondays), 1, 2, 3, 6 months or 1, 2, 5 × 10^k years giving
/// at most `maximum` ticks; ticks fall on its multiples (minutes and hours
/// from midnight, days from 1970-01-01, months from January, years from
/// year 0), so a label never shows a time a reader would not write.
/// Integer arithmetic on epoch milliseconds, as the time bins are.
public struct TimeTicks: Sendable, Equatable {
    public enum Unit: Sendable, Equatable { case minute, day, week, month, year }

    /// A step: `count` of `unit` (hours are 60 minutes).
    public struct Step: Sendable, Equatable {
        public let unit: Unit
        public let count: Int
        public init(unit: Unit, count: Int) { self.unit = unit; self.count = count }
    }

    public let step: Step
    public let values: [Int64]

    /// The steps tried, smallest first; years go on by 1-2-5 decades.
    public static let steps: [Step] = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720].map { Step(unit: .minute, count: $0) }
        + [1, 2].map { Step(unit: .day, count: $0) } + [Step(unit: .week, count: 1)]
        + [1, 2, 3, 6].map { Step(unit: .month, count: $0) }
        + (0...4).flatMap { power in [1, 2, 5].map { Step(unit: .year, count: $0 * Self.tenTo(power)) } }

    private static let minuteMs: Int64 = 60_000, dayMs: Int64 = 86_400_000
    /// 1970-01-05 was the first Monday after the epoch.
    private static let mondayMs: Int64 = 4 * dayMs

    private static func tenTo(_ power: Int) -> Int { (0..<power).reduce(1) { product, _ in product * 10 } }

    public init(first: Int64, last: Int64, maximum: Int) {
        let maximum = max(1, maximum)
        let chosen = Self.steps.first { Self.keyRange($0, first, last).count <= maximum } ?? Self.steps.last!
        step = chosen
        values = Self.keyRange(chosen, first, last).map { Self.time(ofKey: $0, chosen) }
        shared = Self.shared(first, last)
    }

    /// The step's multiples within the span, as keys (multiples of its count).
    private static func keyRange(_ step: Step, _ first: Int64, _ last: Int64) -> Range<Int64> {
        guard first <= last else { return 0..<0 }
        let count = Int64(step.count)
        // The first multiple at or after `first`, the last at or before `last`.
        let low = -UTCDay.floorDiv(-key(of: first, step, roundingUp: true), count)
        let high = UTCDay.floorDiv(key(of: last, step, roundingUp: false), count)
        return low <= high ? low..<(high + 1) : 0..<0
    }

    /// The unit's count since its origin of `time`, rounded up or down to a whole unit.
    private static func key(of time: Int64, _ step: Step, roundingUp: Bool) -> Int64 {
        func whole(_ value: Int64, _ unit: Int64) -> Int64 {
            roundingUp ? -UTCDay.floorDiv(-value, unit) : UTCDay.floorDiv(value, unit)
        }
        switch step.unit {
        case .minute: return whole(time, minuteMs)
        case .day: return whole(time, dayMs)
        case .week: return whole(time - mondayMs, 7 * dayMs)
        case .month, .year:
            let (year, month, _) = UTCDay.civil(fromDays: UTCDay.floorDiv(time, dayMs))
            let start = step.unit == .month ? UTCDay.days(year: year, month: month, day: 1) * dayMs
                : UTCDay.days(year: year, month: 1, day: 1) * dayMs
            let key = step.unit == .month ? year * 12 + month - 1 : year
            return roundingUp && start < time ? key + 1 : key
        }
    }

    /// The time of multiple `index` of the step.
    private static func time(ofKey index: Int64, _ step: Step) -> Int64 {
        let key = index * Int64(step.count)
        switch step.unit {
        case .minute: return key * minuteMs
        case .day: return key * dayMs
        case .week: return mondayMs + key * 7 * dayMs
        case .month:
            let year = UTCDay.floorDiv(key, 12)
            return UTCDay.days(year: year, month: key - year * 12 + 1, day: 1) * dayMs
        case .year: return UTCDay.days(year: key, month: 1, day: 1) * dayMs
        }
    }

    /// A tick's label, as precise as the step and no longer than the span
    /// needs: `2019`, `2019-06`, `2019-06-07` (`06-07` when the span is
    /// within a year), `2019-06-07 13:30` (`06-07 13:30` within a year,
    /// `13:30` within a day). `context` says what the short labels leave out.
    public func label(_ time: Int64) -> String {
        let text = ISOTime.dateAndTime(epochMilliseconds: time)   // `2019-06-07 13:30:00`
        let date = String(text.prefix { $0 != " " }), clock = String(text.dropLast(3).suffix(5))
        switch (step.unit, shared) {
        case (.year, _): return String(date.dropLast(6))
        case (.month, _): return String(date.dropLast(3))
        case (.day, .none), (.week, .none): return date
        case (.day, _), (.week, _): return String(date.suffix(5))
        case (.minute, .none): return date + " " + clock
        case (.minute, .year): return String(date.suffix(5)) + " " + clock
        case (.minute, .day): return clock
        }
    }

    /// What the whole span shares: its year, its day, or neither.
    public enum Shared: Sendable, Equatable { case none, year, day }
    public let shared: Shared

    /// What the labels leave out, said once beside them: `2019` or `2019-06-07`.
    public var context: String? {
        guard let first = values.first else { return nil }
        let date = String(ISOTime.dateAndTime(epochMilliseconds: first).prefix { $0 != " " })
        switch (step.unit, shared) {
        case (.day, .year), (.day, .day), (.week, .year), (.week, .day), (.minute, .year): return String(date.prefix(4))
        case (.minute, .day): return date
        default: return nil
        }
    }

    private static func shared(_ first: Int64, _ last: Int64) -> Shared {
        let (a, b) = (UTCDay.floorDiv(first, dayMs), UTCDay.floorDiv(last, dayMs))
        if a == b { return .day }
        return UTCDay.civil(fromDays: a).year == UTCDay.civil(fromDays: b).year ? .year : .none
    }

    /// How wide a label of a step of `unit` is over a span sharing `shared`.
    public static func labelWidth(_ unit: Unit, _ shared: Shared) -> Int {
        switch (unit, shared) {
        case (.year, _): 4
        case (.month, _): 7
        case (.day, .none), (.week, .none): 10
        case (.day, _), (.week, _): 5
        case (.minute, .none): 16
        case (.minute, .year): 11
        case (.minute, .day): 5
        }
    }

    /// Ticks for a plot `columns` wide: as many as fit with two spaces
    /// between labels, for the widest label the step could have.
    public init(first: Int64, last: Int64, columns: Int) {
        let shared = Self.shared(first, last)
        // Each label width from the narrowest: the first whose ticks are of a step no wider.
        let widths = Set([Unit.year, .month, .day, .minute].map { Self.labelWidth($0, shared) }).sorted()
        for width in widths {
            let ticks = TimeTicks(first: first, last: last, maximum: max(1, columns / (width + 2)))
            if Self.labelWidth(ticks.step.unit, shared) <= width { self = ticks; return }
        }
        self = TimeTicks(first: first, last: last, maximum: max(1, columns / (widths.last! + 2)))
    }
}
