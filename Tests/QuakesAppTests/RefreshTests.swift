import Foundation
import QuakeStore
@testable import QuakesApp
import TerminalUI
import Testing
import TestSupport

/// Refreshing from the feed inside the browser: the `r` key, the status
/// line while a refresh runs, its outcome, `Updated … ago`, the timer.
/// Screens are compared whole, as in `BrowseScreenTests`.
@Suite("Refresh in the browser")
struct RefreshTests {
    @Test("the top line says when the catalog was last updated from a feed")
    func updatedAgo() throws {
        let h = try BrowserHarness()
        // Never fetched: nothing said.
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
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], "never fetched: nothing said")
        try h.send(.lastFetch(BrowserHarness.now.addingTimeInterval(-3 * 60 - 20)))
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  Updated 3 min ago  by time ▼",
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
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
        try h.send(.lastFetch(BrowserHarness.now.addingTimeInterval(-2 * 3600)))
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  Updated 2 h ago  by time ▼",
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
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
    }

    @Test("r starts a refresh; the status line shows its progress, then its outcome until a key")
    func refreshKey() throws {
        nonisolated(unsafe) var started = 0
        let h = try BrowserHarness(refresh: { started += 1 })
        try h.press(.character("r"))
        #expect(started == 1)
        try h.send(.refreshProgress("all_day.geojson [███████████░░░░░░░░░░░░░] 55 kB of 110 kB"))
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
            "all_day.geojson [███████████░░░░░░░░░░░░░] 55 kB of 110 kB",
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
            "",
        ])
        // The filter field takes the bottom line while it is open; the progress comes back after.
        // ("Alaska" is often cut off the place column: only the matches shown are highlighted.)
        try h.press(.character("/"))
        try h.type("ala")
        h.expectScreen([
            " quakes-tui  quakes.sqlite  358 of 4,714 quakes  row 1  filter \"ala\"  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-14 08:05:23    1 h ago     2.2 14km NW of Whittier, Al…     11.3   60.868  -148.869 ak",
            "  2018-06-14 08:04:59    1 h ago     1.3 156km ENE of McGrath, A…      5.1   63.433  -152.671 ak",
            "  2018-06-14 06:52:30    3 h ago     3.0 256km ESE of Kodiak, Al…     35.0   56.679  -148.689 ak",
            "  2018-06-14 04:35:53    5 h ago     1.6 24km NE of Fritz Creek,…     55.6   59.876  -150.959 ak",
            "  2018-06-14 04:22:13    5 h ago     2.6 10km S of Talkeetna, Al…      5.1   62.231  -150.143 ak",
            "  2018-06-14 03:28:23    6 h ago     1.0 108km NW of Talkeetna, …      0.0   63.038  -151.544 ak",
            "  2018-06-14 02:51:18    7 h ago     1.9 46km N of Redoubt Volca…      1.1   60.894  -152.596 ak",
            "  2018-06-14 02:46:24    7 h ago     0.8 85km NW of Nikiski, Ala…      0.0   61.302  -152.231 ak",
            "  2018-06-14 02:14:11    7 h ago     2.9 68km NNW of Valdez, Ala…     16.5   61.736  -146.608 ak",
            "/ala",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################OOOOOOO############################################################",
            "                                 yyyyyyy",
            "                                 rrrrrrr",
            "                                 yyyyyyy",
            "                                 ooooooo",
            "                                 yyyyyyy",
            "                                 yyyyyyy",
            "                                 ggggggg                     hhh",
            "                                 ooooooo                     hhh",
            "",
        ], cursor: Screen.Position(row: 11, column: 4))
        try h.press(.escape)
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
            "all_day.geojson [███████████░░░░░░░░░░░░░] 55 kB of 110 kB",
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
            "",
        ])
        var report = ImportReport(name: "all_day.geojson")
        report.new = 12
        report.updated = 3
        try h.send(.refreshFinished(feed: "all_day.geojson", .success(report)))
        // Updated as of the clock.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  Updated 0 s ago  by time ▼",
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
            "refreshed all_day.geojson: 12 new, 3 updated, 0 unchanged, 0 skipped",
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
            "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
        ], "updated as of the clock")
        try h.press(.character("j"))
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 2  Updated 0 s ago  by time ▼",
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
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "                                 ooooooo",
            "#################################OOOOOOO############################################################",
            "                                 ggggggg",
            "                                 rrrrrrr",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
    }

    @Test("without a feed, r says so")
    func noFeed() throws {
        let h = try BrowserHarness()
        try h.press(.character("r"))
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
            "no feed to refresh from",
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
            "bbbbbbbbbbbbbbbbbbbbbbb",
        ])
    }

    @Test("the help lists r")
    func help() throws {
        let h = try BrowserHarness(height: 24)
        try h.press(.character("?"))
        // The overlay is 72 wide at column 14 of 100, over the table.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼",
            "  1 Time ▼       Keys                                                                   6 Lon 7 Net",
            "  2018-06-14 0                                                                        155.275 hv",
            "  2018-06-14 0  ↑ ↓ j k  wheel  move; click: select (on the map: the nearest)         155.254 hv",
            "  2018-06-14 0  PgUp PgDn g G   page (Space, Ctrl-B); first / last                    116.791 ci",
            "  2018-06-14 0  ← → h l  - +    column cursor; - hides its column, + adds more        155.276 hv",
            "  2018-06-14 0  0-9, a header   sort by column (again: reverse); 0: Dist (home)       155.278 hv",
            "  2018-06-14 0  [ ]  < >        sort the cursor's column up / down; < > move it       155.259 hv",
            "  2018-06-14 0  z 1-9, z[ z]    add a secondary sort key                              155.299 hv",
            "  2018-06-14 0  /  Ctrl-F n N   filter places; find one (no filter), n N next         155.253 hv",
            "  2018-06-14 0  :               predicate, e.g. magnitude >= 4.5 AND depth < 10       155.214 hv",
            "  2018-06-14 0  s  A  D  T      sections day/mag/net/seq; A sequence; T tree          155.500 hv",
            "  2018-06-14 0  ⏎  Tab x m      details (Esc back); origin, split it off, merge       155.292 hv",
            "  2018-06-14 0  d  x =          delete (asks first); x cross-section, = stretch       139.770 jp",
            "  2018-06-14 0  e  F            export (.csv .json .geojson); F column's values       155.268 hv",
            "  2018-06-14 0  r  C            refresh: sources, else feed; C newest change          155.265 hv",
            "  2018-06-14 0  m  Tab  c M O   map: over/alone/off; Tab map; c charts, M Mc          155.260 hv",
            "  2018-06-14 0  + - arrows 0 .  map: zoom at the selection, pan, fit, centre          155.279 hv",
            "  2018-06-14 0  R  v V L        map: region only (again: off); style, colors, layers  155.259 hv",
            "  2018-06-14 0  w  '  Ctrl-P    save a view; ' saved views; Ctrl-P every command      155.264 hv",
            "  2018-06-14 0  t  o  y         times UTC/local; open the event page; copy URL        155.271 hv",
            "  2018-06-14 0  u Ctrl-R  ?  q  undo / redo a query change; this help; quit             2.350 fr",
            "  2018-06-14 0                                                       any key closes   155.034 hv",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuu##BBBBBB################################################################bbbbbbb bbbbb",
            "####################################################################################################",
            "              ########################################################################",
            "              ########################################################################",
            "              ########################################################################",
            "              ########################################################################",
            "              ########################################################################",
            "              ########################################################################",
            "              ########################################################################",
            "              ########################################################################",
            "              ########################################################################",
            "              ########################################################################",
            "              ########################################################################",
            "              ########################################################################",
            "              ########################################################################",
            "              ########################################################################",
            "              ########################################################################",
            "              ########################################################################",
            "              ########################################################################",
            "              ########################################################################",
            "              ########################################################################",
            "              ######################################################DDDDDDDDDDDDDDDD##",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
    }

    /// Events a refresher posts, for a test to wait on.
    final class PostedEvents: @unchecked Sendable {
        private let lock = NSCondition()
        private var events: [BrowserEvent] = []

        func post(_ event: BrowserEvent) { lock.withLock { events.append(event); lock.broadcast() } }

        /// Waits until the events so far satisfy `condition` (60 s at most); the events so far.
        func wait(until condition: ([BrowserEvent]) -> Bool) -> [BrowserEvent] {
            lock.withLock {
                let deadline = Date().addingTimeInterval(60)
                while !condition(events), lock.wait(until: deadline) {}
                return events
            }
        }

        func wait(for count: Int) -> [BrowserEvent] { wait(until: { $0.count >= count }) }
    }

    static func describe(_ event: BrowserEvent) -> String {
        switch event {
        case .refreshProgress(let line): "progress \(line)"
        case .refreshFinished(let feed, .success(let report)): "finished \(feed): \(report.counts)"
        case .refreshFinished(let feed, .failure(let error)): "failed \(feed): \(error)"
        default: "other"
        }
    }

    @Test("the refresher runs the fetch off the calling thread, posts its progress, then its outcome once")
    func refresher() throws {
        let gate = DispatchSemaphore(value: 0)
        var counts = ImportReport(name: "feed")
        counts.new = 12
        counts.updated = 3
        let report = counts
        let feed = RefreshFeed(label: "all_day.geojson") { progress in
            progress("all_day.geojson 10 kB")
            progress("all_day.geojson 20 kB")
            progress("all_day.geojson 30 kB")
            gate.wait()
            return report
        }
        let posted = PostedEvents()
        let refresher = FeedRefresher(feed: feed, post: posted.post)
        #expect(refresher.start())
        // Lines within 100 ms of the last one posted wait; the newest is
        // posted when the 100 ms are up, so the line before a stall shows.
        let progress = posted.wait(until: { $0.last.map(Self.describe) == "progress all_day.geojson 30 kB" }).map(Self.describe)
        #expect(progress.prefix(2) == ["progress refreshing all_day.geojson…", "progress all_day.geojson 10 kB"])
        #expect(progress.count <= 4, "\(progress)")
        #expect(!refresher.start(), "one refresh at a time")
        gate.signal()
        let all = posted.wait(until: { $0.count == progress.count + 1 }).map(Self.describe)
        #expect(all.last == "finished all_day.geojson: 12 new, 3 updated, 0 unchanged, 0 skipped")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(posted.wait(until: { _ in true }).count == all.count, "the outcome is posted once, and nothing after it")
        #expect(!refresher.isRunning)
    }

    @Test("a failed refresh carries the fetch's error")
    func failure() throws {
        struct Failure: Error, CustomStringConvertible {
            var description: String { "fetch https://example.org/all_day.geojson: HTTP 404 Not Found" }
        }
        let posted = PostedEvents()
        let refresher = FeedRefresher(feed: RefreshFeed(label: "all_day.geojson") { _ in throw Failure() }, post: posted.post)
        refresher.start()
        let events = posted.wait(for: 2)
        #expect(events.map(Self.describe).last == "failed all_day.geojson: fetch https://example.org/all_day.geojson: HTTP 404 Not Found")
        if case .refreshFinished(_, .failure(let error)) = events.last { #expect(error is Failure, "the error itself, not a string") }
    }

    @Test("the refresh timer fires at once on a stale catalog, then one period after each start, never while running")
    func timer() {
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        var never = RefreshTimer(every: 300, lastFetch: nil)
        let neverDue = [(false, 0.0), (false, 299), (true, 300), (false, 301)].map { running, after in
            never.isDue(running: running, now: t0.addingTimeInterval(after))
        }
        #expect(neverDue == [true, false, false, true])

        var fresh = RefreshTimer(every: 300, lastFetch: t0.addingTimeInterval(-60))
        let freshDue = [0.0, 240].map { fresh.isDue(running: false, now: t0.addingTimeInterval($0)) }
        #expect(freshDue == [false, true])
    }
}
