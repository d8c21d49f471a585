import TerminalUI

/// The palette over the table: the query on the first row, then a line a
/// command (what it does, its keys at the right), the chosen one
/// highlighted, the keys on the last row.
struct CommandPaletteView {
    let palette: CommandPalette
    var unicode = true

    func render(in area: Rect, into screen: inout Screen) {
        let entries = palette.matches
        let keysWidth = min(24, entries.map { DisplayWidth.of($0.keys) }.max() ?? 0)
        let titleWidth = max(1, area.width - keysWidth - 4)
        OverlayList.render(title: "", keys: unicode ? " ↑ ↓ choose  ⏎ run  Esc close" : " Up Down choose  Enter run  Esc close",
                           count: entries.count, selected: palette.selected, in: area, into: &screen) { index in
            " " + DisplayWidth.fit(entries[index].title, to: titleWidth) + "  " + DisplayWidth.fit(entries[index].keys, to: keysWidth)
        }
        // The query where the title goes, its cursor the screen's.
        var prompt = Screen(width: area.width, height: 1)
        palette.query.render(into: &prompt, row: 0, prompt: " command: ")
        screen.put(prompt.lines[0], row: area.y, column: area.x, style: Style(bold: true), maxWidth: area.width)
        screen.cursor = prompt.cursor.map { Screen.Position(row: area.y, column: area.x + $0.column) }
        if entries.isEmpty {
            screen.put(" no command does that", row: area.y + 2, column: area.x, style: Style(dim: true), maxWidth: area.width)
        }
    }
}
