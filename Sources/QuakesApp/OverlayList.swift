import TerminalUI

/// A list drawn over the table (the saved views, a frequency sheet, the
/// command palette): the area cleared, a bold title on its first row, the
/// entries from its third, the chosen one reversed and kept in the visible
/// part of a long list, and the keys dim on the last row. Only the entries
/// on screen are made into lines.
enum OverlayList {
    /// The entry chosen after a moving command (the `.list` context's
    /// next, previous, first and last); nil for any other.
    static func selection(after command: KeyCommand?, from selected: Int, count: Int) -> Int? {
        let last = max(0, count - 1)
        switch command {
        case .listNext?: return min(last, selected + 1)
        case .listPrevious?: return max(0, selected - 1)
        case .listFirst?: return 0
        case .listLast?: return last
        default: return nil
        }
    }

    /// `line(i)`: entry `i` as its row shows it.
    static func render(title: String, keys: String, count: Int, selected: Int, in area: Rect, into screen: inout Screen,
                       line: (Int) -> String) {
        for row in area.y..<area.maxY { screen.fill(row: row, from: area.x, to: area.maxX) }
        screen.put(title, row: area.y, column: area.x, style: Style(bold: true), maxWidth: area.width)
        let listTop = area.y + 2, listHeight = max(1, area.height - 4)
        let first = max(0, min(selected - listHeight + 1, count - listHeight))
        for index in first..<min(count, first + listHeight) {
            let style = index == selected ? Style(reverse: true) : .plain
            screen.fill(row: listTop + index - first, from: area.x, to: area.maxX, style: style)
            screen.put(line(index), row: listTop + index - first, column: area.x, style: style, maxWidth: area.width)
        }
        screen.put(keys, row: area.maxY - 1, column: area.x, style: Style(dim: true), maxWidth: area.width)
    }
}
