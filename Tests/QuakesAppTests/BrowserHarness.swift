import Foundation
import QuakeCharts
import QuakeMap
import QuakeQuery
import QuakeStore
@testable import QuakesApp
import TerminalUI
import TestSupport

/// A browser over a real catalog, driven key by key and rendered into an
/// in-memory Screen: no terminal, no threads. After each key, the
/// controller's new configuration is fetched at once, as the run loop would
/// apply the controller's next snapshot; then what the map asked for (its
/// dots, a fit, the quake nearest a click) and the charts pane's charts
/// are answered the same way.
final class BrowserHarness {
    let folder = TemporaryFolder()
    let catalog: QuakeCatalog
    let controller: ResultsController
    let state: BrowserState
    let view: BrowseView
    var screen: Screen

    /// 2018-06-14T10:00:00Z, forty-eight minutes after the newest quake.
    static let now = Date(epochMilliseconds: 1_528_970_400_000)

    /// Three quakes not in the feed: CJK and accented places, an unknown magnitude.
    static let extras = [
        singleQuakeFeed(id: "jp0001", place: "東京都の近く、関東地方の沿岸から約百キロ", magnitude: 4.2, time: 1_528_966_800_000),
        singleQuakeFeed(id: "fr0001", place: "10 km N of Île-de-France", magnitude: 0.5, time: 1_528_966_000_000,
                        latitude: 48.9, longitude: 2.35),
        singleQuakeFeed(id: "xx0001", place: "Unknown Ridge", magnitude: nil, time: 1_528_965_000_000, latitude: 1, longitude: 1),
    ]

    /// Deletes the state asked for, run after the key that asked (the run
    /// loop runs them on another thread and posts the outcome).
    private var deletes: [(ids: [String], title: String)] = []

    /// What the state asked of the map's queries, answered in `refresh()`.
    final class MapAsks {
        var observed: AggregateRequest?
        var fits = 0
        var picks: [(point: GeoPoint, radius: Double, region: MapRegion)] = []
    }
    let mapAsks = MapAsks()

    /// The widths the charts pane asked charts for, answered in `refresh()`
    /// with `charts` (the browser's own: `ChartAggregates`).
    final class ChartAsks {
        var widths: [Int] = []
    }
    let chartAsks = ChartAsks()
    let charts: (ResultsController, Int) throws -> QuakeCharts

    /// What `o` and `y` asked for: addresses opened, texts copied.
    final class Asks {
        var opened: [String] = []
        var copied: [String] = []
    }
    let asks = Asks()

    /// `sharing`: another browser on the same catalog file, through a
    /// handle of its own, as a second process would open it; by default a
    /// new catalog of the week fixture and the extras.
    init(width: Int = 100, height: Int = 12, timeZone: String = "UTC", unicode: Bool = true,
         land: LandOutline = .none, refresh onRefresh: (() -> Void)? = nil, home: Home? = nil,
         views: ViewStore? = nil, hasDisplay: Bool = false, view startView: SavedView? = nil,
         sharing other: BrowserHarness? = nil,
         charts: @escaping (ResultsController, Int) throws -> QuakeCharts = { try ChartAggregates.charts($0, width: $1) }) throws {
        self.charts = charts
        if let other {
            catalog = try QuakeCatalog(path: other.catalog.path)
        } else {
            catalog = try importedCatalog(folder, feeds: [Fixture.week])
            for feed in Self.extras { _ = try QuakeImporter(catalog: catalog).importData(Data(feed.utf8), name: "extra") }
        }
        controller = try ResultsController(catalog, configuration: FetchConfiguration(), changesSince: Date())
        let controller = self.controller
        nonisolated(unsafe) var asked: [(ids: [String], title: String)] = []
        nonisolated(unsafe) var exportsAsked: [ExportRequest] = []
        let mapAsks = self.mapAsks, asks = self.asks, chartAsks = self.chartAsks
        state = BrowserState(catalogName: "quakes.sqlite", configuration: controller.$configuration,
                             actions: BrowserActions(track: { controller.trackedID = $0 }, refresh: onRefresh,
                                                     delete: { ids, title in asked.append((ids, title)) },
                                                     observeMap: { mapAsks.observed = $0 }, fitMap: { mapAsks.fits += 1 },
                                                     pickNearest: { mapAsks.picks.append(($0, $1, $2)) },
                                                     computeCharts: { chartAsks.widths.append($0) },
                                                     views: views, hasDisplay: hasDisplay,
                                                     open: { asks.opened.append($0.url) }, copyToClipboard: { asks.copied.append($0) },
                                                     export: { exportsAsked.append($0) }),
                             width: width, height: height, now: Self.now, home: home, view: startView)
        takeDeletes = { defer { asked = [] }; return asked }
        takeExports = { defer { exportsAsked = [] }; return exportsAsked }
        view = BrowseView(zone: .named(TimeZone(identifier: timeZone)!), unicode: unicode, land: land)
        screen = Screen(width: width, height: height)
        try refresh()
    }

    private var takeDeletes: () -> [(ids: [String], title: String)] = { [] }
    private var takeExports: () -> [ExportRequest] = { [] }

    /// Runs the deletes and exports asked for (the exports with the real
    /// writer, on this thread), shows the newest results, draws.
    func refresh() throws {
        for request in takeExports() {
            let result = Result { try ResultsExporter.export(request, from: catalog) }
            state.handle(.exportFinished(file: request.file, result))
        }
        for delete in takeDeletes() {
            let result = Result { try catalog.delete(ids: delete.ids) }
            state.handle(.deleteFinished(title: delete.title, result))
        }
        state.handle(.snapshot(try controller.fetchNow()))
        try answerMap()
        answerCharts()
        view.render(state, into: &screen)
    }

    /// Fits and clicks asked for, then the dots of the map as it is now.
    private func answerMap() throws {
        while mapAsks.fits > 0 {
            mapAsks.fits -= 1
            state.handle(.mapFit(try controller.aggregate(MapFit.request)))
        }
        for pick in mapAsks.picks {
            state.handle(.mapPicked(try controller.nearestQuake(
                latitude: pick.point.latitude, longitude: pick.point.longitude, restriction: pick.region.predicate,
                radius: pick.radius)))
        }
        mapAsks.picks = []
        if let request = mapAsks.observed { state.handle(.mapAggregate(try controller.aggregate(request))) }
    }

    /// The charts asked for, of the results as they are now, or why not.
    private func answerCharts() {
        let widths = chartAsks.widths
        chartAsks.widths = []
        for width in widths {
            do { state.handle(.charts(try charts(controller, width))) } catch { state.handle(.chartsFailed(error)) }
        }
    }

    /// Each key, then the results it leads to.
    func press(_ keys: Key...) throws {
        for key in keys {
            state.handle(.key(key))
            try refresh()
        }
    }

    /// Each key, drawn before its results arrive: the frame the run loop
    /// draws for the key itself, while the controller is still fetching.
    /// `refresh()` then delivers the results.
    func pressWithoutResults(_ keys: Key...) {
        for key in keys {
            state.handle(.key(key))
            view.render(state, into: &screen)
        }
    }

    func type(_ text: String) throws {
        for c in text { try press(.character(c)) }
    }

    func event(_ event: Event) throws {
        state.handle(event)
        try refresh()
    }

    /// Any event from outside: a refresh's progress, the clock, …
    func send(_ event: BrowserEvent) throws {
        state.handle(event)
        try refresh()
    }

    func resize(width: Int, height: Int) throws {
        screen = Screen(width: width, height: height)
        try event(.resize(width: width, height: height))
    }

    var lines: [String] { screen.lines }
}
