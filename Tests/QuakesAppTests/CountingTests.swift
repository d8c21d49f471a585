import Foundation
import QuakeQuery
import Synchronization
import Testing
@testable import QuakesApp

/// The controller delivers the first rows before the exact count: the top
/// line says `counting…` over rows already shown, then the count. Screens
/// are compared whole, as in `BrowseScreenTests`.
@Suite struct CountingTests {
    @Test func theTopLineSaysCountingUntilTheCountArrives() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        let controller = try ResultsController(h.catalog, configuration: FetchConfiguration())
        let pages = Mutex<[ResultsPage]>([])
        let complete = DispatchSemaphore(value: 0)
        _ = controller.onPage { page in
            pages.withLock { $0.append(page) }
            if page.isComplete { complete.signal() }
        }
        try controller.start()
        defer { controller.stop() }
        #expect(complete.wait(timeout: .now() + 30) == .success)
        let (first, last) = pages.withLock { ($0.first!, $0.last!) }
        #expect(!first.isComplete, "the first rows come before the count")

        h.handle([.page(first)])
        h.view.render(h.state, into: &h.screen)
        // Rows shown while counting.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  counting…  by time ▼",
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
        ], "rows shown while counting")
        h.handle([.page(last)])
        h.view.render(h.state, into: &h.screen)
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
}
