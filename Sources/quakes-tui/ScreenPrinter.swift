import Foundation
import TerminalUI

/// A `Screen` printed by the headless commands that draw (`map`, `stats`):
/// plain text into a pipe or file, styled on a terminal, colors off under
/// NO_COLOR (https://no-color.org: set and not empty).
enum ScreenPrinter {
    /// The terminal's columns and rows, nil when stdout is not a terminal
    /// or the terminal does not say.
    static func terminalSize() -> (columns: Int, rows: Int)? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// `rows` of `screen`, one line each; `styled`: with SGR sequences.
    /// Whether NO_COLOR leaves colors on.
    static var colorsAllowed: Bool { (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty }

    static func write(_ screen: Screen, rows: Range<Int>, styled: Bool, to output: inout StandardOutput) {
        let colors = colorsAllowed
        for row in rows {
            output.write((styled ? ANSIText.line(screen, row: row, colors: colors) : screen.line(row)) + "\n")
        }
    }
}
