import TerminalUI

/// The columns `+` can add, over the table: one a line, the chosen one
/// highlighted, the keys on the last row.
struct ColumnChooserView {
    let chooser: ColumnChooser
    /// `⏎` on a UTF-8 terminal, `Enter` elsewhere.
    var unicode = true

    func render(in area: Rect, into screen: inout Screen) {
        let count = chooser.entries.count
        OverlayList.render(title: " Add a column: \(count == 1 ? "1 choice" : "\(count) choices")",
                           keys: " \(unicode ? "⏎" : "Enter") add it after the cursor's  j k move  Esc back",
                           count: count, selected: chooser.selected, in: area, into: &screen) { index in
            " " + ColumnChooser.line(chooser.entries[index])
        }
    }
}
