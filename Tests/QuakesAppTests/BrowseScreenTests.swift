import Foundation
import QuakeQuery
import QuakeStore
import TerminalUI
import TestSupport
import Testing
@testable import QuakesApp

/// The browse screen rendered into an in-memory Screen, compared line by line.
/// The catalog is the real week feed plus `BrowserHarness.extras`; times in UTC
/// unless a test says otherwise; "now" is 2018-06-14 10:00 UTC.
@Suite struct BrowseScreenTests {
    @Test func theTableAtOneHundredColumns() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        #expect(h.lines == [
            " quakes-tui  quakes.sqlite  4,714 quakes  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-14 09:12:13 47 min ago     2.9 5km SW of Volcano, Hawa…      1.5   19.394  -155.275 hv",
            "  2018-06-14 09:11:44 48 min ago     2.1 1km W of Volcano, Hawaii      0.5   19.434  -155.254 hv",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA         4.3   33.491  -116.791 ci",
            "  2018-06-14 09:08:57 51 min ago     3.0 6km SW of Volcano, Hawa…      0.8   19.390  -155.276 hv",
            "  2018-06-14 09:08:20 51 min ago     2.9 7km SW of Volcano, Hawa…      0.3   19.376  -155.278 hv",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit",
        ])
        #expect(h.screen.style(row: 2, column: 10).reverse, "the first row is selected")
        #expect(!h.screen.style(row: 3, column: 10).reverse)
        #expect(h.screen.style(row: 2, column: 38).foreground == .orange, "2.9 is orange on Apple's scale")
        #expect(h.screen.style(row: 4, column: 38).foreground == .green, "0.6 is green")
        #expect(h.screen.style(row: 5, column: 38).foreground == .red, "3.0 is red")
    }

    @Test func wideScreensShowEveryColumn() throws {
        let h = try BrowserHarness(width: 130, height: 8)
        #expect(h.lines[1] == "  1 Time ▼                         2 Mag 3 Place                           4 Depth    5 Lat     6 Lon 7 Net 8 Type      9 Status")
        #expect(h.lines[2] == "  2018-06-14 09:12:13 47 min ago     2.9 5km SW of Volcano, Hawaii             1.5   19.394  -155.275 hv    earthquake  automatic")
    }

    @Test func narrowScreensDropColumnsAndTheAgeButKeepThePlace() throws {
        let h = try BrowserHarness(width: 60, height: 9, timeZone: "Pacific/Honolulu", unicode: false)
        try h.press(.character("2"), .character("z"), .character("4"))
        #expect(h.lines == [
            " quakes-tui  quakes.sqlite  4,714 quakes  by mag v, depth ^",
            "  1 Time              2 Mag v 3 Place              4 De… ^2",
            "  2018-06-12 13:08:28     5.8 94km SW of Muara Si…     10.0",
            "  2018-06-13 20:27:39     5.6 275km W of Puerto C…     10.0",
            "  2018-06-12 20:59:01     5.4 70km WSW of Muara S…     10.0",
            "  2018-06-11 09:54:21     5.4 22km SE of Kushima,…     30.3",
            "  2018-06-12 13:32:45     5.4 99km S of Isangel, …     51.0",
            "  2018-06-13 03:39:37     5.3 4km WSW of Volcano,…      0.3",
            "/ filter  : predicate  1-9 sort  s sections  Enter details",
        ], "Honolulu is UTC-10; ties on 5.4 go shallow first; ASCII arrows without UTF-8")
    }

    @Test func narrowHeadersCutTheTitleNeverTheKeyNumberOrTheMark() {
        let view = TableView(formatting: Formatting(timeZone: TimeZone(identifier: "UTC")!, now: BrowserHarness.now), unicode: true)
        let keys = [SortKey(.status, ascending: true), SortKey(.net, ascending: false), SortKey(.depth, ascending: true)]
        let label = { (column: QuakeColumn) in view.headerLabel(column, sortKeys: keys, width: column.width) }
        #expect(label(.status) == "9 Stat… ▲")
        #expect(label(.net) == "7 ▼2", "Net is five wide: the key and the mark with its priority")
        #expect(label(.depth) == "4 De… ▲3")
        #expect(label(.type) == "8 Type")
        #expect(view.headerLabel(.status, sortKeys: [], width: 9) == "9 Status")
    }

    @Test func aQuakeImportedWhileBrowsingIsBoldWithAPlusForHalfAMinute() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        let feed = singleQuakeFeed(id: "nw0001", place: "New Ridge", magnitude: 3.3, time: 1_528_970_100_000)
        _ = try QuakeImporter(catalog: h.catalog).importData(Data(feed.utf8), name: "new")
        try h.send(.tick(Date()))
        let newRow = 2, oldRow = 3
        #expect(h.lines[newRow].hasPrefix("+ 2018-06-14 09:55:00") && h.lines[newRow].contains("New Ridge"))
        #expect(h.lines[oldRow].hasPrefix("  2018-06-14 09:12:13"))
        let placeColumn = h.lines[newRow].distance(from: h.lines[newRow].startIndex, to: h.lines[newRow].range(of: "New Ridge")!.lowerBound)
        #expect(h.screen.style(row: newRow, column: 0).bold)
        #expect(h.screen.style(row: newRow, column: placeColumn).bold, "the whole row is bold, not only the mark")
        #expect(!h.screen.style(row: oldRow, column: placeColumn).bold)
        try h.send(.tick(Date().addingTimeInterval(31)))
        #expect(h.lines[newRow].hasPrefix("  2018-06-14 09:55:00"), "the mark goes after 30 s")
        #expect(!h.screen.style(row: newRow, column: placeColumn).bold)
    }

    @Test func numberKeysSortAndPressingAgainReverses() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.press(.character("2"), .character("g"))
        #expect(h.lines[1].contains("2 Mag ▼") && h.lines[2].contains("5.8 94km SW of Muara"))
        try h.press(.character("2"), .character("g"))
        #expect(h.lines[1].contains("2 Mag ▲"))
        #expect(h.lines[2].contains("-0.4"), "the smallest magnitude in the feed is -0.39")
        #expect(h.controller.sortKeys == [SortKey(.magnitude, ascending: true)])
        try h.press(.right, .right, .character("]"))
        #expect(h.controller.sortKeys == [SortKey(.place, ascending: false)], "] sorts the cursor's column descending")
        try h.press(.character("z"), .character("1"))
        #expect(h.lines[1].contains("1 Time ▼2") && h.lines[1].contains("3 Place ▼"))
        #expect(h.lines[0] == " quakes-tui  quakes.sqlite  4,714 quakes  by place ▼, time ▼")
    }

    @Test func clickingAHeaderSortsByItAndASecondClickReverses() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.event(.mouse(MouseEvent(.press, row: 1, column: 45)))
        #expect(h.controller.sortKeys == [SortKey(.place, ascending: true)])
        #expect(h.lines[1].contains("3 Place ▲"))
        try h.event(.mouse(MouseEvent(.press, row: 1, column: 45)))
        #expect(h.controller.sortKeys == [SortKey(.place, ascending: false)])
    }

    @Test func theFilterFieldFiltersAsYouTypeAndHighlightsMatches() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.press(.character("/"))
        try h.type("ile")
        #expect(h.lines == [
            " quakes-tui  quakes.sqlite  10 of 4,714 quakes  filter \"ile\"  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-14 08:46:40    1 h ago     0.5 10 km N of Île-de-France     10.0   48.900     2.350 fr",
            "  2018-06-14 06:27:39    3 h ago     5.6 275km W of Puerto Chaca…     10.0  -45.850   -76.305 us",
            "  2018-06-14 05:25:02    4 h ago     4.3 80km ENE of Iquique, Ch…    117.8  -19.868   -69.474 us",
            "  2018-06-12 22:23:26    1 d ago     4.7 118km ESE of Iquique, C…    103.9  -20.767   -69.171 us",
            "  2018-06-11 09:25:47    3 d ago     3.6 4km SSW of Chiguayante,…     62.4  -36.956   -73.040 us",
            "/ile",
        ])
        #expect(h.screen.cursor == Screen.Position(row: 7, column: 4))
        // "Île" in "10 km N of Île-de-France" is highlighted, "10 km N of " is not.
        #expect(h.screen.style(row: 2, column: 52).underline)
        #expect(h.screen.style(row: 2, column: 54).underline)
        #expect(!h.screen.style(row: 2, column: 51).underline)
        #expect(!h.screen.style(row: 2, column: 55).underline)
        try h.press(.backspace, .backspace, .backspace)
        #expect(h.lines[0].contains("4,714 quakes"), "an empty field means no filter")
        try h.type("東京")
        try h.press(.enter)
        #expect(h.lines[0] == " quakes-tui  quakes.sqlite  1 of 4,714 quakes  filter \"東京\"  by time ▼")
        try h.press(.character("/"), .escape)
        #expect(h.controller.predicate == nil, "Esc clears the filter")
    }

    @Test func cjkPlacesAreCutByDisplayWidth() throws {
        let h = try BrowserHarness(width: 70, height: 8)
        try h.press(.character("/"))
        try h.type("東京")
        #expect(h.lines[2] == "  2018-06-14 09:00:00     4.2 東京都の近く、関東地方の沿岸…      10.0")
    }

    @Test func sectionsShowHeaderLinesWithCounts() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.press(.character("s"))
        #expect(h.lines[2] == " 2018-06-14 · 301 quakes", "298 in the feed, plus three extras that day")
        #expect(h.lines[0].hasSuffix("sections: day"))
        try h.press(.character("s"), .character("g"))
        #expect(h.lines[2] == " M5 · 27 quakes")
        try h.press(.character("G"))
        #expect(h.lines[5] == " M unknown · 1 quake")
        #expect(h.lines[6].contains("— Unknown Ridge"))
        try h.press(.character("s"), .character("s"))
        #expect(h.controller.sectionIdentifier == nil, "none, day, band, network, none")
    }

    @Test func enterShowsDetailsAndEscReturns() throws {
        let h = try BrowserHarness(width: 100, height: 22, timeZone: "Pacific/Honolulu")
        try h.press(.character("j"), .character("j"), .enter)
        #expect(h.lines[1...18] == [
            " M 0.6 - 9km NE of Aguanga, CA",
            "",
            " Id            ci38197512",
            " Time          2018-06-13 23:09:46 GMT-10  ·  50 min ago",
            " UTC           2018-06-14 09:09:46.580",
            " Magnitude     0.60 ml",
            " Place         9km NE of Aguanga, CA",
            " Coordinates   33.4908°N  116.7913°W",
            " Depth         4.31 km",
            " Status        automatic",
            " Alert         none",
            " Tsunami       no",
            " Felt          no reports",
            " Intensity     CDI —  MMI —",
            " Significance  6",
            " Network       ci  code 38197512",
            " Type          earthquake",
            " Updated       2018-06-13 23:13:12 GMT-10",
        ])
        #expect(h.lines[19] == " URL           https://earthquake.usgs.gov/earthquakes/eventpage/ci38197512")
        try h.press(.escape)
        #expect(h.lines[1].hasPrefix("  1 Time ▼"))
    }

    @Test func deletingAsksFirst() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.press(.character("d"))
        #expect(h.lines[7] == "Delete M 2.9 - 5km SW of Volcano, Hawaii? y/n")
        try h.press(.character("n"))
        #expect(try h.catalog.count() == 4714)
        try h.press(.character("d"), .character("y"))
        #expect(try h.catalog.count() == 4713)
        #expect(h.lines[0].contains("4,713 quakes"))
        #expect(h.lines[2].contains("2.1 1km W of Volcano, Hawaii"), "the selection moves to the next quake")
        #expect(h.lines[7] == "deleted M 2.9 - 5km SW of Volcano, Hawaii")
    }

    @Test func aBadPredicateShowsACaretAndKeepsTheOldOne() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.press(.character(":"))
        try h.type("magnitude >= 4.5")
        try h.press(.enter)
        #expect(h.lines[0] == " quakes-tui  quakes.sqlite  75 of 4,714 quakes  where magnitude >= 4.5  by time ▼")
        try h.press(.character(":"), .control("u"))
        try h.type("mag > 4 AND plase == 1")
        try h.press(.enter)
        #expect(h.lines[6] == "             ^ 1:13: unknown key 'plase' (did you mean 'place'?)")
        #expect(h.lines[7] == ":mag > 4 AND plase == 1")
        #expect(h.lines[0].contains("75 of 4,714 quakes  where magnitude >= 4.5"), "the previous predicate stays")
        try h.press(.escape)
        #expect(h.controller.predicate == (try QuakePredicate("magnitude >= 4.5")))
    }

    @Test func helpListsEveryKeyAndAnyKeyCloses() throws {
        let h = try BrowserHarness(width: 80, height: 24)
        try h.press(.character("?"))
        // The overlay is 72 wide at column 4, over the table.
        #expect(h.lines[1...21].map { String($0.dropFirst(4).prefix(72)) } == [
            "   Keys" + String(repeating: " ", count: 65),
            "                                                                        ",
            "  ↑ ↓ j k  wheel  move                                                  ",
            "  PgUp PgDn       page (also Space, Ctrl-F / Ctrl-B)                    ",
            "  Home End g G    first / last quake                                    ",
            "  click a row     select it                                             ",
            "  ← → h l         move the column cursor                                ",
            "  1-9             sort by column (again: reverse)                       ",
            "  [ ]             sort the cursor's column ascending / descending       ",
            "  z 1-9, z[ z]    add a secondary sort key                              ",
            "  click header    sort by that column (again: reverse)                  ",
            "  /               filter places as you type (Esc clears)                ",
            "  :               predicate, e.g. magnitude >= 4.5 AND depth < 10       ",
            "  s               sections: none, day, magnitude, network               ",
            "  ⏎               details of the selected quake (Esc or q back)         ",
            "  d               delete the selected quake (asks first)                ",
            "  r               refresh: fetch the feed in the background             ",
            "  ?               this help                                             ",
            "  q  Ctrl-C       quit                                                  ",
            "                                                                        ",
            String(repeating: " ", count: 55) + "any key closes   ",
        ])
        try h.press(.character("x"))
        #expect(h.state.mode == .table)
    }

    @Test func aTinyTerminalSaysSoAndRecovers() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.resize(width: 30, height: 6)
        #expect(h.lines == ["", "", "      terminal too small", "    40x8 needed, now 30x6", "", ""])
        try h.resize(width: 100, height: 8)
        #expect(h.lines[1].hasPrefix("  1 Time ▼"))
    }

    @Test func scrollingKeepsTheSelectionOnScreen() throws {
        let h = try BrowserHarness(width: 100, height: 8)   // five body lines
        try h.press(.pageDown)
        #expect(h.state.selectedIndex == 4)
        try h.press(.pageDown)
        #expect(h.state.selectedIndex == 8)
        #expect(h.lines[6].contains("2.7 12km SSE of Volcano"), "the selected row is the last visible one")
        try h.press(.character("G"))
        #expect(h.state.selectedIndex == 4713)
        try h.event(.mouse(MouseEvent(.wheelUp, row: 4, column: 10)))
        #expect(h.state.selectedIndex == 4710)
        try h.event(.mouse(MouseEvent(.press, row: 2, column: 10)))
        #expect(h.state.selectedIndex == 4709, "a click selects the row under it")
    }

    @Test func theSelectionFollowsItsQuakeAcrossSortAndFilter() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.press(.character("j"), .character("j"))   // ci38197512, M0.6
        try h.press(.character("2"))
        #expect(h.state.selectedQuakeID == "ci38197512")
        let row = try #require(h.lines.firstIndex { $0.contains("9km NE of Aguanga, CA") })
        #expect(h.screen.style(row: row, column: 10).reverse)
        try h.press(.character("/"))
        try h.type("volcano")
        #expect(h.state.selectedQuakeID != "ci38197512", "filtered out: the nearest row is selected")
    }
}

@Suite struct FormattingTests {
    @Test func agesCountsAndZones() {
        let now = Date(epochMilliseconds: 1_528_970_400_000)
        let utc = Formatting(timeZone: TimeZone(identifier: "UTC")!, now: now)
        #expect(utc.zoneName == "UTC", "not Foundation's GMT")
        #expect(utc.age(now.addingTimeInterval(-45)) == "45 s ago")
        #expect(utc.age(now.addingTimeInterval(-3 * 3600 - 5)) == "3 h ago")
        #expect(utc.age(now.addingTimeInterval(-8 * 365.25 * 86_400)) == "8 y ago")
        #expect(Formatting.count(4711) == "4,711" && Formatting.count(1_000_000) == "1,000,000" && Formatting.count(12) == "12")
        #expect(Formatting(timeZone: TimeZone(identifier: "Asia/Tokyo")!, now: now).localTime(now) == "2018-06-14 19:00:00")
    }
}
