import QuakeViews
import TerminalUI

/// The table's columns: the cursor, hiding (`-`), adding (`+`) and moving
/// (`<` `>`). A standard column shows unless hidden; any other stored field
/// only once added.
extension BrowserModel {
    /// The columns the table leaves out: the hidden ones and the fields not added.
    var columnsNotShown: Set<QuakeColumn> {
        hiddenColumns.union(QuakeColumn.allCases.filter { $0.isAdded && !addedColumns.contains($0) })
    }

    /// Through every column shown, in screen order (Dist sits after Depth);
    /// the table scrolls to show the cursor's.
    mutating func moveColumnCursor(by step: Int) {
        let notShown = columnsNotShown
        let shown = QuakeColumn.ordered(columnOrder, home: home).filter { $0 == columnCursor || !notShown.contains($0) }
        let index = shown.firstIndex(of: columnCursor).map { max(0, min(shown.count - 1, $0 + step)) } ?? 0
        columnCursor = shown[index]
    }

    /// `-`: the cursor's column out of the table (Time stays: it places
    /// every row), the cursor on the next one shown.
    mutating func hideColumn() {
        guard columnCursor != .time else {
            message = "the Time column stays"
            return
        }
        let hidden = columnCursor
        moveColumnCursor(by: 1)
        if columnCursor == hidden { moveColumnCursor(by: -1) }
        if hidden.isAdded { addedColumns.removeAll { $0 == hidden } } else { hiddenColumns.insert(hidden) }
        message = "hid \(hidden.title); + adds it again"
    }

    /// `+`: the chooser of the columns not shown; nothing to choose says so.
    mutating func chooseColumn() {
        let notShown = columnsNotShown
        let choices = QuakeColumn.ordered(columnOrder, home: home).filter(notShown.contains)
        guard !choices.isEmpty else {
            message = "every column shows"
            return
        }
        mode = .addColumn(ColumnChooser(notShown: choices, anyHidden: !hiddenColumns.isEmpty))
    }

    mutating func handleColumnChooser(_ chooser: ColumnChooser, _ key: Key) {
        var chooser = chooser
        let command = Keymap.command(for: key, in: .list)
        if let moved = OverlayList.selection(after: command, from: chooser.selected, count: chooser.entries.count) {
            chooser.selected = moved
            mode = .addColumn(chooser)
            return
        }
        switch command {
        case .listChoose?:
            mode = .table
            if let chosen = chooser.chosen { add(chosen) }
            return
        case .listClose?: mode = .table; return
        default: break
        }
        mode = .addColumn(chooser)
    }

    /// Shows the chosen column right of the cursor's (every hidden one
    /// where it was), the cursor on it.
    private mutating func add(_ entry: ColumnChooser.Entry) {
        guard case .column(let column) = entry else {
            hiddenColumns = []
            return
        }
        if column.isAdded { addedColumns.append(column) } else { hiddenColumns.remove(column) }
        var order = QuakeColumn.ordered(columnOrder, home: home).filter { $0 != column }
        let after = order.firstIndex(of: columnCursor).map { $0 + 1 } ?? order.count
        order.insert(column, at: after)
        columnOrder = order
        columnCursor = column
    }

    /// `<` `>`: the cursor's column one place along (past those not shown);
    /// Time stays first.
    mutating func moveColumn(by step: Int) {
        guard columnCursor != .time else {
            message = "the Time column stays first"
            return
        }
        let notShown = columnsNotShown
        var order = QuakeColumn.ordered(columnOrder, home: home)
        guard let from = order.firstIndex(of: columnCursor) else { return }
        var to = from + step
        while order.indices.contains(to), order[to] != .time, notShown.contains(order[to]) { to += step }
        guard order.indices.contains(to), order[to] != .time else { return }
        order.insert(order.remove(at: from), at: to)
        columnOrder = order
    }
}
