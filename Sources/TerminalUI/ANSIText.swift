/// A screen's rows as text with ANSI SGR sequences for their styles, for
/// commands that print a view instead of drawing it with ncurses
/// (`quakes-tui map` on a terminal). Colors are the browser's: orange and
/// gray from the 256-color palette, the rest the basic eight.
public enum ANSIText {
    /// Row `row` with its styles; `colors` false keeps bold, dim, reverse
    /// and underline but no colors (`NO_COLOR`). Each run of cells in one
    /// style is one sequence; the line ends with every attribute reset.
    public static func line(_ screen: Screen, row: Int, colors: Bool) -> String {
        var out = "", current = Style.plain
        for cell in screen.cells[row] {
            var style = cell.style
            if !colors { style.foreground = .default; style.background = .default }
            if style != current {
                out += sequence(style, colors: colors)
                current = style
            }
            out += cell.text
        }
        if current != .plain { out += "\u{1B}[0m" }
        return out
    }

    /// The SGR sequence setting exactly `style`: a reset, then its parts.
    static func sequence(_ style: Style, colors: Bool) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if colors, let color = code(style.foreground) { codes.append(color) }
        if colors, let color = code(style.background) { codes.append(backgroundCode(color)) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// The foreground code as a background's: `3x` ─► `4x`, `38;5;n` ─► `48;5;n`.
    static func backgroundCode(_ foreground: String) -> String {
        foreground.hasPrefix("38;") ? "48" + foreground.dropFirst(2) : "4" + foreground.dropFirst()
    }

    static func code(_ color: Color) -> String? {
        switch color {
        case .default: nil
        case .indexed(let index, _): "38;5;\(index)"
        case .green: "32"
        case .yellow: "33"
        case .orange: "38;5;208"
        case .red: "31"
        case .magenta: "35"
        case .gray: "38;5;244"
        case .cyan: "36"
        case .blue: "34"
        }
    }
}
