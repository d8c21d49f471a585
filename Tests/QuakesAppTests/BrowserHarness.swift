import Foundation
import QuakeCharts
import QuakeMap
import QuakeQuery
import QuakeStore
@testable import QuakesApp
import TerminalUI
import TestSupport

/// A browser over a real catalog, driven key by key and rendered into an
/// in-memory Screen: no terminal, no threads. The model's effects are run
/// here, at once and in order, as the run loop's `EffectRunner` would run
/// them: after each key the configuration asked for is read (a page, in
/// one transaction, with the rows on screen), then what the map asked for
/// (its dots, a fit, the quake nearest a click) and the charts pane's
/// charts are answered the same way.
final class BrowserHarness {
    let folder = TemporaryFolder()
    let catalog: QuakeCatalog
    let controller: ResultsController
    private(set) var model: BrowserModel
    /// The model, as the tests read it.
    var state: BrowserModel { model }
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

    /// Effects the model asked for and `refresh()` has not run yet.
    private var pending: [BrowserEffect] = []
    /// Every effect the model asked for, in order.
    private(set) var effects: [BrowserEffect] = []
    /// The rows the model asked for last (`.needRows`): the next page has them.
    private var wantedRows: Range<Int>?
    /// A fetch or rows were asked for since the last page was read.
    private var pageAsked = false
    /// The map's aggregate asked for, answered in `refresh()`.
    private(set) var observedMap: AggregateRequest?
    private let onRefresh: (() -> Void)?
    private let views: ViewStore?
    let charts: (ResultsController, Int) throws -> QuakeCharts
    /// The bell rang this many times (alerts).
    private(set) var bells = 0
    /// Whether the charts are followed by their magnitude mix, as
    /// `ChartQueries` posts it once the charts are shown; off, the pane
    /// stays as it is first drawn (what most screens here check).
    var answersMix = false

    /// What `o` and `y` asked for: addresses opened, texts copied.
    final class Asks {
        var opened: [String] = []
        var copied: [String] = []
    }
    let asks = Asks()

    /// `sharing`: another browser on the same catalog file, through a
    /// handle of its own, as a second process would open it; by default a
    /// new catalog of the week fixture, the extras and `feeds` (stored
    /// before the browser opens: not changes it marks).
    init(width: Int = 100, height: Int = 12, timeZone: String = "UTC", unicode: Bool = true, feeds: [String] = [],
         land: LandOutline = .none, refresh onRefresh: (() -> Void)? = nil, home: Home? = nil,
         views: ViewStore? = nil, hasDisplay: Bool = false, view startView: SavedView? = nil,
         sharing other: BrowserHarness? = nil,
         charts: @escaping (ResultsController, Int) throws -> QuakeCharts = { try ChartAggregates.charts($0, width: $1) }) throws {
        self.charts = charts
        self.onRefresh = onRefresh
        self.views = views
        if let other {
            catalog = try QuakeCatalog(path: other.catalog.path)
        } else {
            catalog = try importedCatalog(folder, feeds: [Fixture.week])
            for feed in Self.extras + feeds { _ = try QuakeImporter(catalog: catalog).importData(Data(feed.utf8), name: "extra") }
        }
        model = BrowserModel(catalogName: "quakes.sqlite", width: width, height: height, now: Self.now, home: home,
                             canRefresh: onRefresh != nil, canSaveViews: views != nil, hasDisplay: hasDisplay,
                             view: startView)
        controller = try ResultsController(catalog, configuration: model.configuration, changesSince: Date())
        view = BrowseView(zone: .named(TimeZone(identifier: timeZone)!), unicode: unicode, land: land)
        screen = Screen(width: width, height: height)
        handle([])
        try refresh()
    }

    /// Events into the model; their effects wait for `refresh()`.
    func handle(_ events: [BrowserEvent]) {
        let asked = reduce(&model, events)
        pending += asked
        effects += asked
    }

    /// Runs the effects asked for, reads the newest page (the catalog may
    /// have changed), answers the map's aggregate, draws.
    func refresh() throws {
        try runPending()
        try readPage()
        // Rows asked for by that page (the selection past it): one page more.
        try runPending()
        if pageAsked { try readPage() }
        if let request = observedMap { handle([.mapAggregate(try controller.aggregate(request))]) }
        try runPending()
        view.render(model, into: &screen)
    }

    /// The frame drawn from the newest fetch's first-phase page (its rows,
    /// the count pending), before its counted page came; nil when no fetch
    /// was asked for since the last page.
    private(set) var firstPhaseScreen: Screen?

    /// Both phases, as the controller delivers them for a new
    /// configuration: the first window with its count pending (drawn into
    /// `firstPhaseScreen`), then the counted page. A page asked for by
    /// rows or a commit alone comes counted only.
    private func readPage() throws {
        let fetched = pageAsked && wantedRows == nil
        pageAsked = false
        firstPhaseScreen = nil
        if fetched {
            handle([.page(try controller.firstPageNow())])
            var first = Screen(width: screen.width, height: screen.height)
            view.render(model, into: &first)
            firstPhaseScreen = first
        }
        handle([.page(try controller.pageNow(rows: wantedRows))])
        try runPending()
    }

    private func runPending() throws {
        while !pending.isEmpty {
            let effects = pending
            pending = []
            for effect in effects { try run(effect) }
        }
    }

    private func run(_ effect: BrowserEffect) throws {
        switch effect {
        case .fetch(let configuration):
            controller.fetch(configuration)
            wantedRows = nil
            pageAsked = true
        case .track(let id): controller.trackedID = id
        case .locate(let id): handle([EffectRunner.locating(id, controller)])
        case .reportChanges(let since): controller.marksSince = since
        case .needRows(let range):
            wantedRows = range
            if let page = controller.rowsNow(range) { handle([.page(page)]) }
        case .observeMap(let request): observedMap = request
        case .fitMap: handle([.mapFit(try controller.aggregate(MapFit.request))])
        case .pickNearest(let point, let radius, let region):
            handle([.mapPicked(try controller.nearestQuake(latitude: point.latitude, longitude: point.longitude,
                                                           restriction: region.predicate, radius: radius))])
        case .computeCharts(let width, let decay, let magnitudeTime, let ask):
            do {
                let computed = try ChartQueries.charts(controller, width: width, decay: decay, magnitudeTime: magnitudeTime, charts)
                handle([.charts(computed, answering: ask)])
                if answersMix, let mix = try ChartQueries.mix(controller, abandonWhen: { false }) {
                    handle([.charts(computed.withMix(mix), answering: ask)])
                }
            } catch { handle([.chartsFailed(error)]) }
        case .refresh: onRefresh?()
        case .buildIndexes(let columns):   // on this thread, as the IndexBuilder builds them off it
            try catalog.buildPendingIndexes()
            try catalog.buildSortIndexes(forColumns: columns)
        case .delete(let ids, let title):
            handle([.deleteFinished(title: title, Result { try catalog.delete(ids: ids) })])
        case .export(let request):
            if !request.overwrite && SymbolicLink.anythingExists(at: request.path) {
                handle([.exportTargetExists(request)])
            } else {
                // The real writer, on this thread.
                handle([.exportFinished(file: request.file, Result { try ResultsExporter.export(request, from: catalog) })])
            }
        case .open(let link): asks.opened.append(link.url)
        case .copy(let text): asks.copied.append(text)
        case .saveView, .listViews, .deleteView:
            if let outcome = views?.outcome(of: effect) { handle([outcome]) }
        case .bell: bells += 1
        case .decluster(let predicate):
            handle([.declustered(EffectRunner.declustering(predicate, catalog: catalog) { _ in true })])
        case .loadOrigins(let event): handle([.origins(event: event, Result { try catalog.origins(ofEventHolding: event) })])
        case .merge, .split: handle([.grouped(EffectRunner.regrouping(effect, catalog: catalog))])
        case .countFrequency(let field): handle([.frequencyCounted(EffectRunner.frequency(field, controller))])
        case .computeSection(let profile, let selection, let times):
            handle([EffectRunner.section(profile, selection, times: times, catalog)])
        case .findPlace(let text, let index, let forward):
            handle([EffectRunner.finding(text, from: index, forward: forward, controller)])
        }
    }

    /// Each key, then the results it leads to.
    func press(_ keys: Key...) throws {
        for key in keys {
            handle([.input(.key(key))])
            try refresh()
        }
    }

    /// Runs the effects asked for (rows scrolled to, say) without reading
    /// the configuration's page anew, and draws.
    func runEffects() throws {
        try runPending()
        view.render(model, into: &screen)
    }

    /// Each key, drawn before its results arrive: the frame the run loop
    /// draws for the key itself, while the controller is still fetching.
    /// `refresh()` then delivers the results.
    func pressWithoutResults(_ keys: Key...) {
        for key in keys {
            handle([.input(.key(key))])
            view.render(model, into: &screen)
        }
    }

    func type(_ text: String) throws {
        for c in text { try press(.character(c)) }
    }

    func event(_ event: Event) throws {
        handle([.input(event)])
        try refresh()
    }

    /// Any event from outside: a refresh's progress, the clock, …
    func send(_ event: BrowserEvent) throws {
        handle([event])
        try refresh()
    }

    func resize(width: Int, height: Int) throws {
        screen = Screen(width: width, height: height)
        try event(.resize(width: width, height: height))
    }

    var lines: [String] { screen.lines }
}
