/// A screen's styles as text, one character per cell, for tests to compare
/// whole screens: what ratatui's `Buffer` assertions do with its styles.
extension Screen {
    /// One string per row, one character per cell: the character `legend`
    /// gives the cell's style, `?` for a style the legend does not name (so
    /// a test has to name every style on screen). The right half of a wide
    /// character has its own cell and is shown by its own style (the style
    /// its left half was drawn in); a combining mark belongs to the cell of
    /// the character before it and adds no cell.
    public func styleMask(_ legend: [Style: Character]) -> [String] {
        cells.map { row in String(row.map { legend[$0.style] ?? Self.unnamedStyle }) }
    }

    /// Where `styleMask` shows a style its legend does not name.
    public static let unnamedStyle: Character = "?"

    /// Every row as it appears, trailing spaces kept: `line(_:)` of each row.
    public var fullLines: [String] { (0..<height).map(line) }
}
