import Foundation
import QuakeMap
import QuakeQuery
import QuakeSeismology
import QuakeStore
import TerminalUI

/// Runs the model's effects: the only place the browser acts on the world.
/// Work that takes time goes to its service (the controller, the map's and
/// the charts' queries, the refresher, the exporter, a delete), whose
/// outcome comes back through the inbox; what is quick (a view file, a
/// file's existence, the clipboard, the bell) is done here and its outcome
/// returned at once, for the model before the frame is drawn.
struct EffectRunner {
    let catalog: QuakeCatalog
    let controller: ResultsController
    let inbox: EventInbox
    let mapQueries: MapQueries
    let chartQueries: ChartQueries
    let refresher: FeedRefresher?
    let indexer: IndexBuilder
    let exporter: ResultsExporter
    let views: ViewStore?
    let terminal: any Terminal
    /// What runs off the run loop's thread: waited for before the browser ends.
    let background = BackgroundWork()

    /// Runs `effects` in order; returns the events that came of them at once.
    func run(_ effects: [BrowserEffect]) -> [BrowserEvent] {
        effects.compactMap(run)
    }

    private func run(_ effect: BrowserEffect) -> BrowserEvent? {
        switch effect {
        case .fetch(let configuration): controller.fetch(configuration)
        case .track(let id): controller.trackedID = id
        case .locate(let id):
            let controller = controller
            inBackground { Self.locating(id, controller) }
        case .reportChanges(let since): controller.marksSince = since
        case .needRows(let range): controller.needRows(range)
        case .observeMap(let request): mapQueries.observe(request)
        case .fitMap: mapQueries.fit()
        case .pickNearest(let point, let radius, let region): mapQueries.pickNearest(point, radius: radius, within: region)
        case .computeCharts(let width, let decay, let magnitudeTime, let ask):
            chartQueries.request(width: width, decay: decay, magnitudeTime: magnitudeTime, ask: ask)
        case .refresh: refresher?.start()
        case .buildIndexes(let columns): indexer.check(using: columns)
        case .delete(let ids, let title):
            // While another writer holds the catalog, keys keep working and the bottom line says so.
            let catalog = catalog, inbox = inbox
            inBackground {
                .deleteFinished(title: title, Result { try catalog.delete(ids: ids, whileWaiting: { inbox.post(.deleteWaiting) }) })
            }
        case .export(let request):
            if !request.overwrite && SymbolicLink.anythingExists(at: request.path) { return .exportTargetExists(request) }
            exporter.start(request)
        case .open(let link): EventPageOpener.open(link, inbox: inbox)
        case .copy(let text): terminal.copyToClipboard(text)
        case .saveView, .listViews, .deleteView: return views?.outcome(of: effect)
        case .bell: terminal.bell()
        case .decluster(let predicate):
            let catalog = catalog, inbox = inbox
            let background = background
            inBackground {
                .declustered(Self.declustering(predicate, catalog: catalog) { done in
                    inbox.post(.declusterProgress(done))
                    return !background.isStopping
                })
            }
        case .loadOrigins(let event):
            let catalog = catalog
            inBackground { .origins(event: event, Result { try catalog.origins(ofEventHolding: event) }) }
        case .merge, .split:
            let catalog = catalog
            inBackground { .grouped(Self.regrouping(effect, catalog: catalog)) }
        case .findPlace(let text, let index, let forward):
            let controller = controller
            inBackground { Self.finding(text, from: index, forward: forward, controller) }
        case .countFrequency(let field):
            let controller = controller
            inBackground { .frequencyCounted(Self.frequency(field, controller)) }
        case .computeSection(let profile, let selection, let times):
            let catalog = catalog
            inBackground { Self.section(profile, selection, times: times, catalog) }
        }
        return nil
    }

    /// Work that waits for the catalog (another writer) or reads much of
    /// it, off the run loop's thread; its outcome comes back through the
    /// inbox, and the controller's observation shows what it changed.
    private func inBackground(_ work: @escaping @Sendable () -> BrowserEvent) {
        background.start(work, post: inbox.post)
    }

    /// The search `Ctrl-F`, `n` and `N` ask for, on the caller's thread.
    static func finding(_ text: String, from index: Int, forward: Bool, _ controller: ResultsController) -> BrowserEvent {
        .found(text: text, Result { try controller.placeMatch(text, from: index, forward: forward) })
    }

    /// Where `C`'s change is in the results, on the caller's thread.
    static func locating(_ id: String, _ controller: ResultsController) -> BrowserEvent {
        .located(id: id, Result { try controller.position(of: id) })
    }

    /// The section `x` asks for, on the caller's thread.
    static func section(_ profile: Profile, _ selection: QuakePredicate?, times: Bool, _ catalog: QuakeCatalog) -> BrowserEvent {
        .sectionComputed(profile, Result {
            try SectionQuery.contents(in: profile, selection: selection, catalog: catalog, limit: SectionState.readLimit, times: times)
        })
    }

    /// The frequency table `F` asks for, on the caller's thread.
    static func frequency(_ field: QuakeField, _ controller: ResultsController) -> Result<FrequencyTable, any Error> {
        Result { FrequencyTable(field: field, try controller.aggregate(FrequencyTable.request(field))) }
    }

    /// The merge or split `effect` asks for, on the caller's thread.
    static func regrouping(_ effect: BrowserEffect, catalog: QuakeCatalog) -> Result<RegroupedEvent, any Error> {
        Result {
            switch effect {
            case .merge(let a, let b):
                let event = try catalog.merge(a, b)
                return RegroupedEvent(notice: "merged \(a) and \(b): one event, \(event)", event: event)
            case .split(let origin):
                let rest = try catalog.split(origin)
                return RegroupedEvent(notice: "split \(origin) from event \(rest): now an event of its own", event: rest)
            default: preconditionFailure("not a merge or split: \(effect)")
            }
        }
    }

    /// The declustering `D` asks for, on the caller's thread.
    static func declustering(_ predicate: QuakePredicate?, catalog: QuakeCatalog,
                             progress: @escaping (Double) -> Bool) -> Result<SequenceSummary, any Error> {
        Result {
            let method = try catalog.sequenceRuns().first(where: \.isCurrent)?.method ?? "gk"
            let algorithm = DeclusterAlgorithm.named(method) ?? DeclusterAlgorithm.named("gk")!
            return try Declusterer.run(algorithm, on: catalog, predicate: predicate, text: predicate?.description ?? "",
                                       progress: progress)
        }
    }
}
