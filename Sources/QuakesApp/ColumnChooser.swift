import QuakeViews

/// `+`: the columns the table does not show (the hidden ones and every
/// other stored field), one to add, and the entry chosen. First, when any
/// standard column is hidden, "every hidden column" (VisiData's `gv`).
public struct ColumnChooser: Equatable, Sendable {
    public enum Entry: Equatable, Sendable {
        case everyHidden
        case column(QuakeColumn)
    }

    public let entries: [Entry]
    public var selected = 0

    /// `notShown`: the columns the table leaves out, in screen order.
    init(notShown: [QuakeColumn], anyHidden: Bool) {
        entries = (anyHidden ? [.everyHidden] : []) + notShown.map(Entry.column)
    }

    var chosen: Entry? { entries.indices.contains(selected) ? entries[selected] : nil }

    /// What an entry's row says: the column, and what it holds.
    static func line(_ entry: Entry) -> String {
        switch entry {
        case .everyHidden: "every hidden column"
        case .column(let column) where column.isAdded: column.title
        case .column(let column): "\(column.numberKey.map(String.init) ?? "") \(column.title)"
        }
    }
}
