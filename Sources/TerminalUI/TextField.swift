/// A one-line text field: its text, the cursor, and the editing keys
/// (Backspace, Delete, Ctrl-U, Ctrl-K, Ctrl-A/E, ← →, Home, End).
///
/// A key costs what it changes, and drawing what shows: the text is kept as
/// characters with a cursor index, and the visible window is worked out
/// from the cursor, so a pasted 100 KB does not make each key slower.
/// At most `maximumLength` characters are kept; typing past that is
/// refused and `refusedInput` says so. A field may open with its whole text
/// selected (shown reversed): a character then replaces it, Backspace or
/// Delete clears it, a movement key keeps it and lets it go.
public struct TextField: Sendable, Equatable {
    /// How many characters a field holds unless told otherwise: far more
    /// than a place filter or predicate needs, few enough that matching and
    /// parsing it on every key stays instant.
    public static let defaultMaximumLength = 4096

    private var characters: [Character]
    /// Cursor position in characters.
    public private(set) var cursor: Int
    public let maximumLength: Int
    /// Whether a character was refused because the field was full.
    public private(set) var refusedInput = false
    /// Whether the whole text is selected (what typing replaces).
    public private(set) var isSelected = false

    public var text: String { String(characters) }
    public var count: Int { characters.count }

    public init(_ text: String = "", selected: Bool = false, maximumLength: Int = TextField.defaultMaximumLength) {
        characters = Array(text)
        cursor = characters.count
        self.maximumLength = maximumLength
        isSelected = selected && !characters.isEmpty
    }

    /// Applies an editing key; returns whether the key was an edit.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        if isSelected {
            isSelected = false
            switch key {
            case .backspace, .delete:
                characters = []
                cursor = 0
                return true
            case .character:   // replaces the text: typed into an empty field below
                characters = []
                cursor = 0
            default: break
            }
        }
        switch key {
        case .character(let c):
            guard characters.count < maximumLength else { refusedInput = true; return true }
            characters.insert(c, at: cursor); cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1); cursor -= 1
        case .delete:
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .control("u"):
            characters.removeFirst(cursor); cursor = 0
        case .control("k"):
            characters.removeLast(characters.count - cursor)
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        default: return false
        }
        if characters.count < maximumLength { refusedInput = false }
        return true
    }

    /// Draws `prompt` and the text on `row`, scrolled so the cursor shows,
    /// and places the screen's cursor. Looks only at the characters that fit.
    public func render(into screen: inout Screen, row: Int, prompt: String, style: Style = .plain) {
        screen.fill(row: row, style: style)
        let promptWidth = screen.put(prompt, row: row, column: 0, style: style)
        let room = max(1, screen.width - promptWidth - 1)
        // Back from the cursor while the text before it fits, leaving a
        // column for the cursor itself.
        var start = cursor
        var beforeCursor = 0
        while start > 0 {
            let w = DisplayWidth.of(characters[start - 1])
            if beforeCursor + w > room - 1 { break }
            beforeCursor += w
            start -= 1
        }
        // Forward from there to the first character that no longer fits.
        var end = start
        var shownWidth = 0
        while end < characters.count, shownWidth <= room {
            shownWidth += DisplayWidth.of(characters[end])
            end += 1
        }
        var textStyle = style
        textStyle.reverse = isSelected != style.reverse
        screen.put(String(characters[start..<end]), row: row, column: promptWidth, style: textStyle, maxWidth: room)
        let cursorColumn = promptWidth + beforeCursor
        screen.cursor = Screen.Position(row: row, column: min(cursorColumn, screen.width - 1))
    }
}
