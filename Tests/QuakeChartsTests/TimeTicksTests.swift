import Foundation
import QuakeCharts
import Testing

/// Time ticks against an independent rule, Foundation's Gregorian calendar
/// in UTC: for each step in TimeTicks' order, every instant in the span
/// that the calendar says is round for it (minutes from midnight, even
/// days from 1970-01-01, Mondays, months from January, years divisible by
/// the count), walked one unit at a time; the first step with at most the
/// maximum is the one, and its instants are the ticks.
@Suite struct TimeTicksTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
    static func ms(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    /// The round instants of `step` within `first…last`, nil when there are
    /// surely more than `maximum` (counted on the unit's shortest length).
    static func reference(_ step: TimeTicks.Step, _ first: Date, _ last: Date, maximum: Int) -> [Int64]? {
        let shortest: Double = switch step.unit {
        case .minute: 60
        case .day: 86_400
        case .week: 7 * 86_400
        case .month: 28 * 86_400
        case .year: 365 * 86_400
        }
        guard last.timeIntervalSince(first) / (shortest * Double(step.count)) <= Double(maximum) + 2 else { return nil }
        var instants: [Int64] = []
        let component: Calendar.Component = switch step.unit {
        case .minute: .minute
        case .day, .week: .day
        case .month: .month
        case .year: .year
        }
        var start = calendar.dateInterval(of: step.unit == .minute ? .day : step.unit == .month ? .month : step.unit == .year ? .year : .day,
                                          for: first)!.start
        if step.unit == .year { start = calendar.date(byAdding: .year, value: -1, to: start)! }
        var instant = start
        while instant <= last {
            if instant >= first && isRound(instant, step) { instants.append(ms(instant)) }
            instant = calendar.date(byAdding: component, value: 1, to: instant)!
        }
        return instants
    }

    static func isRound(_ instant: Date, _ step: TimeTicks.Step) -> Bool {
        let parts = calendar.dateComponents([.era, .year, .month, .day, .hour, .minute, .second, .weekday], from: instant)
        switch step.unit {
        case .minute:
            return parts.second == 0 && (parts.hour! * 60 + parts.minute!) % step.count == 0
        case .day:
            let days = calendar.dateComponents([.day], from: Date(timeIntervalSince1970: 0), to: instant).day!
            return parts.hour == 0 && parts.minute == 0 && days % step.count == 0
        case .week:
            return parts.hour == 0 && parts.minute == 0 && parts.weekday == 2
        case .month:
            return parts.day == 1 && parts.hour == 0 && parts.minute == 0 && (parts.month! - 1) % step.count == 0
        case .year:
            let year = parts.era == 0 ? 1 - parts.year! : parts.year!
            return parts.month == 1 && parts.day == 1 && parts.hour == 0 && parts.minute == 0 && year % step.count == 0
        }
    }

    static let spans: [(String, String, Int)] = [
        ("2018-06-07T00:00:52Z", "2018-06-14T23:59:25Z", 5),
        ("2018-06-07T00:00:52Z", "2018-06-14T23:59:25Z", 12),
        ("2018-06-08T13:02:00Z", "2018-06-08T14:47:30Z", 6),
        ("2018-06-08T13:02:00Z", "2018-06-08T13:09:30Z", 4),
        ("2017-03-04T05:00:00Z", "2018-06-20T00:00:00Z", 6),
        ("2017-03-04T05:00:00Z", "2018-06-20T00:00:00Z", 3),
        ("1969-12-25T07:00:00Z", "1970-01-06T00:00:00Z", 4),
        ("1900-01-01T00:00:00Z", "2024-12-31T00:00:00Z", 7),
        ("2014-03-21T00:00:00Z", "2014-04-20T00:00:00Z", 3),
        ("2014-03-21T00:00:00Z", "2014-04-20T00:00:00Z", 8),
        ("2019-07-04T17:33:49Z", "2019-07-06T03:19:53Z", 5),
    ]

    @Test func theStepAndTicksAreTheCalendarsForEachSpan() {
        for (from, to, maximum) in Self.spans {
            let (first, last) = (Self.date(from), Self.date(to))
            let ticks = TimeTicks(first: Self.ms(first), last: Self.ms(last), maximum: maximum)
            let expected = TimeTicks.steps.lazy.compactMap { step -> (TimeTicks.Step, [Int64])? in
                guard let instants = Self.reference(step, first, last, maximum: maximum), instants.count <= maximum else { return nil }
                return (step, instants)
            }.first!
            #expect(ticks.step == expected.0, "\(from)…\(to) ≤\(maximum)")
            #expect(ticks.values == expected.1, "\(from)…\(to) ≤\(maximum)")
        }
    }

    @Test func labelsAreAsPreciseAsTheStep() {
        let week = TimeTicks(first: Self.ms(Self.date("2018-06-07T00:00:52Z")), last: Self.ms(Self.date("2018-06-14T23:59:25Z")), maximum: 5)
        #expect(week.values.map(week.label) == ["06-08", "06-10", "06-12", "06-14"] && week.context == "2018")
        let hours = TimeTicks(first: Self.ms(Self.date("2018-06-08T13:02:00Z")), last: Self.ms(Self.date("2018-06-08T14:47:30Z")), maximum: 6)
        #expect(hours.values.map(hours.label) == ["13:30", "14:00", "14:30"] && hours.context == "2018-06-08")
        let days = TimeTicks(first: Self.ms(Self.date("2019-07-04T17:33:49Z")), last: Self.ms(Self.date("2019-07-06T03:19:53Z")), maximum: 5)
        #expect(days.values.map(days.label) == ["07-05 00:00", "07-05 12:00", "07-06 00:00"] && days.context == "2019")
        let turn = TimeTicks(first: Self.ms(Self.date("2017-12-30T00:00:00Z")), last: Self.ms(Self.date("2018-01-03T00:00:00Z")), maximum: 3)
        #expect(turn.values.map(turn.label) == ["2017-12-30", "2018-01-01", "2018-01-03"] && turn.context == nil)
        let centuries = TimeTicks(first: Self.ms(Self.date("1900-01-01T00:00:00Z")), last: Self.ms(Self.date("2024-12-31T00:00:00Z")), maximum: 7)
        #expect(centuries.values.map(centuries.label) == ["1900", "1920", "1940", "1960", "1980", "2000", "2020"])
    }

    /// Fitted to columns: within a year a day's label is 5 wide, so a
    /// 20-column plot holds 2 (two spaces apart): every second day over the
    /// week gives 4, too many, so the week's Monday; 100 columns hold 14,
    /// so every day (7).
    @Test func columnsFitTheLabelsTheyHold() {
        let first = Self.ms(Self.date("2018-06-07T00:00:52Z")), last = Self.ms(Self.date("2018-06-14T23:59:25Z"))
        let narrow = TimeTicks(first: first, last: last, columns: 20)
        #expect(narrow.step == TimeTicks.Step(unit: .week, count: 1) && narrow.values.map(narrow.label) == ["06-11"])
        let wide = TimeTicks(first: first, last: last, columns: 100)
        #expect(wide.step == TimeTicks.Step(unit: .day, count: 1) && wide.values.count == 7)
    }
}
