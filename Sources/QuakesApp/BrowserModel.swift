import Foundation
import QuakeMap
import QuakeQuery
import QuakeStore
import QuakeViews
import TerminalUI

/// Everything the browse screen shows, as one value: the configuration
/// asked for (filter, predicate, region, sort, sections), the mode, the
/// focus and layout, the selection, the map's and the charts' states, the
/// bottom line, and the results page on screen. Only `reduce` changes it
/// (`BrowserReducer.swift`); what it asks of the world it returns as
/// effects, whose outcomes come back as events. Views draw from it and
/// change nothing.
public struct BrowserModel: Equatable, Sendable {
    public let catalogName: String
    /// The catalog cannot be written: the top line says so, and `d` and `r`
    /// answer that instead of failing on the write.
    public let isReadOnly: Bool
    /// Where `DISTANCE()` measures from; with one, the table shows Dist.
    public let home: Home?
    /// Whether `r` has a feed or sources to refresh from.
    let canRefresh: Bool
    /// Whether views can be saved (`w`, `'`): there is a state folder.
    let canSaveViews: Bool
    /// Whether a browser can be opened (`o`): an X or Wayland display.
    let hasDisplay: Bool

    /// The configuration asked for: sort keys and sections as set, the
    /// predicate made of the user's predicate, the filter and the region.
    public internal(set) var configuration: FetchConfiguration
    public internal(set) var mode: Mode = .table
    /// The results on screen: every frame is drawn from one page.
    public internal(set) var page: ResultsPage? {
        didSet {
            // Measured once a page, not once a frame: Place's width (`TableContent.columns`).
            widestPlace = TableContent.widestPlace(of: page)
            tableLayout = TableLayout(page: page, openSections: openSections)
        }
    }
    /// The display width of the widest place of the page's rows.
    private(set) var widestPlace: Int?
    /// The table's lines for the page and the folds: made when either
    /// changes (a tree's is a line count per section), not at every use.
    private(set) var tableLayout = TableLayout(page: nil)
    public internal(set) var selectedIndex = 0
    /// What the selection follows when results change: a quake, a row
    /// whose quake is not at hand yet, or an end of the table.
    var anchor: Anchor = .top

    /// First visible line of the table body (section headers count as lines).
    internal(set) var topLine = 0
    public internal(set) var columnCursor: QuakeColumn = .time
    public internal(set) var filterText = ""
    /// The filter field changed in this batch of input and is not applied yet.
    var filterEdited = false
    public internal(set) var userPredicate: QuakePredicate?
    /// A one-line note in the bottom line (an error, "deleted …").
    public internal(set) var message: String?
    /// When the catalog was last fetched from a feed (top line: `Updated 3 min ago`).
    public internal(set) var lastUpdated: Date?
    /// The bottom line while a refresh runs: its progress.
    public internal(set) var refreshStatus: String?
    /// The top line while the file opened is read: `reading catalog.csv 312,000 of ~760,000 (41 %)`.
    public internal(set) var readStatus: String?
    /// The read of the file opened failed or stopped: what is shown is not all it holds.
    public internal(set) var isIncomplete = false
    /// The bottom line while a delete waits for another writer.
    public internal(set) var deleteStatus: String?
    /// The bottom line while an export runs: its progress.
    public internal(set) var exportStatus: String?
    /// A declustering's progress (`D`), while it runs.
    public internal(set) var declusterStatus: String?
    /// The push source (`--push`), when one feeds the catalog: the top line says its state.
    public internal(set) var push: PushLine?
    /// The catalog has indexes still to build (top line: `indexing…`).
    public internal(set) var isIndexing = false
    /// The moment ages and change marks are shown as of.
    public internal(set) var now: Date
    /// What changed since the user last looked (a key, a click), and how
    /// changed rows are marked.
    public internal(set) var changeMarks: ChangeMarks
    /// The change `C` went to last: the next `C` goes to the one before it.
    var lastChangeJump: String?
    public internal(set) var ending: Ending?
    /// The terminal's size, as the last resize said.
    private(set) var screenWidth: Int
    private(set) var screenHeight: Int
    /// The panes, the focus, the map's view and dots, the region filter.
    public internal(set) var map = MapState()
    /// The charts pane (`c`): shown or not, its newest charts.
    public internal(set) var charts = ChartsState()
    /// The cross-section pane (`x`): its line and its quakes.
    public internal(set) var section = SectionState()
    /// The alert banner (`--alert`): the newest quake that newly matched
    /// and how many more, shown until a key is pressed.
    public internal(set) var alertBanner: AlertBanner?
    /// Times shown in UTC rather than the local zone (`t`).
    public internal(set) var showsUTC = false
    /// The origins of the event the details show, when it has several.
    public internal(set) var detailOrigins: [EventOrigin] = []
    /// The origin the details mark (`Tab`), which `x` splits off.
    public internal(set) var originCursor = 0
    /// The columns `-` hid; `+` shows them again.
    public internal(set) var hiddenColumns: Set<QuakeColumn> = []
    /// The columns as `<` `>` moved them; nil: the usual order.
    public internal(set) var columnOrder: [QuakeColumn]?
    /// As a tree (`T`), the sections opened; nil: not a tree.
    public internal(set) var openSections: Set<String>? {
        didSet { tableLayout = TableLayout(page: page, openSections: openSections) }
    }
    /// The stored fields beyond the standard columns that `+` added, in the order added.
    public internal(set) var addedColumns: [QuakeColumn] = []
    /// The place text `Ctrl-F` finds and `n` `N` find again.
    public internal(set) var searchText = ""
    /// A find is on its way (`Ctrl-F`, `n`, `N`); the `n`s and `N`s pressed
    /// meanwhile wait here, each made from where the one before lands.
    var findInFlight = false
    var queuedFinds: [Bool] = []
    /// The event `m` marked in the details, which `m` in another's merges with it.
    public internal(set) var mergeMark: String?
    /// A merge or split is being written (another writer may hold the catalog).
    public internal(set) var groupingStatus: String?
    /// Earlier and undone query states (`u`, Ctrl-R).
    internal(set) var history = QueryHistory()

    /// What was last asked of the world, so that each is asked once: the
    /// configuration fetched, the quake tracked, the rows, the map's aggregate.
    var asked = Asked()

    struct Asked: Equatable, Sendable {
        var configuration: FetchConfiguration?
        /// The query states of the configurations fetched lately, newest
        /// last: a page arriving says which of them it shows.
        var queries: [QueryOfConfiguration] = []
        var tracked: String??
        var rows: RowsAsk?
        var mapRequest: AggregateRequest??
        /// The event whose origins were read: its id, origins and update.
        var origins: String?
        /// From when the results report changes (`ChangeMarks.readSince`).
        var marksSince: Date?
    }

    struct QueryOfConfiguration: Equatable, Sendable {
        let configuration: FetchConfiguration
        let query: QueryState
    }

    /// The query of the page on screen (its filter, predicate, region, sort
    /// and sections): the top line and the table say these, not the ones
    /// asked for since, so that a frame tells one story.
    internal(set) var shownQuery: QueryState?

    /// What the page on screen shows, or before any page, what was asked.
    var shown: QueryState { shownQuery ?? queryState }

    /// Rows asked of one page's results.
    struct RowsAsk: Equatable, Sendable {
        let generation: Int
        let range: Range<Int>
    }

    /// Effects asked for while handling the current events; `reduce`
    /// hands them over and leaves this empty.
    var effects: [BrowserEffect] = []

    static let readOnlyMessage = "catalog is read-only"
    static let waitingMessage = "waiting for another writer…"

    public init(catalogName: String, isReadOnly: Bool = false, configuration: FetchConfiguration = FetchConfiguration(),
                width: Int = 80, height: Int = 24, now: Date = Date(), lastUpdated: Date? = nil, home: Home? = nil,
                canRefresh: Bool = false, canSaveViews: Bool = false, hasDisplay: Bool = false, view: SavedView? = nil) {
        self.catalogName = catalogName
        self.home = home
        self.isReadOnly = isReadOnly
        self.configuration = configuration
        self.canRefresh = canRefresh
        self.canSaveViews = canSaveViews
        self.hasDisplay = hasDisplay
        self.now = now
        changeMarks = ChangeMarks(lookedAt: now)
        self.lastUpdated = lastUpdated
        screenWidth = width
        screenHeight = height
        // A predicate the browser starts with (--where) is the user's own:
        // shown, editable with `:`, and kept when the filter changes.
        userPredicate = configuration.predicate
        // A view to start from (the last one on this catalog, or --view).
        if let view { show(view, name: nil) }
    }

    /// Where the parts of the screen are, for the terminal's size and the panes shown.
    var layout: BrowseLayout {
        BrowseLayout(width: screenWidth, height: screenHeight, panes: map.panes, charts: showsChartsPane)
    }

    /// The charts' place shows: the charts, or the section pane, which takes it while it shows.
    var showsChartsPane: Bool { charts.isShown || section.isShown }

    mutating func resize(width: Int, height: Int) {
        screenWidth = width
        screenHeight = height
    }

    public var shouldQuit: Bool { if case .quit? = ending { true } else { false } }

    /// Rows known so far: the count, or while counting the first window.
    var rowCount: Int { page?.knownRowCount ?? 0 }

    /// The selected quake, when its row is at hand.
    var selectedQuake: Quake? { page?.quake(at: selectedIndex) }

    /// Where the selected quake is: the map's marker, and what it zooms around.
    var selectedEpicentre: GeoPoint? { selectedQuake.map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) } }

    /// The id of the selected quake.
    public var selectedQuakeID: String? { selectedQuake?.id }

    /// The sort of the rows on screen, and the sort asked for: they differ
    /// until the new results arrive, and the header shows which is pending.
    var shownSortKeys: [SortKey] { page?.configuration.sortKeys ?? requestedSortKeys }
    var requestedSortKeys: [SortKey] { configuration.sortKeys }

    /// The user's predicate, the filter and the map's region, all three.
    var selection: QuakePredicate? {
        SavedView.selection(predicate: userPredicate, filter: filterText, region: map.regionFilter)
    }

    /// The configuration asks for the selection as it is now.
    mutating func updatePredicate() { configuration.predicate = selection }

    /// What the table draws.
    var tableContent: TableContent {
        let shown = self.shown
        var content = TableContent(page: page, home: home, shownSortKeys: shownSortKeys, requestedSortKeys: requestedSortKeys,
                                   columnCursor: columnCursor, topLine: topLine, selectedIndex: selectedIndex,
                                   filterText: shown.filterText,
                                   isUnfiltered: shown.filterText.isEmpty && shown.userPredicate == nil && shown.regionFilter == nil)
        content.hiddenColumns = hiddenColumns
        content.addedColumns = addedColumns
        content.tableLayout = tableLayout
        content.widestPlace = widestPlace
        content.columnOrder = columnOrder
        content.changeMarks = changeMarks
        return content
    }

    /// The rows of the table's body on screen.
    var visibleRows: Range<Int> {
        let table = tableLayout
        let lines = topLine..<min(table.lineCount, topLine + layout.bodyHeight)
        let rows = lines.compactMap { line -> Int? in
            if case .row(let index) = table.item(atLine: line) { return index } else { return nil }
        }
        guard let first = rows.first, let last = rows.last else { return 0..<0 }
        return first..<last + 1
    }
}
