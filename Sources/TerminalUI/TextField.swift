/// A one-line text field: its text, the cursor, and the editing keys
/// (Backspace, Delete, Ctrl-U, Ctrl-A/E, ← →, Home, End).
public struct TextField: Sendable, Equatable {
    public private(set) var text: String
    /// Cursor position in characters.
    public private(set) var cursor: Int

    public init(_ text: String = "") {
        self.text = text
        cursor = text.count
    }

    /// Applies an editing key; returns whether the key was an edit.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        var characters = Array(text)
        switch key {
        case .character(let c):
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
        case .left: cursor = max(0, cursor - 1); return true
        case .right: cursor = min(characters.count, cursor + 1); return true
        case .home, .control("a"): cursor = 0; return true
        case .end, .control("e"): cursor = characters.count; return true
        default: return false
        }
        text = String(characters)
        return true
    }

    /// Draws `prompt` and the text on `row`, scrolled so the cursor shows,
    /// and places the screen's cursor.
    public func render(into screen: inout Screen, row: Int, prompt: String, style: Style = .plain) {
        screen.fill(row: row, style: style)
        let promptWidth = screen.put(prompt, row: row, column: 0, style: style)
        let room = max(1, screen.width - promptWidth - 1)
        let characters = Array(text)
        // Scroll left when the text before the cursor is wider than the room.
        var start = 0
        while DisplayWidth.of(String(characters[start..<cursor])) > room - 1 { start += 1 }
        let shown = String(characters[start...])
        screen.put(shown, row: row, column: promptWidth, style: style, maxWidth: room)
        let cursorColumn = promptWidth + DisplayWidth.of(String(characters[start..<cursor]))
        screen.cursor = Screen.Position(row: row, column: min(cursorColumn, screen.width - 1))
    }
}
