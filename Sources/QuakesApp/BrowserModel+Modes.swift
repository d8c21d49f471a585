import QuakeQuery
import QuakeStore
import TerminalUI

/// The kinds of value the browser's model is made of.
extension BrowserModel {
    public enum Mode: Equatable, Sendable {
        case table
        case filter(TextField)
        case predicate(TextField, error: QuakePredicate.ParseError?)
        case detail
        case help
        case confirmDelete(Quake)
        /// `z` was pressed: the next column key adds a secondary sort key.
        case addSortKey
        /// `e`: the name of the file to export the results to.
        case exportName(TextField)
        /// The export's file exists: replace it? (y/n)
        case confirmOverwrite(ExportRequest)
        /// `w`: the name to save the current view under.
        case saveView(TextField)
        /// `'`: the saved views, one to switch to or delete.
        case views(ViewPicker)
        /// The catalog's file was replaced or removed: open what is there now? (y/n)
        case confirmReopen
        /// `F`: the values of a column, one to filter to.
        case frequency(FrequencySheet)
        /// `Ctrl-P`: every command, one to run.
        case palette(CommandPalette)
        /// `Ctrl-F`: the place to find in the results.
        case search(TextField)
        /// `+`: the columns not shown, one to add.
        case addColumn(ColumnChooser)
    }

    /// The frequency sheet `F` shows, and the entry chosen.
    public struct FrequencySheet: Equatable, Sendable {
        public let table: FrequencyTable
        public var selected = 0
    }

    /// The saved views listed by `'`, by name, and the one chosen.
    public struct ViewPicker: Equatable, Sendable {
        public let views: [(name: String, view: SavedView)]
        public var selected = 0

        init(_ views: [String: SavedView]) {
            self.views = views.sorted { $0.key.localizedStandardCompare($1.key) == .orderedAscending }
                .map { (name: $0.key, view: $0.value) }
        }

        var chosen: (name: String, view: SavedView)? { views.indices.contains(selected) ? views[selected] : nil }

        public static func == (a: ViewPicker, b: ViewPicker) -> Bool {
            a.selected == b.selected && a.views.map(\.name) == b.views.map(\.name) && a.views.map(\.view) == b.views.map(\.view)
        }
    }

    /// Why the browser ends.
    public enum Ending: Equatable, Sendable {
        case quit
        /// The first fetch failed: there is nothing to show.
        case failed(BrowserFailure)
        /// The catalog's path names another file now: the user asked to open it.
        case reopen
    }

    /// What the selection follows when results change.
    enum Anchor: Equatable, Sendable {
        case quake(String)
        /// A row whose quake is not at hand yet (scrolled past the page):
        /// the quake once its page arrives.
        case row(Int)
        case top
        case bottom
    }
}
