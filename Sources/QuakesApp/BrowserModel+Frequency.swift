import QuakeQuery
import QuakeViews
import TerminalUI

/// `F`: the frequency sheet of the cursor's column (VisiData's Shift-F):
/// counted in the background as an aggregate of the results, shown over
/// the table; Enter filters the results to the chosen value.
extension BrowserModel {
    mutating func countFrequency() {
        guard let field = columnCursor.field(home: home) else { return }
        if let reason = FrequencyTable.check(field) {
            message = "no frequency sheet: \(reason)"
            return
        }
        message = "counting \(field.name) values…"
        effects.append(.countFrequency(field))
    }

    mutating func showFrequency(_ result: Result<FrequencyTable, any Error>) {
        switch result {
        case .success(let table):
            message = nil
            // Only over the table: a key pressed meanwhile opened something else.
            if case .table = mode { mode = .frequency(FrequencySheet(table: table)) }
        case .failure(let error): report(error)
        }
    }

    mutating func handleFrequency(_ sheet: FrequencySheet, _ key: Key) {
        var sheet = sheet
        let command = Keymap.command(for: key, in: .list)
        if let moved = OverlayList.selection(after: command, from: sheet.selected, count: sheet.table.entries.count) {
            sheet.selected = moved
            mode = .frequency(sheet)
            return
        }
        switch command {
        case .listChoose?:
            mode = .table
            guard sheet.table.entries.indices.contains(sheet.selected) else { return }
            let chosen = sheet.table.entries[sheet.selected].predicate.description
            submitPredicate(userPredicate.map { "(\($0.description)) AND \(chosen)" } ?? chosen)
            return
        case .listClose?: mode = .table; return
        default: break
        }
        mode = .frequency(sheet)
    }
}
