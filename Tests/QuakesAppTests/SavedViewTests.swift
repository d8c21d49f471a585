import Foundation
import QuakeMap
import QuakeQuery
import QuakeStore
import TerminalUI
import Testing
import TestSupport
@testable import QuakesApp

/// Views: `w` saves what the browser shows under a name, `'` lists the
/// saved ones to switch to or delete, a view given at start is shown
/// whole; and `t`, `o`, `y`.
@Suite struct SavedViewTests {
    /// Quakes of the week fixture whose place holds `text` (any case), counted here.
    private func weekCount(placeContaining text: String) throws -> Int {
        try Fixture.features(Fixture.week).filter {
            (($0["properties"] as? [String: Any])?["place"] as? String)?.lowercased().contains(text) == true
        }.count
    }

    @Test func wSavesTheFilterPredicateSortSectionsPanesAndZoneUnderAName() throws {
        let folder = TemporaryFolder()
        let views = ViewStore(folder: URL(fileURLWithPath: folder.file("state")))
        let h = try BrowserHarness(views: views)
        try h.type("/alaska")
        try h.press(.enter, .character(":"))
        try h.type("magnitude >= 2")
        try h.press(.enter, .character("2"), .character("s"), .character("m"), .character("t"), .character("c"), .character("w"))
        #expect(h.lines.last == "save view as:")
        try h.type("big alaska")
        try h.press(.enter)
        #expect(h.lines.last == "saved view big alaska")

        var expected = SavedView()
        expected.filter = "alaska"
        expected.predicate = "magnitude >= 2"
        expected.sort = "-magnitude"
        expected.sections = "day"
        expected.panes = "mapAboveTable"
        expected.utc = true
        expected.charts = true
        let saved = try views.savedViews()
        #expect(saved == ["big alaska": expected], "\(saved)")

        // The same name again replaces it, and says so.
        try h.press(.character("t"), .character("w"))
        try h.type("big alaska")
        try h.press(.enter)
        #expect(h.lines.last == "saved view big alaska (replaced)")
        expected.utc = false
        #expect(try views.savedViews() == ["big alaska": expected])
    }

    @Test func quoteListsTheSavedViewsEnterShowsOneAndDDeletesOne() throws {
        let folder = TemporaryFolder()
        let views = ViewStore(folder: URL(fileURLWithPath: folder.file("state")))
        var deep = SavedView()
        deep.predicate = "depth > 100"
        deep.sort = "-depth"
        var kodiak = SavedView()
        kodiak.filter = "kodiak"
        kodiak.sort = "-magnitude,time"
        try views.save(deep, as: "deep")
        try views.save(kodiak, as: "Kodiak")
        let h = try BrowserHarness(width: 80, views: views)
        try h.press(.character("'"))
        #expect(Array(h.lines[1...4]) == [
            " Saved views",
            "",
            // The sort as the top line says it.
            " deep    by depth ▼        where depth > 100",
            " Kodiak  by mag ▼, time ▲  filter \"kodiak\"",
        ])
        #expect(h.lines.last == " ⏎ show  d delete  Esc back")

        try h.press(.down, .enter)
        #expect(h.state.mode == .table)
        let kodiakCount = try weekCount(placeContaining: "kodiak")
        #expect(h.lines[0] == " quakes-tui  quakes.sqlite  \(kodiakCount) of 4,714 quakes  row 1  filter \"kodiak\"  by mag ▼,"
            )   // the second key is cut at 80 columns; the sort keys below say it
        #expect(h.controller.sortKeys == [SortKey(.magnitude, ascending: false), SortKey(.time, ascending: true)])
        #expect(h.state.filterText == "kodiak")
        #expect(h.lines.last?.hasPrefix("showing view Kodiak") == true)

        try h.press(.character("'"), .character("d"))
        #expect(try views.savedViews() == ["Kodiak": kodiak])
        #expect(h.lines[3].hasPrefix(" Kodiak  by mag ▼, time ▲"))
        try h.press(.character("d"))
        #expect(try views.savedViews().isEmpty)
        #expect(h.state.mode == .table)
        try h.press(.character("'"))
        #expect(h.lines.last?.hasPrefix("no saved views: w saves this one") == true)
    }

    @Test func aViewGivenAtStartIsShownWholeAndAPartThatNoLongerParsesIsNamed() throws {
        var view = SavedView()
        view.filter = "kodiak"
        view.sort = "-magnitude"
        view.sections = "magnitude"
        view.panes = "mapAlone"
        view.map = SavedView.Bounds(MapRegion(south: 50, north: 65, west: -160, east: -140))
        view.region = SavedView.Bounds(MapRegion(south: 50, north: 65, west: -160, east: -140))
        let h = try BrowserHarness(view: view)
        #expect(h.state.currentView == view)
        #expect(h.controller.sectionIdentifier == .magnitudeBand)
        #expect(h.state.map.panes == .mapAlone)
        #expect(h.state.map.isFocused)
        // Every Kodiak quake of the week lies inside the region.
        #expect(h.state.page?.count == (try weekCount(placeContaining: "kodiak")))

        // DISTANCE() without a home: the predicate is left out and said.
        var distant = SavedView()
        distant.predicate = "DISTANCE() < 100"
        distant.sort = "time"
        let without = try BrowserHarness(width: 120, view: distant)
        #expect(without.state.userPredicate == nil)
        #expect(without.controller.sortKeys == [SortKey(.time, ascending: true)])
        #expect(without.lines.last?.hasPrefix("error: the starting view: predicate DISTANCE() < 100: ") == true)
    }

    /// A view file may hold anything: `{"south":-1e308,"north":1e308,…}` as
    /// the map's bounds crashed the browser (SIGILL drawing the land) at
    /// every start on that catalog. Each part is checked as its option is,
    /// named in the bottom line, and its default used.
    @Test func aViewWithBoundsOutOfRangeOrUnknownPanesIsNamedAndTheDefaultsUsed() throws {
        let view = try JSONDecoder().decode(SavedView.self, from: Data("""
            {"filter": "", "sort": "-magnitude", "panes": "sideBySide", "utc": false,
             "map": {"south": -1e308, "north": 1e308, "west": -1e308, "east": 1e308},
             "region": {"south": 10, "north": 95, "west": 0, "east": 20}}
            """.utf8))
        let h = try BrowserHarness(width: 240, view: view)
        #expect(h.state.map.panes == .table)
        #expect(h.state.map.region == .world)
        #expect(h.state.map.regionFilter == nil)
        #expect(h.controller.sortKeys == [SortKey(.magnitude, ascending: false)])
        #expect(h.state.page?.count == (try BrowserHarness().state.page?.count), "no region filter")
        #expect(h.lines.last?.trimmingCharacters(in: .whitespaces) == """
            error: the starting view: unknown panes 'sideBySide' (table, mapAboveTable, mapAlone); \
            map -1e+308,1e+308,-1e+308,1e+308: latitudes must be within -90 and 90; \
            region 10.0,95.0,0.0,20.0: latitudes must be within -90 and 90
            """)
        try h.type("m")   // the map shows, drawn over the whole world
        #expect(h.state.map.panes == .mapAboveTable)
    }

    @Test func tShowsEveryTimeInUTCAndTheDetailsTheOtherZone() throws {
        let h = try BrowserHarness(width: 100, height: 30, timeZone: "Asia/Tokyo")
        // The top line names the zone the rows show.
        #expect(h.lines[0].hasPrefix(" quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼  times GMT+9"))
        #expect(h.lines[2].hasPrefix("  2018-06-14 18:12:13"))   // 09:12:13 UTC
        try h.press(.character("t"))
        #expect(h.lines[0].hasPrefix(" quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼  times UTC"))
        #expect(h.lines[2].hasPrefix("  2018-06-14 09:12:13"))
        #expect(h.lines.last?.hasPrefix("times in UTC") == true)
        try h.press(.enter)
        let details = h.lines.joined(separator: "\n")
        #expect(details.contains(" Time          2018-06-14 09:12:13 UTC  ·  47 min ago"))
        #expect(details.contains(" Local         2018-06-14 18:12:13 GMT+9"))
        try h.press(.escape, .character("t"))
        #expect(h.lines[0].hasPrefix(" quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼  times GMT+9"))
        #expect(h.lines[2].hasPrefix("  2018-06-14 18:12:13"))
        try h.press(.enter)
        let local = h.lines.joined(separator: "\n")
        #expect(local.contains(" Time          2018-06-14 18:12:13 GMT+9  ·  47 min ago"))
        #expect(local.contains(" UTC           2018-06-14 09:12:13.010"))
        // An alert's banner gives its time as the rows do, in either zone.
        try h.press(.escape)
        let newest = try #require(h.state.page?.quake(at: 0))
        h.handle([.alerts([newest])])
        try h.refresh()
        #expect(h.lines[28] == " ALERT  M2.9  5km SW of Volcano, Hawaii  2018-06-14 18:12:13 GMT+9")
        try h.press(.character("t"))   // a key puts the banner away
        h.handle([.alerts([newest])])
        try h.refresh()
        #expect(h.lines[28] == " ALERT  M2.9  5km SW of Volcano, Hawaii  2018-06-14 09:12:13 UTC")
    }

    @Test func oOpensTheEventPageWithADisplayAndShowsItsAddressWithoutOne() throws {
        let headless = try BrowserHarness(width: 100)
        // The newest quake of the week, selected at start.
        let url = try #require(headless.state.selectedQuake?.url)
        #expect(url == "https://earthquake.usgs.gov/earthquakes/eventpage/hv70264586")
        try headless.press(.character("o"))
        #expect(headless.asks.opened.isEmpty)
        #expect(headless.lines.last == url)

        let desktop = try BrowserHarness(width: 120, hasDisplay: true)
        try desktop.press(.character("o"))
        #expect(desktop.asks.opened == [url])
        #expect(desktop.lines.last == "opening \(url)")
        try desktop.send(.openFailed(url: url, reason: "xdg-open is not installed"))
        #expect(desktop.lines.last == "error: cannot open \(url): xdg-open is not installed"
            )
    }

    @Test func yCopiesTheSelectedQuakesAddress() throws {
        let h = try BrowserHarness(width: 100)
        try h.press(.down, .character("y"))
        let second = try #require(h.state.selectedQuake)
        #expect(h.asks.copied == [second.url])
        #expect(h.lines.last == "copied \(second.url) (OSC 52)")
    }

    @Test func withoutAStateFolderWAndQuoteSaySo() throws {
        let h = try BrowserHarness(width: 100)
        try h.press(.character("w"))
        #expect(h.lines.last?.hasPrefix("views cannot be saved: set HOME or XDG_STATE_HOME") == true)
        try h.press(.character("'"))
        #expect(h.lines.last?.hasPrefix("views cannot be saved: set HOME or XDG_STATE_HOME") == true)
    }
}

/// A view keeps the columns `-` hid: saved, listed, shown again.
@Suite struct SavedHiddenColumnTests {
    @Test func aSavedViewHidesTheColumnsItHid() throws {
        let folder = TemporaryFolder()
        let views = ViewStore(folder: URL(fileURLWithPath: folder.file("state")))
        let h = try BrowserHarness(width: 100, height: 12, views: views)
        try h.press(.character("l"), .character("-"), .character("l"), .character("-"))   // Mag, then Depth
        #expect(!h.lines[1].contains("2 Mag") && !h.lines[1].contains("4 De"), "\(h.lines[1])")
        try h.press(.character("w"))
        try h.type("narrow")
        try h.press(.enter)
        #expect(try views.savedViews()["narrow"]?.hiddenColumns == ["mag", "depth"])
        try h.press(.character("+"), .enter)   // every hidden column
        #expect(h.lines[1].contains("2 Mag"))
        try h.press(.character("'"), .enter)
        #expect(h.lines.last == "showing view narrow")
        #expect(!h.lines[1].contains("2 Mag") && !h.lines[1].contains("4 De") && h.lines[1].contains("3 Place"), "\(h.lines[1])")
    }
}

/// `<` `>` move the cursor's column (Time stays first); a saved view keeps
/// the order.
@Suite struct ColumnOrderTests {
    @Test func greaterThanMovesTheCursorsColumnRightAndAViewKeepsIt() throws {
        let folder = TemporaryFolder()
        let views = ViewStore(folder: URL(fileURLWithPath: folder.file("state")))
        let h = try BrowserHarness(width: 130, height: 10, views: views)
        try h.press(.character("l"), .character(">"), .character(">"))   // Mag past Place and Depth
        let header = h.lines[1]
        let place = try #require(header.range(of: "3 Place")), depth = try #require(header.range(of: "4 Depth")),
            mag = try #require(header.range(of: "2 Mag"))
        #expect(place.lowerBound < depth.lowerBound && depth.lowerBound < mag.lowerBound, "\(header)")
        #expect(h.model.columnCursor == .magnitude)
        // Its number still sorts it.
        try h.press(.character("2"))
        #expect(h.controller.sortKeys.first?.field == .magnitude)
        try h.press(.character("w"))
        try h.type("mag later")
        try h.press(.enter)
        #expect(try views.savedViews()["mag later"]?.columnOrder?.prefix(4) == ["time", "place", "depth", "mag"])
        // Time stays first.
        try h.press(.character("h"), .character("h"), .character("h"), .character("<"))
        #expect(h.lines.last == "the Time column stays first")
    }
}
