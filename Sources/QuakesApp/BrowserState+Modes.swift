import QuakeQuery
import QuakeStore
import TerminalUI

/// The kinds of value the browser's state is made of.
extension BrowserState {
    public enum Mode: Equatable {
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
    }

    /// Why the browser ends.
    public enum Ending {
        case quit
        /// The first fetch failed: there is nothing to show.
        case failed(any Error)
    }

    /// What the selection follows when results change.
    enum Anchor: Equatable {
        case quake(String)
        case top
        case bottom
    }
}
