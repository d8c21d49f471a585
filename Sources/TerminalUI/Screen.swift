/// Colors a cell can have; `.default` is the terminal's own.
public enum Color: Sendable, Hashable {
    case `default`, green, yellow, orange, red, magenta, gray, cyan, blue
    /// A color of the 256-color palette (a map's ramps), drawn as
    /// `fallback`, one of the named colors, on a terminal of fewer colors.
    indirect case indexed(UInt8, fallback: Color)

    /// The color a terminal of fewer than 256 colors draws.
    public var basic: Color {
        if case .indexed(_, let fallback) = self { return fallback.basic }
        return self
    }
}

public struct Style: Sendable, Hashable {
    public var foreground: Color = .default
    /// The cell's own color behind its character (a density map's cells).
    public var background: Color = .default
    public var bold = false
    public var reverse = false
    public var underline = false
    public var dim = false

    public init(foreground: Color = .default, background: Color = .default, bold: Bool = false, reverse: Bool = false,
                underline: Bool = false, dim: Bool = false) {
        self.foreground = foreground; self.background = background; self.bold = bold; self.reverse = reverse
        self.underline = underline; self.dim = dim
    }

    public static let plain = Style()
}

/// One terminal cell: a character (or "" for the right half of a wide one).
public struct Cell: Sendable, Hashable {
    public var text: String
    public var style: Style

    public init(text: String, style: Style) { self.text = text; self.style = style }

    public static let blank = Cell(text: " ", style: .plain)
}

/// An in-memory terminal: a grid of cells that widgets draw into. The
/// ncurses driver copies it to the terminal; tests compare its whole rows
/// (`fullLines`) and styles (`styleMask`), as ratatui's tests compare buffers.
public struct Screen: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [[Cell]]
    /// Where the terminal cursor should be shown, if anywhere (text fields).
    public var cursor: Position?

    public struct Position: Sendable, Hashable {
        public var row: Int
        public var column: Int
        public init(row: Int, column: Int) { self.row = row; self.column = column }
    }

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: Array(repeating: .blank, count: self.width), count: self.height)
    }

    /// Writes `text` at (row, column), clipped to `maxWidth` columns (and the
    /// screen). A wide character that does not fit whole is not drawn.
    /// Control characters are drawn in their visible form (`TerminalText`),
    /// so no text reaches the terminal as a command.
    /// Returns the number of columns written.
    @discardableResult
    public mutating func put(_ text: String, row: Int, column: Int, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        guard row >= 0, row < height, column < width else { return 0 }
        let limit = min(width, column + (maxWidth ?? width))
        var x = column
        for character in TerminalText.visible(text) {
            let w = DisplayWidth.of(character)
            if w == 0 {
                // A combining mark joins the previous cell.
                if x > column, x - 1 < width, x - 1 >= 0 { cells[row][x - 1].text.append(character) }
                continue
            }
            if x + w > limit { break }
            if x >= 0 {
                clearWide(row: row, column: x)
                cells[row][x] = Cell(text: String(character), style: style)
                if w == 2 {
                    if x + 1 < width { clearWide(row: row, column: x + 1); cells[row][x + 1] = Cell(text: "", style: style) }
                }
            }
            x += w
        }
        return x - column
    }

    /// Overwriting half of a wide character blanks its other half.
    private mutating func clearWide(row: Int, column: Int) {
        if cells[row][column].text.isEmpty, column > 0 { cells[row][column - 1] = Cell(text: " ", style: cells[row][column - 1].style) }
        if column + 1 < width, cells[row][column + 1].text.isEmpty, !cells[row][column].text.isEmpty,
           DisplayWidth.of(cells[row][column].text) == 2 {
            cells[row][column + 1] = Cell(text: " ", style: cells[row][column + 1].style)
        }
    }

    /// Fills a row range with spaces in `style`.
    public mutating func fill(row: Int, from column: Int = 0, to end: Int? = nil, style: Style = .plain) {
        guard row >= 0, row < height else { return }
        for x in max(0, column)..<min(width, end ?? width) { cells[row][x] = Cell(text: " ", style: style) }
    }

    public mutating func clear() {
        for row in 0..<height { fill(row: row) }
        cursor = nil
    }

    /// A row's text as it would appear, trailing spaces kept.
    public func line(_ row: Int) -> String { cells[row].map(\.text).joined() }

    /// Every row, trailing spaces removed (`fullLines` keeps them).
    public var lines: [String] {
        (0..<height).map { row in
            var text = line(row)
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
    }

    /// The style of the cell at (row, column).
    public func style(row: Int, column: Int) -> Style { cells[row][column].style }
}
