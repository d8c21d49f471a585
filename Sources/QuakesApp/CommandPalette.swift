import QuakeViews
import TerminalUI

/// `Ctrl-P`: every command the browser's keys run, found by typing a few
/// letters of what it does (the letters in order, anywhere: `zmi` finds
/// "map: zoom in"), with its key; Enter runs it. Titles and keys come from
/// the keymap, so nothing here can go out of date.
public struct CommandPalette: Equatable, Sendable {
    /// One command as the palette lists it.
    public struct Entry: Equatable, Sendable {
        public let command: KeyCommand
        /// `map: zoom in`.
        public let title: String
        /// The keys that run it, as the `?` list writes them (`+ =`).
        public let keys: String
        /// The key it runs with, when the command needs a particular one
        /// (`sort by Mag`: `2`); nil: its first key.
        public var key: Key? = nil
    }

    public private(set) var query: TextField
    public private(set) var matches: [Entry]
    public var selected = 0

    init() {
        query = TextField()
        matches = Self.entries
    }

    /// Edits the query with `key`; returns whether it was an edit.
    mutating func edit(_ key: Key) -> Bool {
        guard query.handle(key) else { return false }
        matches = Self.matching(query.text)
        selected = 0
        return true
    }

    var chosen: Entry? { matches.indices.contains(selected) ? matches[selected] : nil }

    /// The commands the palette runs: every one with a key in the table or
    /// on the map, but the ones that only work elsewhere (the details', the
    /// palette itself); sorting by a column is one entry a numbered column
    /// (`sort by Mag`, `2`).
    static let entries: [Entry] = KeyCommand.allCases.flatMap { command -> [Entry] in
        if command == .sortByColumn { return sortEntries }
        guard let title = Keymap.titles[command], command != .palette else { return [] }
        let keys = Keymap.bindings.filter { $0.command == command && ($0.context == .table || $0.context == .map || $0.context == .anywhere) }
            .flatMap(\.keys).map(Self.name)
        return keys.isEmpty ? [] : [Entry(command: command, title: title, keys: keys.joined(separator: " "))]
    }

    /// `sort by Time` … `sort by Status`, and `sort by Dist` (with a home).
    private static let sortEntries: [Entry] = QuakeColumn.standard.compactMap { column in
        guard let number = column.numberKey else { return nil }
        let key = Character(String(number))
        return Entry(command: .sortByColumn, title: "sort by \(column.title)" + (column == .distance ? " (with a home)" : ""),
                     keys: String(key), key: .character(key))
    }

    /// A key as the `?` list writes it: `j`, `Ctrl-R`, `←`, `PgDn`, `⏎`.
    static func name(_ key: Key) -> String {
        switch key {
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .control(let c): "Ctrl-" + String(c).uppercased()
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "⏎"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .delete: "Del"
        case .tab: "Tab"
        }
    }

    /// The entries whose title or keys hold the query's letters in order,
    /// the tightest match first (then the keymap's order).
    static func matching(_ query: String) -> [Entry] {
        let letters = Array(query.lowercased().filter { !$0.isWhitespace })
        guard !letters.isEmpty else { return entries }
        let scored = entries.enumerated().compactMap { index, entry -> (span: Int, index: Int, entry: Entry)? in
            guard let span = span(of: letters, in: Array(entry.title.lowercased() + "  " + entry.keys.lowercased())) else { return nil }
            return (span, index, entry)
        }
        return scored.sorted { ($0.span, $0.index) < ($1.span, $1.index) }.map(\.entry)
    }

    /// The length of the shortest stretch of `text` holding `letters` in
    /// order; nil when it does not.
    static func span(of letters: [Character], in text: [Character]) -> Int? {
        var best: Int?
        for start in text.indices where text[start] == letters[0] {
            var next = 1, position = start
            while next < letters.count {
                position += 1
                guard position < text.count else { break }
                if text[position] == letters[next] { next += 1 }
            }
            if next == letters.count, best.map({ position - start + 1 < $0 }) ?? true { best = position - start + 1 }
        }
        return best
    }
}
