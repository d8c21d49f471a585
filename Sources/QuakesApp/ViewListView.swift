import TerminalUI
import QuakeQuery
import QuakeViews

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
        return BrowseView.sortWords(keys, home: nil) { TableView.arrow($0, unicode: unicode) }
    }

    func render(in area: Rect, into screen: inout Screen) {
        let nameWidth = min(24, max(6, picker.views.map { DisplayWidth.of($0.name) }.max() ?? 0) + 2)
        let sorts = picker.views.map { sort($0.view) }
        let sortWidth = min(27, max(6, sorts.map { DisplayWidth.of($0) }.max() ?? 0) + 2)
        OverlayList.render(title: " Saved views", keys: " \(unicode ? "⏎" : "Enter") show  d delete  Esc back",
                           count: picker.views.count, selected: picker.selected, in: area, into: &screen) { index in
            let entry = picker.views[index]
            return " " + DisplayWidth.fit(entry.name, to: nameWidth) + DisplayWidth.fit(sorts[index], to: sortWidth)
                + Self.selection(entry.view)
        }
    }
}
