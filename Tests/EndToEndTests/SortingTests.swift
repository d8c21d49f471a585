import Foundation
import Testing

/// Opening order, number-key sorts and header clicks, in the real binary.
@Suite("Sorting", .timeLimit(.minutes(10)))
struct SortingTests {
    static let hints = "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map"

    @Test("opens newest first, times in UTC, with the count and `1 Time ▼`")
    func defaultOrder() throws {
        let session = try TmuxSession()
        let pane = session.waitForTable()
        let newest = Oracle.newestFirst
        #expect(Oracle.week.count == 4711)

        #expect(pane.top == " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by time ▼", "\(pane)")
        #expect(pane.label("Time") == "1 Time ▼")
        #expect(pane.label("Mag") == "2 Mag")
        #expect(pane.label("Place") == "3 Place")
        #expect(pane.bottom == Self.hints)

        let rows = pane.rows
        #expect(rows.count == 37, "the whole body (40 lines - 3) is rows")
        let first = try #require(rows.first)
        #expect(first.time == "2018-06-14 09:12:13")
        #expect(first.time == newest[0].utcSecond)
        #expect(first.magnitude == newest[0].shownMagnitude)
        #expect(first.place == newest[0].place)
        #expect(first.mark == "", "no change marks for what was there at start")
        // The first screen is the 37 newest quakes, in order.
        #expect(rows.map(\.time) == newest.prefix(37).map(\.utcSecond))
        for (row, quake) in zip(rows, newest) { #expect(row.shows(place: quake.place), "\(row)") }
    }

    @Test("TZ moves the shown times: Tokyo is UTC+9")
    func localTimeZone() throws {
        let session = try TmuxSession(timeZone: "Asia/Tokyo")
        let pane = session.waitForTable()
        let newest = Oracle.newestFirst[0]
        let tokyo = Oracle.utc(milliseconds: newest.time + 9 * 3_600_000, fraction: false)
        #expect(tokyo == "2018-06-14 18:12:13")
        #expect(pane.rows.first?.time == tokyo, "\(pane)")
        #expect(pane.rows.first?.place == newest.place)
    }

    @Test("2 sorts by magnitude, biggest first; 2 again, smallest first")
    func magnitudeKey() throws {
        let session = try TmuxSession()
        session.waitForTable()
        let byMagnitude = Oracle.week.sorted { $0.magnitude! > $1.magnitude! }
        let biggest = byMagnitude.first!, smallest = byMagnitude.last!
        #expect(biggest.magnitude == 5.8 && smallest.magnitude == -0.39, "python: max 5.8, min -0.39")
        #expect(byMagnitude.filter { $0.magnitude == 5.8 }.count == 1)

        session.pressChangingBody("2")
        session.send("g")
        var pane = session.waitUntil { $0.rows.first?.magnitude == "5.8" }
        #expect(pane.top == " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by mag ▼", "\(pane)")
        #expect(pane.label("Mag") == "2 Mag ▼")
        #expect(pane.label("Time") == "1 Time")
        #expect(pane.rows.first?.magnitude == "5.8")
        #expect(pane.rows.first?.time == biggest.utcSecond)
        #expect(pane.rows.first.map { $0.shows(place: biggest.place) } == true)
        let descending = pane.rows.compactMap { Double($0.magnitude) }
        #expect(descending.count == 37 && descending == descending.sorted(by: >), "\(pane)")
        #expect(descending == byMagnitude.prefix(37).map { Double($0.shownMagnitude)! })

        session.pressChangingBody("2")
        session.send("g")
        pane = session.waitUntil { $0.rows.first?.magnitude == "-0.4" }
        #expect(pane.top == " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by mag ▲", "\(pane)")
        #expect(pane.label("Mag") == "2 Mag ▲")
        #expect(pane.rows.first?.magnitude == smallest.shownMagnitude)
        #expect(pane.rows.first?.time == smallest.utcSecond)
        #expect(pane.rows.first.map { $0.shows(place: smallest.place) } == true)
        let ascending = pane.rows.compactMap { Double($0.magnitude) }
        #expect(ascending == ascending.sorted(), "\(pane)")
    }

    @Test("typed ahead, `2` then `g` at once still ends at the biggest quake")
    func typeAheadSortThenTop() throws {
        let session = try TmuxSession()
        session.waitForTable()
        // Both keys reach the browser before the new sort's results do.
        session.send("2", "g")
        let pane = session.waitUntil { $0.rows.first?.magnitude == "5.8" }
        #expect(pane.top.hasSuffix("by mag ▼"), "\(pane)")
        #expect(pane.rows.first?.magnitude == "5.8", "\(pane)")
    }

    @Test("a click on the Place header sorts A to Z; a second click Z to A")
    func clickHeader() throws {
        let session = try TmuxSession()
        let placeX = session.waitForTable().placeX
        let places = Oracle.week.map(\.place).sorted()
        #expect(places.first == "0km E of Volcano, Hawaii" && places.last == "South of Panama", "python: sorted(places)")
        let placeHeader = (x: placeX + 3, y: 1)

        var pane = session.changingBody { session.click(x: placeHeader.x, y: placeHeader.y) }
        #expect(pane.top == " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by place ▲", "\(pane)")
        #expect(pane.label("Place") == "3 Place ▲")
        #expect(pane.label("Time") == "1 Time")
        session.send("g")
        pane = session.waitUntil { $0.rows.first?.place == places.first }
        #expect(pane.rows.first?.place == places.first, "\(pane)")
        #expect(pane.rows.first.map { Oracle.quakes(shownAs: $0).count } == 1)

        pane = session.changingBody { session.click(x: placeHeader.x, y: placeHeader.y) }
        #expect(pane.top == " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by place ▼", "\(pane)")
        #expect(pane.label("Place") == "3 Place ▼")
        session.send("g")
        pane = session.waitUntil { $0.rows.first?.place == places.last }
        #expect(pane.rows.first?.place == places.last, "\(pane)")
        #expect(pane.rows.first?.place == "South of Panama")
    }

    @Test("a click on a body row selects it: Enter shows that quake")
    func clickRow() throws {
        let session = try TmuxSession()
        session.waitForTable()
        let fifth = Oracle.newestFirst[4]
        session.click(x: 10, y: 2 + 4)
        session.send("Enter")
        let pane = session.waitUntil { $0.contains(" Id            ") }
        #expect(pane.lines.contains(" Id            \(fifth.id)"), "\(pane)")
    }
}
