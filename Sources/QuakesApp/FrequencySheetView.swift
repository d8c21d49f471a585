import QuakeQuery
import QuakeStore
import TerminalUI

/// The frequency sheet (`F`) over the table: the field and how many values
/// it has in the results, then a line a value (the value, its count, its
/// share and a bar as long as its share of the largest), the chosen one
/// highlighted, the keys on the last row.
struct FrequencySheetView {
    let sheet: BrowserModel.FrequencySheet
    /// `⏎` and block bars on a UTF-8 terminal, `Enter` and `#` elsewhere.
    var unicode = true

    func render(in area: Rect, into screen: inout Screen) {
        for row in area.y..<area.maxY { screen.fill(row: row, from: area.x, to: area.maxX) }
        let table = sheet.table, entries = table.entries
        let values = entries.count == 1 ? "1 value" : "\(DigitGrouping.grouped(entries.count)) values"
        screen.put(" \(table.field.name): \(values) of \(DigitGrouping.grouped(table.total)) quakes", row: area.y,
                   column: area.x, style: Style(bold: true), maxWidth: area.width)
        let labelWidth = min(30, max(DisplayWidth.of(table.field.name), entries.map { DisplayWidth.of($0.label) }.max() ?? 0))
        let counts = entries.map { DigitGrouping.grouped($0.count) }
        let countWidth = max(6, counts.map(\.count).max() ?? 0)
        let largest = entries.map(\.count).max() ?? 0
        let listTop = area.y + 2, listHeight = max(1, area.height - 4)
        // The chosen value stays in the visible part of a long list.
        let first = max(0, min(sheet.selected - listHeight + 1, entries.count - listHeight))
        for (offset, entry) in entries.dropFirst(first).prefix(listHeight).enumerated() {
            let index = first + offset
            let style = index == sheet.selected ? Style(reverse: true) : .plain
            let count = counts[index]
            var line = " " + DisplayWidth.fit(entry.label, to: labelWidth) + "  "
                + String(repeating: " ", count: countWidth - count.count) + count + "  "
                + DisplayWidth.fit(String(format: "%5.1f %%", table.percent(entry)), to: 7, alignRight: true) + "  "
            let room = max(0, area.width - DisplayWidth.of(line) - 1)
            let bar = largest == 0 ? 0 : Int((Double(room) * Double(entry.count) / Double(largest)).rounded(.up))
            line += String(repeating: unicode ? "█" : "#", count: min(room, bar))
            screen.fill(row: listTop + offset, from: area.x, to: area.maxX, style: style)
            screen.put(line, row: listTop + offset, column: area.x, style: style, maxWidth: area.width)
        }
        screen.put(" \(unicode ? "⏎" : "Enter") filter to it  j k move  Esc back", row: area.maxY - 1, column: area.x,
                   style: Style(dim: true), maxWidth: area.width)
    }
}
