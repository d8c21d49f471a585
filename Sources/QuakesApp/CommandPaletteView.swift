import TerminalUI

/// The palette over the table: the query on the first row, then a line a
/// command (what it does, its keys at the right), the chosen one
/// highlighted, the keys on the last row.
struct CommandPaletteView {
    let palette: CommandPalette
    var unicode = true

    func render(in area: Rect, into screen: inout Screen) {
        for row in area.y..<area.maxY { screen.fill(row: row, from: area.x, to: area.maxX) }
        var prompt = Screen(width: area.width, height: 1)
        palette.query.render(into: &prompt, row: 0, prompt: " command: ")
        screen.put(prompt.lines[0], row: area.y, column: area.x, style: Style(bold: true), maxWidth: area.width)
        screen.cursor = prompt.cursor.map { Screen.Position(row: area.y, column: area.x + $0.column) }
        let entries = palette.matches
        if entries.isEmpty {
            screen.put(" no command does that", row: area.y + 2, column: area.x, style: Style(dim: true), maxWidth: area.width)
        }
        let keysWidth = min(24, entries.map { DisplayWidth.of($0.keys) }.max() ?? 0)
        let listTop = area.y + 2, listHeight = max(1, area.height - 4)
        let first = max(0, min(palette.selected - listHeight + 1, entries.count - listHeight))
        for (offset, entry) in entries.dropFirst(first).prefix(listHeight).enumerated() {
            let style = first + offset == palette.selected ? Style(reverse: true) : .plain
            let titleWidth = max(1, area.width - keysWidth - 4)
            let line = " " + DisplayWidth.fit(entry.title, to: titleWidth) + "  " + DisplayWidth.fit(entry.keys, to: keysWidth)
            screen.fill(row: listTop + offset, from: area.x, to: area.maxX, style: style)
            screen.put(line, row: listTop + offset, column: area.x, style: style, maxWidth: area.width)
        }
        let keys = unicode ? " ↑ ↓ choose  ⏎ run  Esc close" : " Up Down choose  Enter run  Esc close"
        screen.put(keys, row: area.maxY - 1, column: area.x, style: Style(dim: true), maxWidth: area.width)
    }
}
