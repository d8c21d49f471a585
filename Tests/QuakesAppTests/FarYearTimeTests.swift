import Foundation
import QuakeStore
import Testing
@testable import QuakesApp

/// The last accepted instant, 9999-12-31T23:59:59.999Z, is in the year
/// 10000 east of UTC: the table's and the details' local time show it whole
/// (before, `10000-01-0 T08:59:5`).
@Suite struct FarYearTimeTests {
    static let latest = Date(epochMilliseconds: 253_402_300_799_999)
    static let earliest = Date(epochMilliseconds: -62_135_596_800_000)

    @Test func localTimesOfTheFirstAndLastYearsAreWhole() {
        let tokyo = Formatting(timeZone: TimeZone(identifier: "Asia/Tokyo")!, now: Date())
        #expect(tokyo.localTime(Self.latest) == "10000-01-01 08:59:59")
        let utc = Formatting(timeZone: TimeZone(identifier: "UTC")!, now: Date())
        #expect(utc.localTime(Self.latest) == "9999-12-31 23:59:59")
        #expect(utc.localTime(Self.earliest) == "0001-01-01 00:00:00")
    }

    @Test func theDetailsShowLocalAndUTCTimes() {
        let quake = Quake(id: "us1", magnitude: 2.5, place: "Somewhere", time: Self.latest, updated: Self.latest,
                          depth: 10, latitude: 61.2, longitude: -150.5)
        let details = DetailView(formatting: Formatting(timeZone: TimeZone(identifier: "Asia/Tokyo")!, now: Self.earliest))
        let fields = Dictionary(details.lines(quake), uniquingKeysWith: { first, _ in first })
        #expect(fields["Time"]?.hasPrefix("10000-01-01 08:59:59 ") == true)
        #expect(fields["UTC"] == "9999-12-31 23:59:59.999")
        #expect(fields["Updated"]?.hasPrefix("10000-01-01 08:59:59 ") == true)
    }
}
