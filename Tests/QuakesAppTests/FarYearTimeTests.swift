import Foundation
import QuakeStore
@testable import QuakeViews
import TerminalUI
import Testing
@testable import QuakesApp

/// The last accepted instant, 9999-12-31T23:59:59.999Z, is in the year
/// 10000 east of UTC: the table's and the details' local time show it whole
/// (before, `10000-01-0 T08:59:5`). The details are compared as a whole
/// screen, as in `BrowseScreenTests`.
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
        let quake = Quake(id: "us1", code: "1", net: "us", magnitude: 2.5, magType: "mb", place: "Somewhere", time: Self.latest,
                          updated: Self.latest, depth: 10, latitude: 61.2, longitude: -150.5, status: "reviewed", tsunami: 0, sig: 0,
                          title: "M 2.5 - Somewhere", url: "https://earthquake.usgs.gov/earthquakes/eventpage/us1")
        let details = DetailView(formatting: Formatting(timeZone: TimeZone(identifier: "Asia/Tokyo")!, now: Self.earliest))
        var screen = Screen(width: 72, height: 22)
        details.render(quake, in: Rect(screen), into: &screen)
        // Seen from the year 1, the quake is yet to come. 'T': the title, orange bold as M 2.5 is orange.
        expectScreen(screen, lines: [
            " M 2.5 - Somewhere",
            "",
            " Id            us1",
            " Time          10000-01-01 08:59:59 GMT+9  ·  soon",
            " UTC           9999-12-31 23:59:59.999",
            " Magnitude     2.50 mb",
            " Place         Somewhere",
            " Coordinates   61.2000°N  150.5000°W",
            " Depth         10.00 km",
            " Status        reviewed",
            " Alert         none",
            " Tsunami       no",
            " Felt          no reports",
            " Significance  0",
            " Network       us  code 1",
            " Type          earthquake",
            " Updated       10000-01-01 08:59:59 GMT+9",
            " URL           https://earthquake.usgs.gov/earthquakes/eventpage/us1",
            "",
            "",
            "",
            "Esc back  j/k next/previous quake  m merge",
        ], styles: [
            "TTTTTTTTTTTTTTTTTT",
            "",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "",
            "",
            "",
            "dddddddddddddddddddddddddddddddddddddddddd",
        ], legend: Legend.browse([Style(foreground: .orange, bold: true): "T"]))
    }
}
