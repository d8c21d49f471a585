import TerminalUI

/// `Ctrl-P`'s keys: typing narrows the commands, `↑ ↓` choose, Enter runs
/// the chosen one as its key would, Esc closes.
extension BrowserModel {
    mutating func handlePalette(_ palette: CommandPalette, _ key: Key) {
        var palette = palette
        switch Keymap.command(for: key, in: .palette) {
        case .listClose?: mode = .table; return
        case .listNext?: palette.selected = min(max(0, palette.matches.count - 1), palette.selected + 1)
        case .listPrevious?: palette.selected = max(0, palette.selected - 1)
        case .listChoose?:
            mode = .table
            if let chosen = palette.chosen {
                if let key = chosen.key { perform(chosen.command, key: key) } else { run(chosen.command) }
            }
            return
        default: _ = palette.edit(key)
        }
        mode = .palette(palette)
    }

    /// Runs `command` as its key does: a map's command on the map (focused
    /// or not), any other as the table's key.
    private mutating func run(_ command: KeyCommand) {
        if Keymap.bindings.contains(where: { $0.command == command && $0.context == .map }) {
            if map.perform(command, around: selectedEpicentre, in: layout.map) == .fit { effects.append(.fitMap) }
            return
        }
        let key = Keymap.bindings.first { $0.command == command }?.keys.first ?? .escape
        perform(command, key: key)
    }
}
