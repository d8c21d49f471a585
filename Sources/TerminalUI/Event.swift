/// What the user did: a key, the mouse, or a resize.
public enum Event: Sendable, Equatable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(width: Int, height: Int)
}

public enum Key: Sendable, Hashable {
    case character(Character)
    case control(Character)   // Ctrl-A … Ctrl-Z, as the letter
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace, delete, tab
}

public struct MouseEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case press, release, wheelUp, wheelDown }
    public var kind: Kind
    public var row: Int
    public var column: Int

    public init(_ kind: Kind, row: Int, column: Int) {
        self.kind = kind; self.row = row; self.column = column
    }
}
