import Foundation
import QuakeQuery
import QuakeStore
@testable import QuakeViews
import TerminalUI
import TestSupport
import Testing
@testable import QuakesApp

/// The browse screen rendered into an in-memory Screen and compared whole:
/// every line, trailing spaces included, and every cell's style (letters in
/// `Legend.browse`). The catalog is the real week feed plus
/// `BrowserHarness.extras`; times in UTC unless a test says otherwise; "now"
/// is 2018-06-14 10:00 UTC.
@Suite struct BrowseScreenTests {
    @Test func theTableAtOneHundredColumns() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        // The first row is selected; 2.9 is orange on Apple's scale, 0.6 green, 3.0 red.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-14 09:12:13 47 min ago     2.9 5km SW of Volcano, Hawa…      1.5   19.394  -155.275 hv",
            "  2018-06-14 09:11:44 48 min ago     2.1 1km W of Volcano, Hawaii      0.5   19.434  -155.254 hv",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA         4.3   33.491  -116.791 ci",
            "  2018-06-14 09:08:57 51 min ago     3.0 6km SW of Volcano, Hawa…      0.8   19.390  -155.276 hv",
            "  2018-06-14 09:08:20 51 min ago     2.9 7km SW of Volcano, Hawa…      0.3   19.376  -155.278 hv",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################OOOOOOO############################################################",
            "                                 ooooooo",
            "                                 ggggggg",
            "                                 rrrrrrr",
            "                                 ooooooo",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], "the first row is selected; 2.9 is orange on Apple's scale, 0.6 green, 3.0 red")
    }

    @Test func wideScreensShowEveryColumn() throws {
        let h = try BrowserHarness(width: 130, height: 8)
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                           4 Depth    5 Lat     6 Lon 7 Net 8 Type      9 Status",
            "  2018-06-14 09:12:13 47 min ago     2.9 5km SW of Volcano, Hawaii             1.5   19.394  -155.275 hv    earthquake  automatic",
            "  2018-06-14 09:11:44 48 min ago     2.1 1km W of Volcano, Hawaii              0.5   19.434  -155.254 hv    earthquake  automatic",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA                 4.3   33.491  -116.791 ci    earthquake  automatic",
            "  2018-06-14 09:08:57 51 min ago     3.0 6km SW of Volcano, Hawaii             0.8   19.390  -155.276 hv    earthquake  automatic",
            "  2018-06-14 09:08:20 51 min ago     2.9 7km SW of Volcano, Hawaii             0.3   19.376  -155.278 hv    earthquake  automatic",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "##################################################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb bbbbbbbbbbb bbbbbbbbb",
            "#################################OOOOOOO##########################################################################################",
            "                                 ooooooo",
            "                                 ggggggg",
            "                                 rrrrrrr",
            "                                 ooooooo",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
    }

    @Test func narrowScreensDropColumnsAndTheAgeButKeepThePlace() throws {
        let h = try BrowserHarness(width: 60, height: 9, timeZone: "Pacific/Honolulu", unicode: false)
        try h.press(.character("2"), .character("z"), .character("4"))
        // Honolulu is UTC-10; ties on 5.4 go shallow first; ASCII arrows without UTF-8.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by mag v, d",
            "  1 Time              2 Mag v 3 Place              4 De… ^2",
            "  2018-06-12 13:08:28     5.8 94km SW of Muara Si…     10.0",
            "  2018-06-13 20:27:39     5.6 275km W of Puerto C…     10.0",
            "  2018-06-12 20:59:01     5.4 70km WSW of Muara S…     10.0",
            "  2018-06-11 09:54:21     5.4 22km SE of Kushima,…     30.3",
            "  2018-06-12 13:32:45     5.4 99km S of Isangel, …     51.0",
            "  2018-06-13 03:39:37     5.3 4km WSW of Volcano,…      0.3",
            "/ filter  : predicate  1-9 sort  s sections  Enter details",
        ], styles: [
            "############################################################",
            "  uuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbb bbbbbbbb",
            "######################MMMMMMM###############################",
            "                      mmmmmmm",
            "                      mmmmmmm",
            "                      mmmmmmm",
            "                      mmmmmmm",
            "                      mmmmmmm",
            "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], "Honolulu is UTC-10; ties on 5.4 go shallow first; ASCII arrows without UTF-8")
    }

    @Test func narrowHeadersCutTheTitleNeverTheKeyNumberOrTheMark() throws {
        let h = try BrowserHarness(width: 130, height: 8)
        try h.press(.character("9"), .character("z"), .character("7"), .character("z"), .character("7"),
                    .character("z"), .character("4"))
        #expect(h.controller.sortKeys == [SortKey(.status, ascending: true), SortKey(.net, ascending: false),
                                          SortKey(.depth, ascending: true)], "z 7 again reverses the secondary key")
        // Place as wide as its widest place (the rest of the line blank).
        // Net is five wide: the key, its first letter and the mark with its priority; Depth and
        // Status give way to their marks; Type, unsorted, is whole. The two
        // automatic quakes of nn come first, then nc's, shallowest first.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by status ▲, net ▼, depth ▲",
            "  1 Time                           2 Mag 3 Place                        4 De… ▲3    5 Lat     6 Lon 7 N▼2 8 Type      9 Stat… ▲",
            "  2018-06-14 07:09:54    2 h ago     1.7 23km WSW of Hawthorne, Nevada      13.9   38.432  -118.872 nn    earthquake  automatic",
            "  2018-06-14 01:01:55    8 h ago     1.3 32km SSE of Lovelock, Nevada       15.1   39.909  -118.332 nn    earthquake  automatic",
            "  2018-06-12 16:34:57    1 d ago     0.4 5km WNW of The Geysers, CA         -0.7   38.797  -122.813 nc    earthquake  automatic",
            "  2018-06-13 16:08:55   17 h ago     0.9 2km NNW of The Geysers, CA         -0.3   38.791  -122.761 nc    earthquake  automatic",
            "  2018-06-08 01:01:09    6 d ago     1.1 7km WNW of Cobb, CA                -0.3   38.847  -122.801 nc    earthquake  automatic",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "##################################################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb bbbbbbbbbbb bbbbbbbbb",
            "#################################YYYYYYY##########################################################################################",
            "                                 yyyyyyy",
            "                                 ggggggg",
            "                                 ggggggg",
            "                                 yyyyyyy",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], "Net is five wide: the key and the mark with its priority")
        // A third `z 7`: its default direction, the other, then none.
        try h.press(.character("z"), .character("7"))
        #expect(h.controller.sortKeys == [SortKey(.status, ascending: true), SortKey(.depth, ascending: true)])
        #expect(h.lines[0] == " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by status ▲, depth ▲")
    }

    @Test func aQuakeImportedWhileNobodyLooksStaysMarkedAndCountedThenFadesAfterAKey() throws {
        // Ticks of the real clock, as the import's: the rows' ages count
        // from it too, so only the lines of the mark are compared.
        let h = try BrowserHarness(width: 90, height: 8)
        let feed = singleQuakeFeed(id: "nw0001", place: "New Ridge", magnitude: 3.3, time: 1_528_970_100_000)
        _ = try QuakeImporter(catalog: h.catalog).importData(Data(feed.utf8), name: "new")
        let came = Date()
        let legend = Legend.browse([Style(foreground: .red, bold: true, reverse: true): "X",
                                    Style(foreground: .green, bold: true): "P", Style(foreground: .green, dim: true): "Q"])
        func expectMarked(_ top: String, row: String, _ mask: String, _ comment: Comment,
                          sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(h.screen.lines[0] == top, comment, sourceLocation: sourceLocation)
            #expect(h.screen.lines[2].hasPrefix(row), comment, sourceLocation: sourceLocation)
            #expect(h.screen.styleMask(legend)[2] == mask, comment, sourceLocation: sourceLocation)
        }
        // The newest row, selected: bold with a `+`, the whole row, not only
        // the mark ('B' bold reverse; 'X' its magnitude, red bold reverse);
        // the top line counts it.
        let unseen = " quakes-tui  quakes.sqlite  4,715 quakes  row 1  +1 new since you looked  by time ▼"
        let selectedBold = "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBXXXXXXXBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB"
        try h.send(.tick(came))
        expectMarked(unseen, row: "+ 2018-06-14 09:55:00", selectedBold, "marked and counted")
        #expect(h.screen.styleMask(legend)[3] == String(repeating: " ", count: 33) + "ooooooo" + String(repeating: " ", count: 50),
                "the row under it is not bold")
        // Nobody looked: half a minute later it is as it was.
        try h.send(.tick(came.addingTimeInterval(31)))
        expectMarked(unseen, row: "+ 2018-06-14 09:55:00", selectedBold, "still marked and counted while nobody looks")
        // A key is a look: no longer counted; the row bold, its `+` green
        // ('P'), from now on fading.
        try h.press(.character("j"))
        let seen = " quakes-tui  quakes.sqlite  4,715 quakes  row 2  by time ▼"
        expectMarked(seen, row: "+ 2018-06-14 09:55:00",
                     "P bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb !!!!!!! bbbbbbbbb                      bbbbbbbb bbbbbbbb ",
                     "seen: bold, fading from the look")
        // Then the mark alone, then the mark dim ('Q'), then nothing.
        let plain = "                                 rrrrrrr" + String(repeating: " ", count: 50)
        try h.send(.tick(came.addingTimeInterval(31 + 11)))
        expectMarked(seen, row: "+ 2018-06-14 09:55:00", "g" + plain.dropFirst(), "the mark alone")
        try h.send(.tick(came.addingTimeInterval(31 + 21)))
        expectMarked(seen, row: "+ 2018-06-14 09:55:00", "Q" + plain.dropFirst(), "the mark dim")
        try h.send(.tick(came.addingTimeInterval(31 + 31)))
        expectMarked(seen, row: "  2018-06-14 09:55:00", plain, "the mark goes 30 s after the look")
    }

    @Test func numberKeysSortAndPressingAgainReverses() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.press(.character("2"), .character("g"))
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by mag ▼",
            "  1 Time                         2 Mag ▼ 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-12 23:08:28    1 d ago     5.8 94km SW of Muara Siberu…     10.0   -2.100    98.520 us",
            "  2018-06-14 06:27:39    3 h ago     5.6 275km W of Puerto Chaca…     10.0  -45.850   -76.305 us",
            "  2018-06-13 06:59:01    1 d ago     5.4 70km WSW of Muara Siber…     10.0   -1.915    98.657 us",
            "  2018-06-12 23:32:45    1 d ago     5.4 99km S of Isangel, Vanu…     51.0  -20.445   169.182 us",
            "  2018-06-11 19:54:21    2 d ago     5.4 22km SE of Kushima, Jap…     30.3   31.296   131.370 us",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################MMMMMMM############################################################",
            "                                 mmmmmmm",
            "                                 mmmmmmm",
            "                                 mmmmmmm",
            "                                 mmmmmmm",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
        try h.press(.character("2"), .character("g"))
        // The smallest magnitude in the feed is -0.39; the unknown one sorts last either way.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by mag ▲",
            "  1 Time                         2 Mag ▲ 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-12 17:29:52    1 d ago    -0.4 13km NE of Little Lake,…      0.6   36.011  -117.793 ci",
            "  2018-06-10 13:30:29    3 d ago    -0.3 6km W of Mammoth Lakes,…     -1.6   37.632  -119.044 nc",
            "  2018-06-07 10:31:35    6 d ago    -0.3 14km NW of Cold Springs…      8.5   39.767  -120.096 nn",
            "  2018-06-08 06:34:13    6 d ago    -0.3 57km ESE of Beatty, Nev…      3.0   36.714  -116.157 nn",
            "  2018-06-08 10:12:21    5 d ago    -0.3 38km ENE of Beatty, Nev…      3.4   37.056  -116.374 nn",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################GGGGGGG############################################################",
            "                                 ggggggg",
            "                                 ggggggg",
            "                                 ggggggg",
            "                                 ggggggg",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], "the smallest magnitude in the feed is -0.39")
        #expect(h.controller.sortKeys == [SortKey(.magnitude, ascending: true)])
        try h.press(.right, .right, .character("]"))
        #expect(h.controller.sortKeys == [SortKey(.place, ascending: false)], "] sorts the cursor's column descending")
        // Folded places descending: the CJK place, above every Latin one, comes first, then "unknown ridge".
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by place ▼",
            "  1 Time                           2 Mag 3 Place ▼                 4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-14 09:00:00    1 h ago     4.2 東京都の近く、関東地方…      10.0   35.680   139.770 jp",
            "  2018-06-14 08:30:00    1 h ago       — Unknown Ridge                10.0    1.000     1.000 xx",
            "  2018-06-10 23:19:28    3 d ago     4.7 South of Panama              10.0    5.043   -82.521 us",
            "  2018-06-10 23:06:24    3 d ago     4.9 Pacific-Antarctic Ridge      10.0  -53.998  -133.974 us",
            "  2018-06-12 15:57:22    1 d ago     4.6 Off the coast of Chiapa…     10.0   12.358   -94.055 us",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb bbbbbbb uuuuuuuuuuuuuuuuuuuuuuuu bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################RRRRRRR############################################################",
            "                                 aaaaaaa",
            "                                 rrrrrrr",
            "                                 rrrrrrr",
            "                                 rrrrrrr",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
        try h.press(.character("z"), .character("1"))
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by place ▼, time ▼",
            "  1 Time ▼2                        2 Mag 3 Place ▼                 4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-14 09:00:00    1 h ago     4.2 東京都の近く、関東地方…      10.0   35.680   139.770 jp",
            "  2018-06-14 08:30:00    1 h ago       — Unknown Ridge                10.0    1.000     1.000 xx",
            "  2018-06-10 23:19:28    3 d ago     4.7 South of Panama              10.0    5.043   -82.521 us",
            "  2018-06-10 23:06:24    3 d ago     4.9 Pacific-Antarctic Ridge      10.0  -53.998  -133.974 us",
            "  2018-06-12 15:57:22    1 d ago     4.6 Off the coast of Chiapa…     10.0   12.358   -94.055 us",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb bbbbbbb uuuuuuuuuuuuuuuuuuuuuuuu bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################RRRRRRR############################################################",
            "                                 aaaaaaa",
            "                                 rrrrrrr",
            "                                 rrrrrrr",
            "                                 rrrrrrr",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
    }

    @Test func aPendingSortShowsItsMarksDimmedOverTheOldRowsUntilTheNewRowsArrive() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        // The frame drawn for the key itself, before the controller's results:
        // the header shows the marks asked for, dimmed ('v' under the column
        // cursor, 'd' elsewhere), over rows still newest first; the top line
        // still says what the rows are.
        h.pressWithoutResults(.character("2"))
        #expect(h.state.configuration.sortKeys == [SortKey(.magnitude, ascending: false)])
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼",
            "  1 Time                         2 Mag ▼ 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-14 09:12:13 47 min ago     2.9 5km SW of Volcano, Hawa…      1.5   19.394  -155.275 hv",
            "  2018-06-14 09:11:44 48 min ago     2.1 1km W of Volcano, Hawaii      0.5   19.434  -155.254 hv",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA         4.3   33.491  -116.791 ci",
            "  2018-06-14 09:08:57 51 min ago     3.0 6km SW of Volcano, Hawa…      0.8   19.390  -155.276 hv",
            "  2018-06-14 09:08:20 51 min ago     2.9 7km SW of Volcano, Hawa…      0.3   19.376  -155.278 hv",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  vvvvvvvvvvvvvvvvvvvvvvvvvvvvvv ddddddd bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################OOOOOOO############################################################",
            "                                 ooooooo",
            "                                 ggggggg",
            "                                 rrrrrrr",
            "                                 ooooooo",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], "the pending marks are dimmed over the old rows")
        // Keys pressed before the results arrive add up, each mark pending.
        h.pressWithoutResults(.character("z"), .character("4"))
        #expect(h.state.configuration.sortKeys == [SortKey(.magnitude, ascending: false), SortKey(.depth, ascending: true)])
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼",
            "  1 Time                         2 Mag ▼ 3 Place                  4 De… ▲2    5 Lat     6 Lon 7 Net",
            "  2018-06-14 09:12:13 47 min ago     2.9 5km SW of Volcano, Hawa…      1.5   19.394  -155.275 hv",
            "  2018-06-14 09:11:44 48 min ago     2.1 1km W of Volcano, Hawaii      0.5   19.434  -155.254 hv",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA         4.3   33.491  -116.791 ci",
            "  2018-06-14 09:08:57 51 min ago     3.0 6km SW of Volcano, Hawa…      0.8   19.390  -155.276 hv",
            "  2018-06-14 09:08:20 51 min ago     2.9 7km SW of Volcano, Hawa…      0.3   19.376  -155.278 hv",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  vvvvvvvvvvvvvvvvvvvvvvvvvvvvvv ddddddd bbbbbbbbbbbbbbbbbbbbbbbb dddddddd bbbbbbbb bbbbbbbbb bbbbb",
            "#################################OOOOOOO############################################################",
            "                                 ooooooo",
            "                                 ggggggg",
            "                                 rrrrrrr",
            "                                 ooooooo",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
        // The results arrive: the marks are the rows' own, bold again; ties on
        // 5.4 go shallow first.
        try h.refresh()
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by mag ▼, depth ▲",
            "  1 Time                         2 Mag ▼ 3 Place                  4 De… ▲2    5 Lat     6 Lon 7 Net",
            "  2018-06-12 23:08:28    1 d ago     5.8 94km SW of Muara Siberu…     10.0   -2.100    98.520 us",
            "  2018-06-14 06:27:39    3 h ago     5.6 275km W of Puerto Chaca…     10.0  -45.850   -76.305 us",
            "  2018-06-13 06:59:01    1 d ago     5.4 70km WSW of Muara Siber…     10.0   -1.915    98.657 us",
            "  2018-06-11 19:54:21    2 d ago     5.4 22km SE of Kushima, Jap…     30.3   31.296   131.370 us",
            "  2018-06-12 23:32:45    1 d ago     5.4 99km S of Isangel, Vanu…     51.0  -20.445   169.182 us",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################MMMMMMM############################################################",
            "                                 mmmmmmm",
            "                                 mmmmmmm",
            "                                 mmmmmmm",
            "                                 mmmmmmm",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
    }

    @Test func clickingAHeaderSortsByItAndASecondClickReverses() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.event(.mouse(MouseEvent(.press, row: 1, column: 45)))
        #expect(h.controller.sortKeys == [SortKey(.place, ascending: true)])
        // The click moves the column cursor to Place too.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by place ▲",
            "  1 Time                           2 Mag 3 Place ▲                 4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-11 06:25:57    3 d ago     2.6 0km E of Volcano, Hawaii     -0.1   19.430  -155.231 hv",
            "  2018-06-09 12:29:17    4 d ago     2.3 0km ESE of Volcano, Haw…      6.5   19.427  -155.229 hv",
            "  2018-06-12 00:22:48    2 d ago     1.3 0km NE of Montague, Cal…      0.6   41.734  -122.520 uw",
            "  2018-06-09 09:00:28    5 d ago     2.3 0km NE of Volcano, Hawa…      3.5   19.434  -155.234 hv",
            "  2018-06-11 13:27:20    2 d ago     2.7 0km NE of Volcano, Hawa…      0.6   19.436  -155.233 hv",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb bbbbbbb uuuuuuuuuuuuuuuuuuuuuuuu bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################OOOOOOO############################################################",
            "                                 ooooooo",
            "                                 yyyyyyy",
            "                                 ooooooo",
            "                                 ooooooo",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
        try h.event(.mouse(MouseEvent(.press, row: 1, column: 45)))
        #expect(h.controller.sortKeys == [SortKey(.place, ascending: false)])
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by place ▼",
            "  1 Time                           2 Mag 3 Place ▼                 4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-14 09:00:00    1 h ago     4.2 東京都の近く、関東地方…      10.0   35.680   139.770 jp",
            "  2018-06-14 08:30:00    1 h ago       — Unknown Ridge                10.0    1.000     1.000 xx",
            "  2018-06-10 23:19:28    3 d ago     4.7 South of Panama              10.0    5.043   -82.521 us",
            "  2018-06-10 23:06:24    3 d ago     4.9 Pacific-Antarctic Ridge      10.0  -53.998  -133.974 us",
            "  2018-06-12 15:57:22    1 d ago     4.6 Off the coast of Chiapa…     10.0   12.358   -94.055 us",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb bbbbbbb uuuuuuuuuuuuuuuuuuuuuuuu bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################RRRRRRR############################################################",
            "                                 aaaaaaa",
            "                                 rrrrrrr",
            "                                 rrrrrrr",
            "                                 rrrrrrr",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
    }

    @Test func theFilterFieldFiltersAsYouTypeAndHighlightsMatches() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.press(.character("/"))
        try h.type("ile")
        // "Île" in "10 km N of Île-de-France" is highlighted, "10 km N of " is not.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  10 of 4,714 quakes  row 1  filter \"ile\"  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-14 08:46:40    1 h ago     0.5 10 km N of Île-de-France     10.0   48.900     2.350 fr",
            "  2018-06-14 06:27:39    3 h ago     5.6 275km W of Puerto Chaca…     10.0  -45.850   -76.305 us",
            "  2018-06-14 05:25:02    4 h ago     4.3 80km ENE of Iquique, Ch…    117.8  -19.868   -69.474 us",
            "  2018-06-12 22:23:26    1 d ago     4.7 118km ESE of Iquique, C…    103.9  -20.767   -69.171 us",
            "  2018-06-11 09:25:47    3 d ago     3.6 4km SSW of Chiguayante,…     62.4  -36.956   -73.040 us",
            "/ile",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################GGGGGGG############HHH#############################################",
            "                                 mmmmmmm",
            "                                 rrrrrrr",
            "                                 rrrrrrr",
            "                                 rrrrrrr",
            "",
        ], cursor: Screen.Position(row: 7, column: 4))
        try h.press(.backspace, .backspace, .backspace)
        // An empty field means no filter.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-14 09:12:13 47 min ago     2.9 5km SW of Volcano, Hawa…      1.5   19.394  -155.275 hv",
            "  2018-06-14 09:11:44 48 min ago     2.1 1km W of Volcano, Hawaii      0.5   19.434  -155.254 hv",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA         4.3   33.491  -116.791 ci",
            "  2018-06-14 09:08:57 51 min ago     3.0 6km SW of Volcano, Hawa…      0.8   19.390  -155.276 hv",
            "  2018-06-14 09:08:20 51 min ago     2.9 7km SW of Volcano, Hawa…      0.3   19.376  -155.278 hv",
            "/",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################OOOOOOO############################################################",
            "                                 ooooooo",
            "                                 ggggggg",
            "                                 rrrrrrr",
            "                                 ooooooo",
            "",
        ], cursor: Screen.Position(row: 7, column: 1), "an empty field means no filter")
        try h.type("東京")
        try h.press(.enter)
        h.expectScreen([
            " quakes-tui  quakes.sqlite  1 of 4,714 quakes  row 1  filter \"東京\"  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-14 09:00:00    1 h ago     4.2 東京都の近く、関東地方…      10.0   35.680   139.770 jp",
            "",
            "",
            "",
            "",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################RRRRRRR#HHHH#######################################################",
            "",
            "",
            "",
            "",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
        try h.press(.character("/"), .escape)
        #expect(h.controller.predicate == nil, "Esc clears the filter")
    }

    @Test func cjkPlacesAreCutByDisplayWidth() throws {
        let h = try BrowserHarness(width: 70, height: 8)
        try h.press(.character("/"))
        try h.type("東京")
        // Each wide character is two cells, the match highlighted in both.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  1 of 4,714 quakes  row 1  filter \"東京\"  b",
            "  1 Time ▼              2 Mag 3 Place                         4 Depth",
            "  2018-06-14 09:00:00     4.2 東京都の近く、関東地方の沿岸…      10.0",
            "",
            "",
            "",
            "",
            "/東京",
        ], styles: [
            "######################################################################",
            "  uuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb",
            "######################RRRRRRR#HHHH####################################",
            "",
            "",
            "",
            "",
            "",
        ], cursor: Screen.Position(row: 7, column: 5))
    }

    @Test func sectionsShowHeaderLinesWithCounts() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.press(.character("s"))
        // 298 in the feed, plus three extras that day.
        h.expectScreen([
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
        ], "298 in the feed, plus three extras that day")
        try h.press(.character("s"), .character("g"))
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼  section by magnitude band",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            " M5 · 27 quakes",
            "  2018-06-14 06:27:39    3 h ago     5.6 275km W of Puerto Chaca…     10.0  -45.850   -76.305 us",
            "  2018-06-13 23:54:45   10 h ago     5.3 13km WNW of Tonosi, Pan…     10.0    7.446   -80.566 us",
            "  2018-06-13 13:39:37   20 h ago     5.3 4km WSW of Volcano, Haw…      0.3   19.414  -155.281 hv",
            "  2018-06-13 10:33:11   23 h ago     5.1 73km NNE of Isangel, Va…    239.7  -18.900   169.426 us",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "ccccccccccccccc",
            "#################################MMMMMMM############################################################",
            "                                 mmmmmmm",
            "                                 mmmmmmm",
            "                                 mmmmmmm",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
        try h.press(.character("G"))
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 4,714  by time ▼  section by magnitude band",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-07 13:20:56    6 d ago    -0.1 4km WSW of Tahoe Vista,…      8.7   39.229  -120.097 nn",
            "  2018-06-07 12:50:21    6 d ago    -0.2 50km SE of Beatty, Neva…      0.0   36.627  -116.308 nn",
            "  2018-06-07 10:31:35    6 d ago    -0.3 14km NW of Cold Springs…      8.5   39.767  -120.096 nn",
            " M unknown · 1 quake",
            "  2018-06-14 08:30:00    1 h ago       — Unknown Ridge                10.0    1.000     1.000 xx",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "                                 ggggggg",
            "                                 ggggggg",
            "                                 ggggggg",
            "cccccccccccccccccccc",
            "#################################AAAAAAA############################################################",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
        try h.press(.character("s"), .character("s"))
        #expect(h.controller.sectionIdentifier == .sequence)
        try h.press(.character("s"))
        #expect(h.controller.sectionIdentifier == nil, "none, day, band, network, sequence, none")
    }

    @Test func enterShowsDetailsAndEscReturns() throws {
        let h = try BrowserHarness(width: 100, height: 22, timeZone: "Pacific/Honolulu")
        try h.press(.character("j"), .character("j"), .enter)
        // 'T': the title, green bold as M 0.6 is green.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 3  by time ▼  times GMT-10",
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
            " Significance  6",
            " Quality       29 stations  gap 68°  nearest 0.08699°  rms 0.17 s",
            " Network       ci  code 38197512",
            " Type          earthquake",
            " Updated       2018-06-13 23:13:12 GMT-10",
            " URL           https://earthquake.usgs.gov/earthquakes/eventpage/ci38197512",
            "",
            "Esc back  j/k next/previous quake  m merge",
        ], styles: [
            "####################################################################################################",
            "TTTTTTTTTTTTTTTTTTTTTTTTTTTTTT",
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
        ], extra: [Style(foreground: .green, bold: true): "T"])
        try h.press(.escape)
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 3  by time ▼  times GMT-10",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-13 23:12:13 47 min ago     2.9 5km SW of Volcano, Hawa…      1.5   19.394  -155.275 hv",
            "  2018-06-13 23:11:44 48 min ago     2.1 1km W of Volcano, Hawaii      0.5   19.434  -155.254 hv",
            "  2018-06-13 23:09:46 50 min ago     0.6 9km NE of Aguanga, CA         4.3   33.491  -116.791 ci",
            "  2018-06-13 23:08:57 51 min ago     3.0 6km SW of Volcano, Hawa…      0.8   19.390  -155.276 hv",
            "  2018-06-13 23:08:20 51 min ago     2.9 7km SW of Volcano, Hawa…      0.3   19.376  -155.278 hv",
            "  2018-06-13 23:07:01 52 min ago     2.9 3km SW of Volcano, Hawa…      0.6   19.409  -155.259 hv",
            "  2018-06-13 23:06:48 53 min ago     2.9 6km WSW of Volcano, Haw…     -0.6   19.413  -155.299 hv",
            "  2018-06-13 23:05:49 54 min ago     2.6 3km SSW of Volcano, Haw…      1.0   19.402  -155.253 hv",
            "  2018-06-13 23:02:42 57 min ago     2.7 12km SSE of Volcano, Ha…      2.0   19.325  -155.214 hv",
            "  2018-06-13 23:02:07 57 min ago     2.9 30km WNW of Volcano, Ha…      6.0   19.557  -155.500 hv",
            "  2018-06-13 23:00:30 59 min ago     2.4 6km WSW of Volcano, Haw…      0.7   19.412  -155.292 hv",
            "  2018-06-13 23:00:00    1 h ago     4.2 東京都の近く、関東地方…      10.0   35.680   139.770 jp",
            "  2018-06-13 22:59:57    1 h ago     2.3 3km WSW of Volcano, Haw…      0.6   19.420  -155.268 hv",
            "  2018-06-13 22:56:03    1 h ago     2.5 4km SW of Volcano, Hawa…      0.6   19.403  -155.265 hv",
            "  2018-06-13 22:54:46    1 h ago     2.3 3km SW of Volcano, Hawa…     -0.8   19.408  -155.260 hv",
            "  2018-06-13 22:54:07    1 h ago     2.3 4km W of Volcano, Hawaii      0.2   19.431  -155.279 hv",
            "  2018-06-13 22:52:48    1 h ago     2.2 4km SSW of Volcano, Haw…      1.4   19.397  -155.259 hv",
            "  2018-06-13 22:49:30    1 h ago     2.5 3km WSW of Volcano, Haw…      1.8   19.417  -155.264 hv",
            "  2018-06-13 22:48:47    1 h ago     2.5 4km SW of Volcano, Hawa…      1.8   19.401  -155.271 hv",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "                                 ooooooo",
            "                                 ooooooo",
            "#################################GGGGGGG############################################################",
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

    @Test func deletingAsksFirst() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.press(.character("d"))
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-14 09:12:13 47 min ago     2.9 5km SW of Volcano, Hawa…      1.5   19.394  -155.275 hv",
            "  2018-06-14 09:11:44 48 min ago     2.1 1km W of Volcano, Hawaii      0.5   19.434  -155.254 hv",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA         4.3   33.491  -116.791 ci",
            "  2018-06-14 09:08:57 51 min ago     3.0 6km SW of Volcano, Hawa…      0.8   19.390  -155.276 hv",
            "  2018-06-14 09:08:20 51 min ago     2.9 7km SW of Volcano, Hawa…      0.3   19.376  -155.278 hv",
            "Delete M 2.9 - 5km SW of Volcano, Hawaii? y/n",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################OOOOOOO############################################################",
            "                                 ooooooo",
            "                                 ggggggg",
            "                                 rrrrrrr",
            "                                 ooooooo",
            "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!",
        ])
        try h.press(.character("n"))
        #expect(try h.catalog.count() == 4714)
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-14 09:12:13 47 min ago     2.9 5km SW of Volcano, Hawa…      1.5   19.394  -155.275 hv",
            "  2018-06-14 09:11:44 48 min ago     2.1 1km W of Volcano, Hawaii      0.5   19.434  -155.254 hv",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA         4.3   33.491  -116.791 ci",
            "  2018-06-14 09:08:57 51 min ago     3.0 6km SW of Volcano, Hawa…      0.8   19.390  -155.276 hv",
            "  2018-06-14 09:08:20 51 min ago     2.9 7km SW of Volcano, Hawa…      0.3   19.376  -155.278 hv",
            "not deleted",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################OOOOOOO############################################################",
            "                                 ooooooo",
            "                                 ggggggg",
            "                                 rrrrrrr",
            "                                 ooooooo",
            "bbbbbbbbbbb",
        ])
        try h.press(.character("d"), .character("y"))
        #expect(try h.catalog.count() == 4713)
        // The selection moves to the next quake.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,713 quakes  row 1  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-14 09:11:44 48 min ago     2.1 1km W of Volcano, Hawaii      0.5   19.434  -155.254 hv",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA         4.3   33.491  -116.791 ci",
            "  2018-06-14 09:08:57 51 min ago     3.0 6km SW of Volcano, Hawa…      0.8   19.390  -155.276 hv",
            "  2018-06-14 09:08:20 51 min ago     2.9 7km SW of Volcano, Hawa…      0.3   19.376  -155.278 hv",
            "  2018-06-14 09:07:01 52 min ago     2.9 3km SW of Volcano, Hawa…      0.6   19.409  -155.259 hv",
            "deleted M 2.9 - 5km SW of Volcano, Hawaii",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################OOOOOOO############################################################",
            "                                 ggggggg",
            "                                 rrrrrrr",
            "                                 ooooooo",
            "                                 ooooooo",
            "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
        ], "the selection moves to the next quake")
    }

    @Test func aBadPredicateShowsACaretAndKeepsTheOldOne() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.press(.character(":"))
        try h.type("magnitude >= 4.5")
        try h.press(.enter)
        h.expectScreen([
            " quakes-tui  quakes.sqlite  75 of 4,714 quakes  row 1  where magnitude >= 4.5  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-14 06:27:39    3 h ago     5.6 275km W of Puerto Chaca…     10.0  -45.850   -76.305 us",
            "  2018-06-14 04:23:14    5 h ago     4.9 277km SE of Lambasa, Fi…    564.8  -17.922  -178.535 us",
            "  2018-06-13 23:54:45   10 h ago     5.3 13km WNW of Tonosi, Pan…     10.0    7.446   -80.566 us",
            "  2018-06-13 23:06:12   10 h ago     4.9 68km WSW of Muara Siber…     10.0   -1.774    98.619 us",
            "  2018-06-13 22:14:32   11 h ago     4.6 1km ENE of Chiba-shi, J…     76.3   35.610   140.143 us",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################MMMMMMM############################################################",
            "                                 rrrrrrr",
            "                                 mmmmmmm",
            "                                 rrrrrrr",
            "                                 rrrrrrr",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
        try h.press(.character(":"), .control("u"))
        try h.type("mag > 4 AND plase == 1")
        try h.press(.enter)
        // The caret under the bad key, over a red line; the previous predicate stays.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  75 of 4,714 quakes  row 1  where magnitude >= 4.5  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-14 06:27:39    3 h ago     5.6 275km W of Puerto Chaca…     10.0  -45.850   -76.305 us",
            "  2018-06-14 04:23:14    5 h ago     4.9 277km SE of Lambasa, Fi…    564.8  -17.922  -178.535 us",
            "  2018-06-13 23:54:45   10 h ago     5.3 13km WNW of Tonosi, Pan…     10.0    7.446   -80.566 us",
            "  2018-06-13 23:06:12   10 h ago     4.9 68km WSW of Muara Siber…     10.0   -1.774    98.619 us",
            "             ^ 1:13: unknown key 'plase' (did you mean 'place'?)",
            ":mag > 4 AND plase == 1",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################MMMMMMM############################################################",
            "                                 rrrrrrr",
            "                                 mmmmmmm",
            "                                 rrrrrrr",
            "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr",
            "",
        ], cursor: Screen.Position(row: 7, column: 23), "the previous predicate stays")
        try h.press(.escape)
        #expect(h.controller.predicate == (try QuakePredicate("magnitude >= 4.5")))
    }

    @Test func helpListsEveryKeyAndAnyKeyCloses() throws {
        let h = try BrowserHarness(width: 80, height: 24)
        try h.press(.character("?"))
        // The overlay is 72 wide at column 4, over the table, which shows around it.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼",
            "  1    Keys                                                                 pth",
            "  20                                                                        1.5",
            "  20  ↑ ↓ j k  wheel  move; click: select (on the map: the nearest)         0.5",
            "  20  PgUp PgDn g G   page (Space, Ctrl-B); first / last                    4.3",
            "  20  ← → h l  - +    column cursor; - hides its column, + adds more        0.8",
            "  20  0-9, a header   sort by column (again: reverse); 0: Dist (home)       0.3",
            "  20  [ ]  < >        sort the cursor's column up / down; < > move it       0.6",
            "  20  z 1-9, z[ z]    add a secondary sort key                              0.6",
            "  20  /  Ctrl-F n N   filter places; find one (no filter), n N next         1.0",
            "  20  :               predicate, e.g. magnitude >= 4.5 AND depth < 10       2.0",
            "  20  s  A  D  T      sections day/mag/net/seq; A sequence; T tree          6.0",
            "  20  ⏎  Tab x m      details (Esc back); origin, split it off, merge       0.7",
            "  20  d  x =          delete (asks first); x cross-section, = stretch       0.0",
            "  20  e  F            export (.csv .json .geojson); F column's values       0.6",
            "  20  r  C            refresh: sources, else feed; C newest change          0.6",
            "  20  m  Tab  c M O   map: over/alone/off; Tab map; c charts, M Mc          0.8",
            "  20  + - arrows 0 .  map: zoom at the selection, pan, fit, centre          0.2",
            "  20  R  v V L        map: region only (again: off); style, colors, layers  1.4",
            "  20  w  '  Ctrl-P    save a view; ' saved views; Ctrl-P every command      1.8",
            "  20  t  o  y         times UTC/local; open the event page; copy URL        1.8",
            "  20  u Ctrl-R  ?  q  undo / redo a query change; this help; quit           0.0",
            "  20                                                       any key closes   4.7",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
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
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
        try h.press(.character("x"))
        #expect(h.state.mode == .table)
    }

    @Test func aTinyTerminalSaysSoAndRecovers() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.resize(width: 30, height: 6)
        h.expectScreen([
            "",
            "",
            "      terminal too small",
            "    40x8 needed, now 30x6",
            "",
            "",
        ], styles: [
            "",
            "",
            "",
            "",
            "",
            "",
        ])
        try h.resize(width: 100, height: 8)
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-14 09:12:13 47 min ago     2.9 5km SW of Volcano, Hawa…      1.5   19.394  -155.275 hv",
            "  2018-06-14 09:11:44 48 min ago     2.1 1km W of Volcano, Hawaii      0.5   19.434  -155.254 hv",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA         4.3   33.491  -116.791 ci",
            "  2018-06-14 09:08:57 51 min ago     3.0 6km SW of Volcano, Hawa…      0.8   19.390  -155.276 hv",
            "  2018-06-14 09:08:20 51 min ago     2.9 7km SW of Volcano, Hawa…      0.3   19.376  -155.278 hv",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################OOOOOOO############################################################",
            "                                 ooooooo",
            "                                 ggggggg",
            "                                 rrrrrrr",
            "                                 ooooooo",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
    }

    @Test func scrollingKeepsTheSelectionOnScreen() throws {
        let h = try BrowserHarness(width: 100, height: 8)   // five body lines
        try h.press(.pageDown)
        #expect(h.state.selectedIndex == 4)
        try h.press(.pageDown)
        #expect(h.state.selectedIndex == 8)
        // The selected row is the last visible one.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 9  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-14 09:08:20 51 min ago     2.9 7km SW of Volcano, Hawa…      0.3   19.376  -155.278 hv",
            "  2018-06-14 09:07:01 52 min ago     2.9 3km SW of Volcano, Hawa…      0.6   19.409  -155.259 hv",
            "  2018-06-14 09:06:48 53 min ago     2.9 6km WSW of Volcano, Haw…     -0.6   19.413  -155.299 hv",
            "  2018-06-14 09:05:49 54 min ago     2.6 3km SSW of Volcano, Haw…      1.0   19.402  -155.253 hv",
            "  2018-06-14 09:02:42 57 min ago     2.7 12km SSE of Volcano, Ha…      2.0   19.325  -155.214 hv",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "#################################OOOOOOO############################################################",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], "the selected row is the last visible one")
        try h.press(.character("G"))
        #expect(h.state.selectedIndex == 4713)
        try h.event(.mouse(MouseEvent(.wheelUp, row: 4, column: 10)))
        #expect(h.state.selectedIndex == 4710)
        try h.event(.mouse(MouseEvent(.press, row: 2, column: 10)))
        #expect(h.state.selectedIndex == 4709, "a click selects the row under it")
        // The five oldest quakes, the first of them selected.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 4,710  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-07 09:42:37    7 d ago     2.0 6km WSW of Volcano, Haw…     -0.4   19.402  -155.294 hv",
            "  2018-06-07 09:30:55    7 d ago     2.0 11km ESE of Big Bear Ci…      3.0   34.237  -116.733 ci",
            "  2018-06-07 09:28:56    7 d ago     1.7 13km ENE of Hidden Vall…      1.7   38.847  -122.417 nc",
            "  2018-06-07 09:26:18    7 d ago     1.1 14km NW of Cold Springs…      7.7   39.766  -120.101 nn",
            "  2018-06-07 09:22:23    7 d ago     0.1 10km NE of Aguanga, CA        6.5   33.509  -116.791 ci",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################OOOOOOO############################################################",
            "                                 ooooooo",
            "                                 yyyyyyy",
            "                                 yyyyyyy",
            "                                 ggggggg",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
    }

    @Test func theSelectionFollowsItsQuakeAcrossSortAndFilter() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.press(.character("j"), .character("j"))   // ci38197512, M0.6
        try h.press(.character("2"))
        #expect(h.state.selectedQuakeID == "ci38197512")
        // Scrolled to it: the last of the M0.6 quakes by id, shown selected.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 4,347  by mag ▼",
            "  1 Time                         2 Mag ▼ 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-10 11:26:13    3 d ago     0.6 11km WNW of Quincy, Cal…     14.3   39.990  -121.067 nn",
            "  2018-06-09 08:47:28    5 d ago     0.6 20km W of Portola, Cali…      9.9   39.809  -120.705 nn",
            "  2018-06-07 12:31:56    6 d ago     0.6 29km SW of Hawthorne, N…     12.1   38.353  -118.888 nn",
            "  2018-06-10 22:49:12    3 d ago     0.6 2km ESE of The Geysers,…      1.8   38.768  -122.733 nc",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA         4.3   33.491  -116.791 ci",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "                                 ggggggg",
            "                                 ggggggg",
            "                                 ggggggg",
            "                                 ggggggg",
            "#################################GGGGGGG############################################################",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
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

    /// The two phases of a sort, as the controller delivers them: the rows
    /// by magnitude first, their count marked pending on the top line (the
    /// header and rows already by magnitude: one story), then the count.
    @Test func aSortsFirstPhaseShowsItsRowsWithTheCountPending() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.press(.character("2"))
        let first = try #require(h.firstPhaseScreen, "a fetch delivers its first phase")
        let trimmed = { (screen: Screen) in screen.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) } }
        #expect(trimmed(first)[0] == " quakes-tui  quakes.sqlite  counting…  by mag ▼")
        #expect(trimmed(h.screen)[0] == " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by mag ▼")
        #expect(Array(trimmed(first)[1...6]) == Array(trimmed(h.screen)[1...6]), "the same header and rows, by magnitude")
        #expect(trimmed(first)[2].contains("5.8 94km SW of Muara Siberu…"), "the week's biggest first")
        try h.press(.down)
        #expect(h.firstPhaseScreen == nil, "moving asks for no fetch")
    }
}
