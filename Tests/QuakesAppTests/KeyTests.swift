import Foundation
import QuakeQuery
import QuakeStore
import TerminalUI
import Testing
import TestSupport
@testable import QuakesApp

/// Keys not covered by the screen tests: paging back, sorting the cursor's
/// column, secondary keys from the cursor, leaving details with q, and the
/// selection kept across sections. Screens are compared whole, as in
/// `BrowseScreenTests`.
@Suite struct KeyTests {
    @Test func pageUpGoesBackAPage() throws {
        let h = try BrowserHarness(width: 100, height: 8)   // five body lines
        try h.press(.pageDown, .pageDown, .pageDown)
        #expect(h.state.selectedIndex == 12)
        try h.press(.pageUp)
        #expect(h.state.selectedIndex == 8)
        try h.press(.control("b"), .control("b"), .control("b"))
        #expect(h.state.selectedIndex == 0, "never above the first row")
    }

    @Test func bracketsSortTheCursorsColumnAndZAddsItAsASecondaryKey() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.press(.right, .right, .right, .character("["))   // Time ─► Mag ─► Place ─► Depth
        #expect(h.controller.sortKeys == [SortKey(.depth, ascending: true)])
        // Depth is eight wide: the title gives way to the mark. The shallowest
        // quakes are above sea level.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by depth ▲",
            "  1 Time                           2 Mag 3 Place                  4 Dep… ▲    5 Lat     6 Lon 7 Net",
            "  2018-06-11 06:34:30    3 d ago     2.1 29km NNW of Pahala, Haw…     -3.2   19.462  -155.542 hv",
            "  2018-06-09 13:32:32    4 d ago     2.4 19km W of Volcano, Hawa…     -3.1   19.412  -155.424 hv",
            "  2018-06-12 10:09:17    1 d ago     1.2 11km E of Helper, Utah       -3.1   39.693  -110.722 uu",
            "  2018-06-12 08:11:00    2 d ago     1.6 34km SW of Malad City, …     -3.0   42.002  -112.579 uu",
            "  2018-06-10 13:31:49    3 d ago    -0.2 6km W of Mammoth Lakes,…     -2.6   37.634  -119.051 nc",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb uuuuuuuu bbbbbbbb bbbbbbbbb bbbbb",
            "#################################OOOOOOO############################################################",
            "                                 ooooooo",
            "                                 yyyyyyy",
            "                                 yyyyyyy",
            "                                 ggggggg",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], "Depth is eight wide: the title gives way to the mark")
        try h.press(.left, .character("z"), .character("]"))
        #expect(h.controller.sortKeys == [SortKey(.depth, ascending: true), SortKey(.place, ascending: false)])
        // No two of the five shallowest share a depth (-3.14 and -3.06 both show as -3.1): the order stays.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by depth ▲, place ▼",
            "  1 Time                           2 Mag 3 Place ▼2               4 Dep… ▲    5 Lat     6 Lon 7 Net",
            "  2018-06-11 06:34:30    3 d ago     2.1 29km NNW of Pahala, Haw…     -3.2   19.462  -155.542 hv",
            "  2018-06-09 13:32:32    4 d ago     2.4 19km W of Volcano, Hawa…     -3.1   19.412  -155.424 hv",
            "  2018-06-12 10:09:17    1 d ago     1.2 11km E of Helper, Utah       -3.1   39.693  -110.722 uu",
            "  2018-06-12 08:11:00    2 d ago     1.6 34km SW of Malad City, …     -3.0   42.002  -112.579 uu",
            "  2018-06-10 13:31:49    3 d ago    -0.2 6km W of Mammoth Lakes,…     -2.6   37.634  -119.051 nc",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb bbbbbbb uuuuuuuuuuuuuuuuuuuuuuuu bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################OOOOOOO############################################################",
            "                                 ooooooo",
            "                                 yyyyyyy",
            "                                 yyyyyyy",
            "                                 ggggggg",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
        try h.press(.left, .character("z"), .character("["))
        #expect(h.controller.sortKeys == [SortKey(.depth, ascending: true), SortKey(.place, ascending: false),
                                          SortKey(.magnitude, ascending: true)])
        // Mag is seven wide: "2 Mag ▲3" does not fit, its title is cut.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by depth ▲, place ▼, mag ▲",
            "  1 Time                         2 M… ▲3 3 Place ▼2               4 Dep… ▲    5 Lat     6 Lon 7 Net",
            "  2018-06-11 06:34:30    3 d ago     2.1 29km NNW of Pahala, Haw…     -3.2   19.462  -155.542 hv",
            "  2018-06-09 13:32:32    4 d ago     2.4 19km W of Volcano, Hawa…     -3.1   19.412  -155.424 hv",
            "  2018-06-12 10:09:17    1 d ago     1.2 11km E of Helper, Utah       -3.1   39.693  -110.722 uu",
            "  2018-06-12 08:11:00    2 d ago     1.6 34km SW of Malad City, …     -3.0   42.002  -112.579 uu",
            "  2018-06-10 13:31:49    3 d ago    -0.2 6km W of Mammoth Lakes,…     -2.6   37.634  -119.051 nc",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb uuuuuuu bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################OOOOOOO############################################################",
            "                                 ooooooo",
            "                                 yyyyyyy",
            "                                 yyyyyyy",
            "                                 ggggggg",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
    }

    @Test func qLeavesTheDetailsNotTheProgram() throws {
        let h = try BrowserHarness(width: 100, height: 22)
        try h.press(.enter)
        // 'T': the title, orange bold as M 2.9 is orange.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼",
            " M 2.9 - 5km SW of Volcano, Hawaii",
            "",
            " Id            hv70264586",
            " Time          2018-06-14 09:12:13 UTC  ·  47 min ago",
            " UTC           2018-06-14 09:12:13.010",
            " Magnitude     2.94 ml",
            " Place         5km SW of Volcano, Hawaii",
            " Coordinates   19.3940°N  155.2750°W",
            " Depth         1.46 km",
            " Status        automatic",
            " Alert         none",
            " Tsunami       no",
            " Felt          no reports",
            " Significance  133",
            " Quality       51 stations  gap 47°  nearest 0.001866°  rms 0.33 s",
            " Network       hv  code 70264586",
            " Type          earthquake",
            " Updated       2018-06-14 09:18:07 UTC",
            " URL           https://earthquake.usgs.gov/earthquakes/eventpage/hv70264586",
            "",
            "Esc back  j/k next/previous quake  m merge",
        ], styles: [
            "####################################################################################################",
            "TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTT",
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
            "dddddddddddddd",
            "",
            "dddddddddddddddddddddddddddddddddddddddddd",
        ], extra: [Style(foreground: .orange, bold: true): "T"])
        try h.press(.character("q"))
        #expect(h.state.mode == .table && !h.state.shouldQuit)
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-14 09:12:13 47 min ago     2.9 5km SW of Volcano, Hawa…      1.5   19.394  -155.275 hv",
            "  2018-06-14 09:11:44 48 min ago     2.1 1km W of Volcano, Hawaii      0.5   19.434  -155.254 hv",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA         4.3   33.491  -116.791 ci",
            "  2018-06-14 09:08:57 51 min ago     3.0 6km SW of Volcano, Hawa…      0.8   19.390  -155.276 hv",
            "  2018-06-14 09:08:20 51 min ago     2.9 7km SW of Volcano, Hawa…      0.3   19.376  -155.278 hv",
            "  2018-06-14 09:07:01 52 min ago     2.9 3km SW of Volcano, Hawa…      0.6   19.409  -155.259 hv",
            "  2018-06-14 09:06:48 53 min ago     2.9 6km WSW of Volcano, Haw…     -0.6   19.413  -155.299 hv",
            "  2018-06-14 09:05:49 54 min ago     2.6 3km SSW of Volcano, Haw…      1.0   19.402  -155.253 hv",
            "  2018-06-14 09:02:42 57 min ago     2.7 12km SSE of Volcano, Ha…      2.0   19.325  -155.214 hv",
            "  2018-06-14 09:02:07 57 min ago     2.9 30km WNW of Volcano, Ha…      6.0   19.557  -155.500 hv",
            "  2018-06-14 09:00:30 59 min ago     2.4 6km WSW of Volcano, Haw…      0.7   19.412  -155.292 hv",
            "  2018-06-14 09:00:00    1 h ago     4.2 東京都の近く、関東地方…      10.0   35.680   139.770 jp",
            "  2018-06-14 08:59:57    1 h ago     2.3 3km WSW of Volcano, Haw…      0.6   19.420  -155.268 hv",
            "  2018-06-14 08:56:03    1 h ago     2.5 4km SW of Volcano, Hawa…      0.6   19.403  -155.265 hv",
            "  2018-06-14 08:54:46    1 h ago     2.3 3km SW of Volcano, Hawa…     -0.8   19.408  -155.260 hv",
            "  2018-06-14 08:54:07    1 h ago     2.3 4km W of Volcano, Hawaii      0.2   19.431  -155.279 hv",
            "  2018-06-14 08:52:48    1 h ago     2.2 4km SSW of Volcano, Haw…      1.4   19.397  -155.259 hv",
            "  2018-06-14 08:49:30    1 h ago     2.5 3km WSW of Volcano, Haw…      1.8   19.417  -155.264 hv",
            "  2018-06-14 08:48:47    1 h ago     2.5 4km SW of Volcano, Hawa…      1.8   19.401  -155.271 hv",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################OOOOOOO############################################################",
            "                                 ooooooo",
            "                                 ggggggg",
            "                                 rrrrrrr",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 rrrrrrr",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
    }

    @Test func theSelectionStaysOnItsQuakeAcrossSections() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.press(.character("j"), .character("j"))   // ci38197512, M0.6, 2018-06-14
        try h.press(.character("s"))
        #expect(h.controller.sectionIdentifier == .day)
        #expect(h.state.selectedQuakeID == "ci38197512", "day")
        // day: the third row of the first day, still in view.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 3  by time ▼  section by day",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            " 2018-06-14 · 301 quakes",
            "  2018-06-14 09:12:13 47 min ago     2.9 5km SW of Volcano, Hawa…      1.5   19.394  -155.275 hv",
            "  2018-06-14 09:11:44 48 min ago     2.1 1km W of Volcano, Hawaii      0.5   19.434  -155.254 hv",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA         4.3   33.491  -116.791 ci",
            "  2018-06-14 09:08:57 51 min ago     3.0 6km SW of Volcano, Hawa…      0.8   19.390  -155.276 hv",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "cccccccccccccccccccccccc",
            "                                 ooooooo",
            "                                 ooooooo",
            "#################################GGGGGGG############################################################",
            "                                 rrrrrrr",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], "day: shown selected")
        try h.press(.character("s"))
        #expect(h.controller.sectionIdentifier == .magnitudeBand)
        #expect(h.state.selectedQuakeID == "ci38197512", "magnitudeBand")
        // magnitudeBand: the newest quake under M1 opens M0; scrolled down to it
        // (the last rows of M1 above its section line).
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 4,028  by time ▼  section by magnitude band",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-07 09:54:03    7 d ago     1.7 85km NNW of Talkeetna, …    100.6   63.056  -150.582 ak",
            "  2018-06-07 09:28:56    7 d ago     1.7 13km ENE of Hidden Vall…      1.7   38.847  -122.417 nc",
            "  2018-06-07 09:26:18    7 d ago     1.1 14km NW of Cold Springs…      7.7   39.766  -120.101 nn",
            " M0 · 640 quakes",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA         4.3   33.491  -116.791 ci",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "                                 yyyyyyy",
            "                                 yyyyyyy",
            "                                 yyyyyyy",
            "cccccccccccccccc",
            "#################################GGGGGGG############################################################",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], "magnitudeBand: shown selected")
        try h.press(.character("s"))
        #expect(h.controller.sectionIdentifier == .network)
        #expect(h.state.selectedQuakeID == "ci38197512", "network")
        // network: the newest of ci's, past the first phase's window (its
        // rows come before its count): scrolled down to it, its section
        // line above it, the end of ak's above that.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 312  by time ▼  section by network",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-07 11:35:50    6 d ago     1.1 51km NNE of Sutton-Alpi…     32.4   62.203  -148.377 ak",
            "  2018-06-07 10:23:07    6 d ago     1.5 59km S of Deltana, Alas…      6.3   63.345  -145.121 ak",
            "  2018-06-07 09:54:03    7 d ago     1.7 85km NNW of Talkeetna, …    100.6   63.056  -150.582 ak",
            " ci · 378 quakes",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA         4.3   33.491  -116.791 ci",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "                                 yyyyyyy",
            "                                 yyyyyyy",
            "                                 yyyyyyy",
            "cccccccccccccccc",
            "#################################GGGGGGG############################################################",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], "network: shown selected")
    }

    @Test func theSelectionStaysOnItsQuakeWhenAnImportAddsRowsAboveIt() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.press(.character("j"), .character("j"))   // ci38197512, third newest
        #expect(h.state.selectedIndex == 2)
        let feed = singleQuakeFeed(id: "nw0002", place: "Newer Ridge", magnitude: 2.0, time: 1_528_970_100_000)
        _ = try QuakeImporter(catalog: h.catalog).importData(Data(feed.utf8), name: "refresh")
        try h.refresh()
        #expect(h.state.selectedQuakeID == "ci38197512")
        #expect(h.state.selectedIndex == 3, "one row above it now")
        // The new row is marked `+` (green, the row bold) and counted: nobody has looked since it came.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,715 quakes  row 4  +1 new since you looked  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "+ 2018-06-14 09:55:00  5 min ago     2.0 Newer Ridge                  10.0   35.680   139.770 nw",
            "  2018-06-14 09:12:13 47 min ago     2.9 5km SW of Volcano, Hawa…      1.5   19.394  -155.275 hv",
            "  2018-06-14 09:11:44 48 min ago     2.1 1km W of Volcano, Hawaii      0.5   19.434  -155.254 hv",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA         4.3   33.491  -116.791 ci",
            "  2018-06-14 09:08:57 51 min ago     3.0 6km SW of Volcano, Hawa…      0.8   19.390  -155.276 hv",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "P bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb ZZZZZZZ bbbbbbbbbbb              bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "                                 ooooooo",
            "                                 ooooooo",
            "#################################GGGGGGG############################################################",
            "                                 rrrrrrr",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], extra: [Style(foreground: .green, bold: true): "P", Style(foreground: .orange, bold: true): "Z"])
    }

    @Test func daySectionsSayTheyAreUTCDaysWhenRowsShowAnotherZone() throws {
        let honolulu = try BrowserHarness(width: 100, height: 8, timeZone: "Pacific/Honolulu")
        try honolulu.press(.character("s"))
        // The newest quake, in Honolulu's time, under its UTC day.
        honolulu.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼  section by day  times GMT-10",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            " 2018-06-14 UTC · 301 quakes",
            "  2018-06-13 23:12:13 47 min ago     2.9 5km SW of Volcano, Hawa…      1.5   19.394  -155.275 hv",
            "  2018-06-13 23:11:44 48 min ago     2.1 1km W of Volcano, Hawaii      0.5   19.434  -155.254 hv",
            "  2018-06-13 23:09:46 50 min ago     0.6 9km NE of Aguanga, CA         4.3   33.491  -116.791 ci",
            "  2018-06-13 23:08:57 51 min ago     3.0 6km SW of Volcano, Hawa…      0.8   19.390  -155.276 hv",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "cccccccccccccccccccccccccccc",
            "#################################OOOOOOO############################################################",
            "                                 ooooooo",
            "                                 ggggggg",
            "                                 rrrrrrr",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], "the newest quake, in Honolulu's time")
        let utc = try BrowserHarness(width: 100, height: 8)
        try utc.press(.character("s"))
        utc.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼  section by day",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            " 2018-06-14 · 301 quakes",
            "  2018-06-14 09:12:13 47 min ago     2.9 5km SW of Volcano, Hawa…      1.5   19.394  -155.275 hv",
            "  2018-06-14 09:11:44 48 min ago     2.1 1km W of Volcano, Hawaii      0.5   19.434  -155.254 hv",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA         4.3   33.491  -116.791 ci",
            "  2018-06-14 09:08:57 51 min ago     3.0 6km SW of Volcano, Hawa…      0.8   19.390  -155.276 hv",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "cccccccccccccccccccccccc",
            "#################################OOOOOOO############################################################",
            "                                 ooooooo",
            "                                 ggggggg",
            "                                 rrrrrrr",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
    }

    @Test func withoutUTF8TheHelpNamesArrowsAndEnterInWords() throws {
        let h = try BrowserHarness(width: 80, height: 24, unicode: false)
        try h.press(.character("?"))
        // The key column widens to the longest name, "Left Right h l  - +", plus two.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time v",
            "  1    Keys                                                                 pth",
            "  20                                                                        1.5",
            "  20  Up Down j k  wheel   move; click: select (on the map: the nearest)    0.5",
            "  20  PgUp PgDn g G        page (Space, Ctrl-B); first / last               4.3",
            "  20  Left Right h l  - +  column cursor; - hides its column, + adds more   0.8",
            "  20  0-9, a header        sort by column (again: reverse); 0: Dist (home)  0.3",
            "  20  [ ]  < >             sort the cursor's column up / down; < > move it  0.6",
            "  20  z 1-9, z[ z]         add a secondary sort key                         0.6",
            "  20  /  Ctrl-F n N        filter places; find one (no filter), n N next    1.0",
            "  20  :                    predicate, e.g. magnitude >= 4.5 AND depth < 10  2.0",
            "  20  s  A  D  T           sections day/mag/net/seq; A sequence; T tree     6.0",
            "  20  Enter  Tab x m       details (Esc back); origin, split it off, merge  0.7",
            "  20  d  x =               delete (asks first); x cross-section, = stretch  0.0",
            "  20  e  F                 export (.csv .json .geojson); F column's values  0.6",
            "  20  r  C                 refresh: sources, else feed; C newest change     0.6",
            "  20  m  Tab  c M O        map: over/alone/off; Tab map; c charts, M Mc     0.8",
            "  20  + - arrows 0 .       map: zoom at the selection, pan, fit, centre     0.2",
            "  20  R  v V L             map: region only (again: off); style, colors, l  1.4",
            "  20  w  '  Ctrl-P         save a view; ' saved views; Ctrl-P every comman  1.8",
            "  20  t  o  y              times UTC/local; open the event page; copy URL   1.8",
            "  20  u Ctrl-R  ?  q       undo / redo a query change; this help; quit      0.0",
            "  20                                                       any key closes   4.7",
            "/ filter  : predicate  1-9 sort  s sections  Enter details  ? help  q quit  m ma",
        ], styles: [
            "################################################################################",
            "  uu##BBBBBB################################################################bbb",
            "################################################################################",
            "    ########################################################################",
            "    ########################################################################",
            "    ########################################################################",
            "    ########################################################################",
            "    ########################################################################",
            "    ########################################################################",
            "    ########################################################################",
            "    ########################################################################",
            "    ########################################################################",
            "    ########################################################################",
            "    ########################################################################",
            "    ########################################################################",
            "    ########################################################################",
            "    ########################################################################",
            "    ########################################################################",
            "    ########################################################################",
            "    ########################################################################",
            "    ########################################################################",
            "    ########################################################################",
            "    ######################################################DDDDDDDDDDDDDDDD##",
            "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
        let overlay = h.lines[1...21].map { String($0.dropFirst(4).prefix(72)) }
        #expect(overlay.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "\(overlay)")
    }
}
