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
        if colors, let color = code(style.foreground, layer: 3) { codes.append(color) }
        if colors, let color = code(style.background, layer: 4) { codes.append(color) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// A color's SGR code as a foreground (`layer` 3: `31`, `38;5;208`) or a
    /// background (4: `41`, `48;5;208`); nil for the terminal's own.
    static func code(_ color: Color, layer: Int) -> String? {
        let palette = { (index: Int) in "\(layer)8;5;\(index)" }
        return switch color {
        case .default: nil
        case .indexed(let index, _): palette(Int(index))
        case .green: "\(layer)2"
        case .yellow: "\(layer)3"
        case .orange: palette(208)
        case .red: "\(layer)1"
        case .magenta: "\(layer)5"
        case .gray: palette(244)
        case .cyan: "\(layer)6"
        case .blue: "\(layer)4"
        }
    }
}
