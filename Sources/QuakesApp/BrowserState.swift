import Foundation
import QuakeMap
import QuakeQuery
import QuakeStore
import TerminalUI

/// Everything the browse screen shows, and the one place it changes:
/// `handle(_:)`, which takes every kind of event (input, snapshots, a
/// refresh's progress and outcome, a delete's, fetch failures, the clock).
/// The results themselves live in the controller: sorting, filtering and
/// sectioning only ever write `configuration` (a Binding to the
/// controller's), and the screen follows the snapshots that come back.
/// Views read this state and change nothing.
public final class BrowserState {
    public let catalogName: String
    /// The catalog cannot be written: the top line says so, and `d` and `r`
    /// answer that instead of failing on the write.
    public let isReadOnly: Bool
    let configuration: Binding<FetchConfiguration>
    let actions: BrowserActions
    /// Where `DISTANCE()` measures from; with one, the table shows Dist.
    public let home: Home?

    public internal(set) var mode: Mode = .table
    public private(set) var snapshot: ResultsSnapshot?
    public internal(set) var selectedIndex = 0
    /// What the selection follows when results change: a quake, or an end
    /// of the table (after g / G, so the top of a new sort order is shown).
    var anchor: Anchor = .top {
        didSet {
            if case .quake(let id) = anchor { actions.track(id) } else { actions.track(nil) }
        }
    }

    /// First visible line of the table body (section headers count as lines).
    private(set) var topLine = 0
    public internal(set) var columnCursor: QuakeColumn = .time
    public internal(set) var filterText = ""
    /// The filter field changed in this batch of input and is not applied yet.
    private var filterEdited = false
    public internal(set) var userPredicate: QuakePredicate?
    /// A one-line note in the bottom line (an error, "deleted …").
    public internal(set) var message: String?
    /// When the catalog was last fetched from a feed (top line: `Updated 3 min ago`).
    public private(set) var lastUpdated: Date?
    /// The bottom line while a refresh runs: its progress.
    public private(set) var refreshStatus: String?
    /// The bottom line while a delete waits for another writer.
    public private(set) var deleteStatus: String?
    /// The bottom line while an export runs: its progress.
    public internal(set) var exportStatus: String?
    /// The catalog has indexes still to build (top line: `indexing…`).
    public private(set) var isIndexing = false
    /// The moment ages and change marks are shown as of.
    public private(set) var now: Date
    public internal(set) var ending: Ending?
    /// Where the parts of the screen are, for the terminal's size and the panes shown.
    private(set) var layout: BrowseLayout
    /// The panes, the focus, the map's view and dots, the region filter.
    public internal(set) var map = MapState() {
        didSet { if map.panes != oldValue.panes { relayout(width: layout.screen.width, height: layout.screen.height) } }
    }
    /// The charts pane (`c`): shown or not, its newest charts.
    public internal(set) var charts = ChartsState() {
        didSet { if charts.isShown != oldValue.isShown { relayout(width: layout.screen.width, height: layout.screen.height) } }
    }
    /// The alert banner (`--alert`): the newest quake that newly matched
    /// and how many more, shown until a key is pressed.
    public internal(set) var alertBanner: AlertBanner?
    /// Batches of alerts so far: the run loop rings the bell when it grows.
    public internal(set) var alertBatches = 0
    /// Times shown in UTC rather than the local zone (`t`).
    public internal(set) var showsUTC = false
    /// The map aggregate last asked of the controller (nil: none).
    var observedMapRequest: AggregateRequest?

    static let readOnlyMessage = "catalog is read-only"
    static let waitingMessage = "waiting for another writer…"

    public init(catalogName: String, isReadOnly: Bool = false, configuration: Binding<FetchConfiguration>,
                actions: BrowserActions, width: Int = 80, height: Int = 24, now: Date = Date(), lastUpdated: Date? = nil,
                home: Home? = nil, view: SavedView? = nil) {
        self.catalogName = catalogName
        self.home = home
        self.isReadOnly = isReadOnly
        self.configuration = configuration
        self.actions = actions
        self.now = now
        self.lastUpdated = lastUpdated
        layout = BrowseLayout(width: width, height: height)
        // A predicate the browser starts with (--where) is the user's own:
        // shown, editable with `:`, and kept when the filter changes.
        userPredicate = configuration.wrappedValue.predicate
        // A view to start from (the last one on this catalog, or --view).
        if let view { show(view, name: nil) }
    }

    public var shouldQuit: Bool { if case .quit? = ending { true } else { false } }

    /// Rows known so far: the count, or while counting the first window
    /// (never a catalog read: this runs on every key and frame).
    var rowCount: Int { snapshot?.knownRowCount ?? 0 }

    var selectedQuake: Quake? { snapshot?.quake(at: selectedIndex) }

    /// Where the selected quake is: the map's marker, and what it zooms around.
    var selectedEpicentre: GeoPoint? { selectedQuake.map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) } }

    /// The id of the selected quake.
    public var selectedQuakeID: String? { selectedQuake?.id }

    var tableLayout: TableLayout { TableLayout(sections: snapshot?.sections ?? [], rowCount: rowCount) }

    /// The sort of the rows on screen, and the sort asked for: they differ
    /// until the new results arrive, and the header shows which is pending.
    var shownSortKeys: [SortKey] { snapshot?.configuration.sortKeys ?? requestedSortKeys }
    var requestedSortKeys: [SortKey] { configuration.wrappedValue.sortKeys }

    // MARK: Events

    /// Handles a batch of events in order, then sets the filter once (a
    /// paste is one query, not one per character) and keeps the selection
    /// in view.
    public func handle(_ events: [BrowserEvent]) {
        for event in events { handleOne(event) }
        commitFilter()
        scrollToSelection()
        observeMap()
        askForCharts()
    }

    public func handle(_ event: BrowserEvent) { handle([event]) }

    /// Input from the terminal.
    public func handle(_ inputs: [Event]) { handle(inputs.map(BrowserEvent.input)) }

    public func handle(_ input: Event) { handle([BrowserEvent.input(input)]) }

    private func handleOne(_ event: BrowserEvent) {
        switch event {
        case .input(.key(let key)):
            // Any key puts the banner away, and does what it does.
            alertBanner = nil
            handle(key)
        case .input(.mouse(let mouse)): handle(mouse)
        case .input(.resize(let width, let height)): relayout(width: width, height: height)
        case .snapshot(let snapshot): apply(snapshot)
        case .fetchFailed(let error):
            if snapshot == nil { ending = .failed(error) } else { report(error) }
        case .refreshProgress(let line): refreshStatus = line
        case .refreshFinished(let feed, .success(let report)):
            refreshStatus = nil
            lastUpdated = now
            message = "refreshed \(feed): \(report.counts)"
        case .refreshFinished(_, .failure(let error)):
            refreshStatus = nil
            report(error)
        case .lastFetch(let date): lastUpdated = date
        case .deleteWaiting: deleteStatus = Self.waitingMessage
        case .deleteFinished(let title, .success(let count)):
            deleteStatus = nil
            // Nothing deleted: it went between the question and the answer.
            message = count == 0 ? "\(title) was already deleted (by another process)" : "deleted \(title)"
        case .deleteFinished(_, .failure(let error)):
            deleteStatus = nil
            report(error)
        case .exportProgress, .exportFinished: handleExport(event)
        case .indexing(let pending): isIndexing = pending
        case .tick(let date): now = date
        case .mapAggregate(let result): map.received(result)
        case .mapFit(let result): map.fit(result, in: layout.map)
        case .mapPicked(let found): pick(found)
        case .charts, .chartsFailed: handleCharts(event)
        case .notice(let line): message = line
        case .openFailed(let url, let reason): message = "error: cannot open \(url): \(reason)"
        case .alerts(let quakes): receiveAlerts(quakes)
        }
    }

    private func relayout(width: Int, height: Int) {
        layout = BrowseLayout(width: width, height: height, panes: map.panes, charts: charts.isShown)
    }

    /// Shows a new snapshot, keeping the selection on the same quake while
    /// it is still there, else on the nearest row. An older generation than
    /// the one shown is ignored.
    private func apply(_ snapshot: ResultsSnapshot) {
        if let shown = self.snapshot, snapshot.generation < shown.generation { return }
        let previousIndex = selectedIndex
        self.snapshot = snapshot
        let count = rowCount
        switch anchor {
        case .top:
            selectedIndex = 0
        case .bottom:
            selectedIndex = max(0, count - 1)
        case .quake(let id):
            if let index = snapshot.index(ofQuakeWithID: id) {
                selectedIndex = index
            } else if snapshot.isComplete {
                // Gone or filtered out: the nearest row takes its place.
                selectedIndex = max(0, min(previousIndex, count - 1))
                if let quake = snapshot.quake(at: selectedIndex) { anchor = .quake(quake.id) }
            } else {
                // Not among the first rows: its position comes with the count.
                selectedIndex = max(0, min(previousIndex, count - 1))
            }
        }
    }

    static let notReopenedMessage = "not reopened: nothing will be written to this catalog (q, then start again, opens it)"

    /// A failure in the bottom line; a catalog replaced under the browser
    /// asks whether to open the file its path names now.
    private func report(_ error: any Error) {
        message = "error: \(error)"
        if let error = error as? CatalogError, error.reason == .replacedWhileOpen { mode = .confirmReopen }
    }

    private func handle(_ key: Key) {
        if Keymap.command(for: key, in: .anywhere) == .quit { ending = .quit; return }
        switch mode {
        case .table: handleTable(key)
        case .saveView(let field): handleSaveView(field, key)
        case .views(let picker): handleViewList(picker, key)
        case .addSortKey:
            mode = .table
            if let column = columnKey(key) { sortBy(column, ascending: nil, adding: true) }
            else if key == .character("[") { sortBy(columnCursor, ascending: true, adding: true) }
            else if key == .character("]") { sortBy(columnCursor, ascending: false, adding: true) }
        case .filter(var field):
            // Out of `mode` first, so the field's characters are edited in
            // place rather than copied on every key.
            mode = .table
            switch key {
            case .enter: commitFilter(field)
            case .escape: filterEdited = false; setFilter("")
            default:
                if field.handle(key) { filterEdited = true }
                mode = .filter(field)
            }
        case .predicate(var field, let error):
            mode = .table
            switch key {
            case .escape: break
            case .enter: submitPredicate(field.text)
            default:
                let edited = field.handle(key)
                mode = .predicate(field, error: edited ? nil : error)
            }
        case .detail:
            switch Keymap.command(for: key, in: .detail) {
            case .closeDetail?: mode = .table
            case .moveDown?: move(by: 1)
            case .moveUp?: move(by: -1)
            default: break
            }
        case .help:
            mode = .table
        case .exportName, .confirmOverwrite: handleExport(key)
        case .confirmReopen:
            mode = .table
            if key == .character("y") || key == .character("Y") { ending = .reopen } else { message = Self.notReopenedMessage }
        case .confirmDelete(let quake):
            mode = .table
            if key == .character("y") || key == .character("Y") {
                message = nil
                actions.delete([quake.id], quake.title.isEmpty ? quake.id : quake.title)
            } else {
                message = "not deleted"
            }
        }
    }

    // MARK: Actions

    func move(by delta: Int) { select(selectedIndex + delta) }

    func select(_ index: Int) {
        guard rowCount > 0 else { return }
        selectedIndex = max(0, min(index, rowCount - 1))
        if let quake = snapshot?.quake(at: selectedIndex) { anchor = .quake(quake.id) }
    }

    /// Scrolls just enough to show the selected row (and the header of its
    /// section when it is the section's first row).
    private func scrollToSelection() {
        let table = tableLayout
        let height = layout.bodyHeight
        let line = table.line(ofRow: selectedIndex)
        let wanted = table.isFirstRowOfSection(selectedIndex) ? line - 1 : line
        if wanted < topLine { topLine = wanted }
        if line >= topLine + height { topLine = line - height + 1 }
        topLine = max(0, min(topLine, max(0, table.lineCount - height)))
    }

    /// The filter field's text takes effect, if it was edited since it last did.
    private func commitFilter(_ field: TextField? = nil) {
        guard filterEdited else { return }
        filterEdited = false
        var text: String?
        if let field { text = field.text } else if case .filter(let field) = mode { text = field.text }
        if let text, text != filterText { setFilter(text) }
    }

    private func setFilter(_ text: String) {
        filterText = text
        updatePredicate()
    }

    private func submitPredicate(_ text: String) {
        if text.trimmingCharacters(in: .whitespaces).isEmpty {
            userPredicate = nil
            mode = .table
            updatePredicate()
            return
        }
        do {
            userPredicate = try QuakePredicate(text, home: home)
            mode = .table
            updatePredicate()
        } catch let error as QuakePredicate.ParseError {
            // The previous predicate stays in force until a valid one is entered.
            mode = .predicate(TextField(text), error: error)
        } catch {
            message = "error: \(error)"
        }
    }

    /// The user's predicate, the filter and the map's region, all three.
    var selection: QuakePredicate? {
        SavedView.selection(predicate: userPredicate, filter: filterText, region: map.regionFilter)
    }

    func updatePredicate() { configuration.predicate.wrappedValue = selection }

}
