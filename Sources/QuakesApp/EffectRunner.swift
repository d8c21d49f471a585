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
    let exporter: ResultsExporter
    let views: ViewStore?
    let terminal: any Terminal

    /// Runs `effects` in order; returns the events that came of them at once.
    func run(_ effects: [BrowserEffect]) -> [BrowserEvent] {
        effects.compactMap(run)
    }

    private func run(_ effect: BrowserEffect) -> BrowserEvent? {
        switch effect {
        case .fetch(let configuration): controller.fetch(configuration)
        case .track(let id): controller.trackedID = id
        case .needRows(let range): controller.needRows(range)
        case .observeMap(let request): mapQueries.observe(request)
        case .fitMap: mapQueries.fit()
        case .pickNearest(let point, let radius, let region): mapQueries.pickNearest(point, radius: radius, within: region)
        case .computeCharts(let width, let decay): chartQueries.request(width: width, decay: decay)
        case .refresh: refresher?.start()
        case .delete(let ids, let title): Self.deleteInBackground(ids, title: title, from: catalog, inbox: inbox)
        case .export(let request):
            if !request.overwrite && SymbolicLink.anythingExists(at: request.path) { return .exportTargetExists(request) }
            exporter.start(request)
        case .open(let link): EventPageOpener.open(link, inbox: inbox)
        case .copy(let text): terminal.copyToClipboard(text)
        case .saveView, .listViews, .deleteView: return views?.outcome(of: effect)
        case .bell: terminal.bell()
        case .decluster(let predicate): Self.declusterInBackground(predicate, catalog: catalog, inbox: inbox)
        case .loadOrigins(let event): return .origins(event: event, Result { try catalog.origins(ofEventHolding: event) })
        case .merge, .split: Self.regroupInBackground(effect, catalog: catalog, inbox: inbox)
        case .findPlace(let text, let index, let forward):
            let controller = controller, inbox = inbox
            DispatchQueue.global(qos: .userInitiated).async {
                inbox.post(.found(text: text, Result { try controller.placeMatch(text, from: index, forward: forward) }))
            }
        case .countFrequency(let field):
            let controller = controller, inbox = inbox
            DispatchQueue.global(qos: .userInitiated).async {
                inbox.post(.frequencyCounted(EffectRunner.frequency(field, controller)))
            }
        }
        return nil
    }

    /// A merge or split, off the run loop's thread as a delete is (another
    /// writer may hold the catalog); the controller's observation shows it.
    private static func regroupInBackground(_ effect: BrowserEffect, catalog: QuakeCatalog, inbox: EventInbox) {
        DispatchQueue.global(qos: .userInitiated).async { inbox.post(.grouped(regrouping(effect, catalog: catalog))) }
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

    /// Declusters off the run loop's thread with the method last run on the
    /// catalog (Gardner–Knopoff with its own window before any); the
    /// controller's observation of the catalog shows the verdicts.
    private static func declusterInBackground(_ predicate: QuakePredicate?, catalog: QuakeCatalog, inbox: EventInbox) {
        DispatchQueue.global(qos: .userInitiated).async {
            inbox.post(.declustered(declustering(predicate, catalog: catalog) { inbox.post(.declusterProgress($0)) }))
        }
    }

    /// The declustering `D` asks for, on the caller's thread.
    static func declustering(_ predicate: QuakePredicate?, catalog: QuakeCatalog,
                             progress: @escaping (Double) -> Void) -> Result<SequenceSummary, any Error> {
        Result {
            let method = try catalog.sequenceRuns().first(where: \.isCurrent)?.method ?? "gk"
            let algorithm = DeclusterAlgorithm.named(method) ?? DeclusterAlgorithm.named("gk")!
            return try Declusterer.run(algorithm, on: catalog, predicate: predicate, text: predicate?.description ?? "") { done in
                progress(done)
                return true
            }
        }
    }

    /// Deletes off the run loop's thread: while another writer holds the
    /// catalog, keys keep working and the bottom line says so.
    /// The controller's observation of the catalog shows the result.
    private static func deleteInBackground(_ ids: [String], title: String, from catalog: QuakeCatalog,
                                           inbox: EventInbox) {
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { try catalog.delete(ids: ids, whileWaiting: { inbox.post(.deleteWaiting) }) }
            inbox.post(.deleteFinished(title: title, result))
        }
    }
}
