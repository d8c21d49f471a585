import QuakeSeismology
import Testing

/// The Matthews & Reasenberg β; expectations from
/// Tests/Fixtures/seismostats/independent_values.py ("beta …").
struct RateChangeTests {
    @Test func doubledRateInAWindow() throws {
        // 20 of 100 events in 10 of 100 days: (20 − 10) / √(100 · 0.1 · 0.9) = 10/3
        #expect(abs(try RateChange.beta(windowCount: 20, windowLength: 10, totalCount: 100, totalLength: 100)
                    - 3.3333333333333335) < 1e-12)
    }

    @Test func quietWindow() throws {
        // 1 of 50 events in 30 of 365 days
        #expect(abs(try RateChange.beta(windowCount: 1, windowLength: 30, totalCount: 50, totalLength: 365)
                    - -1.6011345479990178) < 1e-12)
    }

    @Test func fromEventTimes() throws {
        // 100 days, one event a day at noon, 10 more on days 40–49: 20 of 110 in 10 of 100 days
        let day = 86_400.0
        let daily: [Double] = (0..<100).map { (Double($0) + 0.5) * day }
        let extra: [Double] = (40..<50).map { (Double($0) + 0.25) * day }
        let beta = try RateChange.beta(times: extra + daily.reversed(), windowStart: 40 * day, windowEnd: 50 * day,
                                       periodStart: 0, periodEnd: 100 * day)
        let direct = try RateChange.beta(windowCount: 20, windowLength: 10 * day, totalCount: 110, totalLength: 100 * day)
        #expect(beta == direct)
        // (20 − 11) / √(110 · 0.1 · 0.9), by hand: 9 / √9.9
        #expect(abs(beta - 9 / 9.9.squareRoot()) < 1e-12)
    }

    @Test func windowAsLongAsThePeriodIsRefused() {
        #expect(throws: MagnitudeStatisticsError("rate change β: the window (100.0) must be longer than 0 and shorter than the period (100.0)")) {
            try RateChange.beta(windowCount: 5, windowLength: 100, totalCount: 10, totalLength: 100)
        }
    }
}
