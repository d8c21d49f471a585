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
        let table = sheet.table, entries = table.entries
        let values = entries.count == 1 ? "1 value" : "\(DigitGrouping.grouped(entries.count)) values"
        let labelWidth = min(30, max(DisplayWidth.of(table.field.name), entries.map { DisplayWidth.of($0.label) }.max() ?? 0))
        let countWidth = max(6, DigitGrouping.grouped(entries.map(\.count).max() ?? 0).count)
        let largest = entries.map(\.count).max() ?? 0
        OverlayList.render(title: " \(table.field.name): \(values) of \(DigitGrouping.grouped(table.total)) quakes",
                           keys: " \(unicode ? "⏎" : "Enter") filter to it  j k move  Esc back",
                           count: entries.count, selected: sheet.selected, in: area, into: &screen) { index in
            let entry = entries[index]
            let line = " " + DisplayWidth.fit(entry.label, to: labelWidth) + "  "
                + DisplayWidth.fit(DigitGrouping.grouped(entry.count), to: countWidth, alignRight: true) + "  "
                + DisplayWidth.fit(String(format: "%5.1f %%", table.percent(entry)), to: 7, alignRight: true) + "  "
            let room = max(0, area.width - DisplayWidth.of(line) - 1)
            let bar = largest == 0 ? 0 : Int((Double(room) * Double(entry.count) / Double(largest)).rounded(.up))
            return line + String(repeating: unicode ? "█" : "#", count: min(room, bar))
        }
    }
}
