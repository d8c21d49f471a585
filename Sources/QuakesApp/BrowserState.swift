import Foundation
import QuakeQuery
import QuakeStore
import TerminalUI

/// Everything the browse screen shows and every key's effect on it. The
/// results themselves live in the controller: sorting, filtering and
/// sectioning only ever change `configuration` (a Binding to the
/// controller's), and the screen follows the snapshots that come back.
public final class BrowserState {
    public enum Mode: Equatable {
        case table
        case filter(TextField)
        case predicate(TextField, error: QuakePredicate.ParseError?)
        case detail
        case help
        case confirmDelete(Quake)
        /// `z` was pressed: the next column key adds a secondary sort key.
        case addSortKey
    }

    public let catalogName: String
    let configuration: Binding<FetchConfiguration>
    private let deleteQuakes: ([String]) throws -> Void

    public private(set) var mode: Mode = .table
    public private(set) var snapshot: ResultsSnapshot?
    public private(set) var selectedIndex = 0
    /// What the selection follows when results change: a quake, or an end
    /// of the table (after g / G, so the top of a new sort order is shown).
    private var anchor: Anchor = .top {
        didSet {
            if case .quake(let id) = anchor { track(id) } else { track(nil) }
        }
    }
    /// Tells the controller which quake to locate in its next results.
    private let track: (String?) -> Void

    enum Anchor: Equatable {
        case quake(String)
        case top
        case bottom
    }
    /// First visible line of the table body (section headers count as lines).
    var topLine = 0
    public private(set) var columnCursor: QuakeColumn = .time
    public private(set) var filterText = ""
    /// The filter field changed in this batch of input and is not applied yet.
    private var filterEdited = false
    public private(set) var userPredicate: QuakePredicate?
    /// A one-line note in the bottom line (an error, "deleted …").
    public var message: String?
    /// When the catalog was last fetched from a feed (top line: `Updated 3 min ago`).
    public var lastUpdated: Date?
    /// The bottom line while a refresh runs: its progress.
    public var refreshStatus: String?
    /// Starts a refresh of the feed (`r`); nil when the browser has no feed.
    private let refresh: (() -> Void)?
    /// The catalog cannot be written: the top line says so, and `d` and `r`
    /// answer that instead of failing on the write.
    public var isReadOnly = false
    public private(set) var shouldQuit = false
    /// Screen size, set by the renderer.
    var width = 80
    var height = 24

    static let readOnlyMessage = "catalog is read-only"

    public init(catalogName: String, configuration: Binding<FetchConfiguration>,
                delete: @escaping ([String]) throws -> Void, track: @escaping (String?) -> Void = { _ in },
                refresh: (() -> Void)? = nil) {
        self.track = track
        self.refresh = refresh
        self.catalogName = catalogName
        self.configuration = configuration
        self.deleteQuakes = delete
        // A predicate the browser starts with (--where) is the user's own:
        // shown, editable with `:`, and kept when the filter changes.
        userPredicate = configuration.wrappedValue.predicate
    }

    // MARK: Snapshots

    /// Shows a new snapshot, keeping the selection on the same quake while
    /// it is still there, else on the nearest row.
    public func apply(_ snapshot: ResultsSnapshot) {
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
        scrollToSelection()
    }

    /// Rows known so far: the count, or while counting the first window
    /// (never a catalog read: this runs on every key and frame).
    var rowCount: Int { snapshot?.knownRowCount ?? 0 }

    var selectedQuake: Quake? { snapshot?.quake(at: selectedIndex) }

    /// The id of the selected quake.
    public var selectedQuakeID: String? { selectedQuake?.id }

    var layout: TableLayout { TableLayout(sections: snapshot?.sections ?? [], rowCount: rowCount) }

    var bodyHeight: Int { max(1, height - 3) }

    // MARK: Events

    /// Handles one batch of input, everything the terminal had ready, then
    /// sets the filter once: a paste is one query, not one per character.
    public func handle(_ events: [Event]) {
        for event in events { handleOne(event) }
        commitFilter()
    }

    public func handle(_ event: Event) { handle([event]) }

    private func handleOne(_ event: Event) {
        switch event {
        case .key(let key): handle(key)
        case .mouse(let mouse): handle(mouse)
        case .resize(let width, let height):
            self.width = width
            self.height = height
            scrollToSelection()
        }
    }

    private func handle(_ key: Key) {
        if key == .control("c") { shouldQuit = true; return }
        switch mode {
        case .table: handleTable(key)
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
            switch key {
            case .escape, .enter, .character("q"): mode = .table
            case .down, .character("j"): move(by: 1)
            case .up, .character("k"): move(by: -1)
            default: break
            }
        case .help:
            mode = .table
        case .confirmDelete(let quake):
            mode = .table
            if key == .character("y") || key == .character("Y") {
                do {
                    try deleteQuakes([quake.id])
                    message = "deleted \(quake.title.isEmpty ? quake.id : quake.title)"
                } catch {
                    message = "error: \(error)"
                }
            } else {
                message = "not deleted"
            }
        }
    }

    private func handleTable(_ key: Key) {
        message = nil
        switch key {
        case .character("q"): shouldQuit = true
        case .down, .character("j"): move(by: 1)
        case .up, .character("k"): move(by: -1)
        case .pageDown, .control("f"), .character(" "): move(by: bodyHeight - 1)
        case .pageUp, .control("b"): move(by: -(bodyHeight - 1))
        case .home, .character("g"): select(0); anchor = .top
        case .end, .character("G"): select(rowCount - 1); anchor = .bottom
        case .left, .character("h"): columnCursor = QuakeColumn(rawValue: max(1, columnCursor.rawValue - 1)) ?? columnCursor
        case .right, .character("l"):
            let last = ColumnLayout(width: width).columns.last?.column.rawValue ?? 9
            columnCursor = QuakeColumn(rawValue: min(last, columnCursor.rawValue + 1)) ?? columnCursor
        case .character("["): sortBy(columnCursor, ascending: true, adding: false)
        case .character("]"): sortBy(columnCursor, ascending: false, adding: false)
        case .character("z"): mode = .addSortKey
        case .character("/"): mode = .filter(TextField(filterText))
        case .character(":"): mode = .predicate(TextField(userPredicate?.description ?? ""), error: nil)
        case .character("s"): cycleSections()
        case .enter: if selectedQuake != nil { mode = .detail }
        case .character("d"):
            if isReadOnly { message = Self.readOnlyMessage } else if let quake = selectedQuake { mode = .confirmDelete(quake) }
        case .character("?"): mode = .help
        case .character("r"):
            if isReadOnly {
                message = Self.readOnlyMessage
            } else if let refresh { refresh() } else { message = "no feed to refresh from" }
        case .escape: break
        default:
            if let column = columnKey(key) { sortBy(column, ascending: nil, adding: false) }
        }
    }

    private func handle(_ mouse: MouseEvent) {
        switch mouse.kind {
        case .wheelUp: move(by: -3)
        case .wheelDown: move(by: 3)
        case .release: break
        case .press:
            guard mode == .table else { return }
            if mouse.row == 1 {
                // The header: the seeds' click-to-sort, a second click reverses.
                if let column = ColumnLayout(width: width).column(atX: mouse.column) {
                    columnCursor = column
                    sortBy(column, ascending: nil, adding: false)
                }
            } else if mouse.row >= 2, mouse.row < 2 + bodyHeight,
                      case .row(let index) = layout.item(atLine: topLine + mouse.row - 2) {
                select(index)
            }
        }
    }

    private func columnKey(_ key: Key) -> QuakeColumn? {
        guard case .character(let c) = key, let digit = c.wholeNumberValue, c.isASCII else { return nil }
        return QuakeColumn(rawValue: digit)
    }

    // MARK: Actions

    private func move(by delta: Int) { select(selectedIndex + delta) }

    private func select(_ index: Int) {
        guard rowCount > 0 else { return }
        selectedIndex = max(0, min(index, rowCount - 1))
        if let quake = snapshot?.quake(at: selectedIndex) { anchor = .quake(quake.id) }
        scrollToSelection()
    }

    func scrollToSelection() {
        let layout = self.layout
        let line = layout.line(ofRow: selectedIndex)
        // Show the section header above a section's first row.
        let wanted = layout.isFirstRowOfSection(selectedIndex) ? line - 1 : line
        if wanted < topLine { topLine = wanted }
        if line >= topLine + bodyHeight { topLine = line - bodyHeight + 1 }
        topLine = max(0, min(topLine, max(0, layout.lineCount - bodyHeight)))
    }

    /// Sorts by `column`: the number key and header click toggle the
    /// direction when it is already the primary key; `adding` makes it a
    /// secondary key instead of replacing.
    func sortBy(_ column: QuakeColumn, ascending: Bool?, adding: Bool) {
        var keys = configuration.wrappedValue.sortKeys
        let existing = keys.firstIndex { $0.field == column.field }
        let direction: Bool
        if let ascending {
            direction = ascending
        } else if let existing, adding || existing == 0 {
            direction = !keys[existing].ascending
        } else {
            direction = column.defaultAscending
        }
        let key = SortKey(column.field, ascending: direction)
        if adding {
            if let existing { keys[existing] = key } else { keys.append(key) }
        } else {
            keys = [key]
        }
        configuration.sortDescriptors.wrappedValue = keys.compactMap {
            $0.field.sortDescriptor($0.ascending ? .forward : .reverse)
        }
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
            userPredicate = try QuakePredicate(text)
            mode = .table
            updatePredicate()
        } catch let error as QuakePredicate.ParseError {
            // The previous predicate stays in force until a valid one is entered.
            mode = .predicate(TextField(text), error: error)
        } catch {
            message = "error: \(error)"
        }
    }

    private func updatePredicate() {
        configuration.predicate.wrappedValue = QuakePredicate.and(userPredicate, QuakePredicate.placeContains(filterText))
    }

    private func cycleSections() {
        let next: SectionKey?
        switch configuration.wrappedValue.sectionIdentifier {
        case nil: next = .day
        case .day: next = .magnitudeBand
        case .magnitudeBand: next = .network
        case .network, .type: next = nil
        }
        configuration.sectionIdentifier.wrappedValue = next
    }
}
