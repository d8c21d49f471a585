import TerminalUI
import QuakeQuery

/// The saved views (`'`) over the table: name, what they select, their
/// sort; the chosen one highlighted, the keys on the last row.
struct ViewListView {
    let picker: BrowserModel.ViewPicker
    /// `⏎` on a UTF-8 terminal, `Enter` elsewhere.
    var unicode = true

    /// What a view selects, as the top line words it.
    static func selection(_ view: SavedView) -> String {
        var parts: [String] = []
        if !view.filter.isEmpty { parts.append("filter \"\(view.filter)\"") }
        if let predicate = view.predicate { parts.append("where \(predicate)") }
        if view.region != nil { parts.append("region") }
        return parts.isEmpty ? "all quakes" : parts.joined(separator: "  ")
    }

    /// The view's sort as the top line says it (`by mag ▼, time ▲`), or as
    /// saved when it names a home this catalog does not know.
    func sort(_ view: SavedView) -> String {
        guard let keys = try? SortKey.parseList(view.sort, home: nil) else { return "by " + view.sort }
        return BrowseView.sortWords(keys, home: nil) { unicode ? ($0 ? "▲" : "▼") : ($0 ? "^" : "v") }
    }

    func render(in area: Rect, into screen: inout Screen) {
        for row in area.y..<area.maxY { screen.fill(row: row, from: area.x, to: area.maxX) }
        screen.put(" Saved views", row: area.y, column: area.x, style: Style(bold: true), maxWidth: area.width)
        let nameWidth = min(24, max(6, picker.views.map { DisplayWidth.of($0.name) }.max() ?? 0) + 2)
        let sorts = picker.views.map { sort($0.view) }
        let sortWidth = min(27, max(6, sorts.map { DisplayWidth.of($0) }.max() ?? 0) + 2)
        let listTop = area.y + 2, listHeight = max(1, area.height - 4)
        // The chosen view stays in the visible part of a long list.
        let first = max(0, min(picker.selected - listHeight + 1, picker.views.count - listHeight))
        for (offset, entry) in picker.views.dropFirst(first).prefix(listHeight).enumerated() {
            let index = first + offset
            let style = index == picker.selected ? Style(reverse: true) : .plain
            let line = " " + DisplayWidth.fit(entry.name, to: nameWidth) + DisplayWidth.fit(sorts[index], to: sortWidth)
                + Self.selection(entry.view)
            screen.fill(row: listTop + offset, from: area.x, to: area.maxX, style: style)
            screen.put(line, row: listTop + offset, column: area.x, style: style, maxWidth: area.width)
        }
        screen.put(" \(unicode ? "⏎" : "Enter") show  d delete  Esc back", row: area.maxY - 1, column: area.x, style: Style(dim: true),
                   maxWidth: area.width)
    }
}
