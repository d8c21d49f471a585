import Foundation
import QuakeCharts
import QuakeQuery
import QuakeStore
import Testing
import TestSupport

/// Time bins start at UTC boundaries; the fitting size is the smallest
/// that fits; counts per bin through the real aggregate equal a loop over
/// the fixture's times binned by Foundation's calendar.
struct TimeBinningTests {
    static func ms(_ iso: String) -> Int64 { ISOTime.epochMilliseconds(iso)! }

    /// 2018-06-14 was a Thursday: its week began Monday 2018-06-11.
    @Test func binsStartAtUTCBoundaries() {
        let time = Self.ms("2018-06-14T09:12:13.010Z")
        let starts = TimeBinSize.allCases.map { ISOTime.string(epochMilliseconds: $0.binStart(of: time)) }
        #expect(starts == ["2018-06-14T09:12:00.000Z", "2018-06-14T09:10:00.000Z", "2018-06-14T09:00:00.000Z",
                           "2018-06-14T06:00:00.000Z", "2018-06-14T00:00:00.000Z", "2018-06-11T00:00:00.000Z",
                           "2018-06-01T00:00:00.000Z", "2018-01-01T00:00:00.000Z"])
        let nexts = TimeBinSize.allCases.map { ISOTime.string(epochMilliseconds: $0.nextBinStart(after: time)) }
        #expect(nexts == ["2018-06-14T09:13:00.000Z", "2018-06-14T09:20:00.000Z", "2018-06-14T10:00:00.000Z",
                          "2018-06-14T12:00:00.000Z", "2018-06-15T00:00:00.000Z", "2018-06-18T00:00:00.000Z",
                          "2018-07-01T00:00:00.000Z", "2019-01-01T00:00:00.000Z"])
    }

    /// Before 1970 bins still round down (1969-12-29 was a Monday); months
    /// and years roll over by the calendar, leap days included.
    @Test func binsBefore1970AndAcrossMonthsAndYears() {
        let lastMs = Self.ms("1969-12-31T23:59:59.999Z")
        #expect(TimeBinSize.hour.binStart(of: lastMs) == Self.ms("1969-12-31T23:00:00Z"))
        #expect(TimeBinSize.day.binStart(of: lastMs) == Self.ms("1969-12-31"))
        #expect(TimeBinSize.week.binStart(of: lastMs) == Self.ms("1969-12-29"))
        #expect(TimeBinSize.month.binStart(of: lastMs) == Self.ms("1969-12-01"))
        #expect(TimeBinSize.year.binStart(of: lastMs) == Self.ms("1969-01-01"))
        #expect(TimeBinSize.week.binStart(of: Self.ms("1970-01-05")) == Self.ms("1970-01-05"))
        #expect(TimeBinSize.week.binStart(of: Self.ms("1970-01-04T23:59:59.999Z")) == Self.ms("1969-12-29"))
        #expect(TimeBinSize.month.nextBinStart(after: Self.ms("2016-01-31T12:00Z")) == Self.ms("2016-02-01"))
        #expect(TimeBinSize.month.nextBinStart(after: Self.ms("2016-02-29T23:59Z")) == Self.ms("2016-03-01"))
        #expect(TimeBinSize.month.nextBinStart(after: Self.ms("2018-12-15")) == Self.ms("2019-01-01"))
        #expect(TimeBinSize.year.binStart(of: Self.ms("2000-12-31T23:59:59.999Z")) == Self.ms("2000-01-01"))
    }

    @Test func fittingPicksTheSmallestSizeThatFits() {
        func fitting(_ first: String, _ last: String, _ width: Int) -> TimeBinSize {
            TimeBinSize.fitting(first: Self.ms(first), last: Self.ms(last), width: width)
        }
        // One minute's bin, then a minute boundary crossed.
        #expect(fitting("2018-06-14T09:12:00Z", "2018-06-14T09:12:59.999Z", 1) == .minute)
        #expect(fitting("2018-06-14T09:12:59.999Z", "2018-06-14T09:13:00Z", 1) == .tenMinutes)
        #expect(fitting("2018-06-14T09:12:59.999Z", "2018-06-14T09:13:00Z", 2) == .minute)
        // A week from Thursday noon: 168 hours, 28 six-hour bins, 8 days, 2 weeks, 1 month.
        let (first, last) = ("2018-06-07T12:00Z", "2018-06-14T11:59:59.999Z")
        #expect(fitting(first, last, 168) == .hour)
        #expect(fitting(first, last, 167) == .sixHours)
        #expect(fitting(first, last, 28) == .sixHours)
        #expect(fitting(first, last, 27) == .day)
        #expect(fitting(first, last, 8) == .day)
        #expect(fitting(first, last, 7) == .week)
        #expect(fitting(first, last, 1) == .month)
        // 23:00 on 31 December to 00:30: two of everything from an hour up; none fits 1, so a year.
        #expect(fitting("2017-12-31T23:00Z", "2018-01-01T00:30Z", 10) == .tenMinutes)
        #expect(fitting("2017-12-31T23:00Z", "2018-01-01T00:30Z", 2) == .hour)
        #expect(fitting("2017-12-31T23:00Z", "2018-01-01T00:30Z", 1) == .year)
        #expect(fitting("2017-12-31T23:00Z", "2018-01-01T00:30Z", 0) == .year)
        // Ten years of months: 120 bins; a year's bins at width 100.
        #expect(fitting("2010-01-01", "2019-12-31", 120) == .month)
        #expect(fitting("2010-01-01", "2019-12-31", 100) == .year)
    }

    /// Every size over the real fixtures: each bin's start and count, empty
    /// bins included, against the calendar loop.
    @Test(arguments: [Fixture.week, Fixture.month2014])
    func countsPerBinEqualALoopOverTheFixture(_ fixture: String) throws {
        let folder = TemporaryFolder()
        let controller = try ResultsController(try importedCatalog(folder, feeds: [fixture]))
        let oracle = try ChartsOracle(fixture: fixture)
        let span = ChartAggregates.span(try controller.aggregate(ChartAggregates.spanRequest))
        #expect(span == ChartAggregates.Span(count: oracle.quakes.count, firstTime: oracle.firstTime, lastTime: oracle.lastTime))
        for size in TimeBinSize.allCases {
            let activity = ChartAggregates.activity(try controller.aggregate(ChartAggregates.timeRequest(size)),
                                                    size: size, span: span)
            let expected = oracle.timeBins(size)
            #expect(activity.binSize == size)
            #expect(activity.bins.map(\.start) == expected.map(\.start), "\(size) starts")
            #expect(activity.bins.map(\.count) == expected.map(\.count), "\(size) counts")
        }
        for width in [1, 8, 30, 100, 200, 1000] {
            let charts = try ChartAggregates.charts(controller, width: width)
            #expect(charts.activity.binSize == oracle.fittingSize(width: width), "width \(width)")
            #expect(charts.activity.bins.count <= width || charts.activity.binSize == .year)
        }
    }

    @Test func noQuakesHaveNoBins() throws {
        let folder = TemporaryFolder()
        let controller = try ResultsController(try folder.catalog())
        let charts = try ChartAggregates.charts(controller, width: 80)
        #expect(charts.count == 0 && charts.firstTime == nil && charts.lastTime == nil)
        #expect(charts.activity.bins.isEmpty)
        #expect(charts.magnitudes.bins.isEmpty && charts.magnitudes.mc == nil && charts.magnitudes.fit == nil)
    }
}
