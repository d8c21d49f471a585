import CNcursesw
import Foundation

/// The real terminal, through ncursesw. Called from one thread only. Draws a
/// `Screen` by handing ncurses every changed row; ncurses sends only the
/// cells that differ from what the terminal shows.
public final class NcursesTerminal: Terminal {
    public private(set) var width = 0
    public private(set) var height = 0
    public let hasColor: Bool
    public let isUTF8: Bool
    /// ncurses reads the keyboard from standard input.
    public let inputDescriptor = STDIN_FILENO
    private var shown: Screen?
    /// Color pairs made so far, by foreground and background: made as
    /// styles first need them (a map's ramps use dozens).
    private var pairs: [ColorPair: Int16] = [:]
    private var colorCount = 0
    private var pairLimit = 0
    private var started = true

    /// Starts curses mode. `color` false (NO_COLOR) keeps the screen monochrome.
    public init(color: Bool) {
        isUTF8 = ASCIIFallback.localeIsUTF8()
        CrashRestore.saveModes()
        initscr()
        raw()                     // Ctrl-C arrives as a key, not SIGINT
        noecho()
        nonl()
        keypad(quakes_stdscr(), true)
        nodelay(quakes_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        mousemask(quakes_mouse_mask(), nil)
        mouseinterval(0)
        CrashRestore.install()
        hasColor = color && has_colors()
        if hasColor {
            start_color()
            use_default_colors()
            colorCount = Int(quakes_colors())
            pairLimit = Int(min(Int32(Int16.max), quakes_color_pairs()))
        }
        updateSize()
    }

    /// Leaves curses mode: the terminal is as it was (echo, cursor, cooked).
    public func stop() {
        guard started else { return }
        started = false
        curs_set(1)
        endwin()
        CrashRestore.uninstall()
    }

    deinit { stop() }

    public func updateSize() {
        width = Int(quakes_cols())
        height = Int(quakes_lines())
    }

    /// The events ncurses has ready, at most `limit` of them, without
    /// waiting. Fewer than `limit` means none are left.
    public func readEvents(limit: Int = .max) -> [Event] {
        var events: [Event] = []
        while events.count < limit {
            var character: wint_t = 0
            let status = wget_wch(quakes_stdscr(), &character)
            if status == ERR { break }
            if status == KEY_CODE_YES {
                if let event = keyCodeEvent(Int32(character)) { events.append(event) }
                continue
            }
            let scalar = UInt32(character)
            if scalar == 27 { events.append(.key(.escape)); continue }
            events.append(.key(Self.key(for: scalar)))
        }
        return events
    }

    static func key(for scalar: UInt32) -> Key {
        switch scalar {
        case 10, 13: return .enter
        case 9: return .tab
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(scalar + 96)!))
        default: return .character(Character(Unicode.Scalar(scalar) ?? "?"))
        }
    }

    private func keyCodeEvent(_ code: Int32) -> Event? {
        switch code {
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_ENTER: return .key(.enter)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_DC: return .key(.delete)
        case KEY_RESIZE:
            updateSize()
            shown = nil
            return .resize(width: width, height: height)
        case KEY_MOUSE:
            var event = MEVENT()
            guard getmouse(&event) == OK else { return nil }
            let kind: MouseEvent.Kind
            if event.bstate & quakes_wheel_up() != 0 { kind = .wheelUp }
            else if event.bstate & quakes_wheel_down() != 0 { kind = .wheelDown }
            else if event.bstate & quakes_button1_down() != 0 { kind = .press }
            else if event.bstate & quakes_button1_released() != 0 { kind = .release }
            else { return nil }
            return .mouse(MouseEvent(kind, row: Int(event.y), column: Int(event.x)))
        default: return nil
        }
    }

    /// Shows `screen`: rows that changed since the last draw are rewritten,
    /// then one `doupdate` sends the difference to the terminal.
    public func draw(_ screen: Screen) {
        let full = shown == nil || shown!.width != screen.width || shown!.height != screen.height
        if full { wclear(quakes_stdscr()) }
        for row in 0..<min(screen.height, height) where full || shown!.cells[row] != screen.cells[row] {
            drawRow(screen, row)
        }
        if let cursor = screen.cursor {
            curs_set(1)
            wmove(quakes_stdscr(), Int32(cursor.row), Int32(cursor.column))
        } else {
            curs_set(0)
        }
        wnoutrefresh(quakes_stdscr())
        doupdate()
        shown = screen
    }

    /// OSC 52 to the terminal, after what ncurses has buffered: the
    /// terminal (or tmux with `set-clipboard on`) sets its clipboard.
    /// ncurses' beep: the bell, or a visible flash where there is none.
    public func bell() { beep() }

    public func copyToClipboard(_ text: String) {
        let bytes = Array("\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}".utf8)
        fflush(nil)   // what ncurses buffered goes first
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBufferPointer { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n > 0 { written += n } else if n < 0 && errno == EINTR { continue } else { return }
        }
    }

    private func drawRow(_ screen: Screen, _ row: Int) {
        var column = 0
        let cells = screen.cells[row]
        while column < min(cells.count, width) {
            let style = cells[column].style
            var text = ""
            let start = column
            while column < cells.count, cells[column].style == style {
                text += cells[column].text
                column += 1
            }
            // The last cell of the screen would scroll it: leave it out.
            if row == height - 1, column >= width, !text.isEmpty { text.removeLast() }
            write(text, row: row, column: start, style: style)
        }
    }

    private func write(_ text: String, row: Int, column: Int, style: Style) {
        var attributes = quakes_a_normal()
        if style.bold { attributes |= quakes_a_bold() }
        if style.reverse { attributes |= quakes_a_reverse() }
        if style.underline { attributes |= quakes_a_underline() }
        if style.dim { attributes |= quakes_a_dim() }
        let pair = hasColor ? self.pair(ColorPair(foreground: style.foreground, background: style.background)) : 0
        let shown = isUTF8 ? text : ASCIIFallback.transliterate(text)
        var wide = shown.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        wide.append(0)
        _ = quakes_put(Int32(row), Int32(column), wide, attributes, pair)
    }

    private struct ColorPair: Hashable {
        var foreground: Color
        var background: Color
    }

    /// The pair drawing `colors`, made on first use; the terminal's
    /// default pair once every pair it has is taken.
    private func pair(_ colors: ColorPair) -> Int16 {
        if colors.foreground == .default && colors.background == .default { return 0 }
        if let made = pairs[colors] { return made }
        let next = pairs.count + 1
        guard next < pairLimit else { return 0 }
        init_pair(Int16(next), number(colors.foreground), number(colors.background))
        pairs[colors] = Int16(next)
        return Int16(next)
    }

    public var hasManyColors: Bool { colorCount >= 256 }

    /// A color's number in the terminal's palette (-1: its default).
    /// Orange and gray come from the 256-color palette where there is one.
    private func number(_ color: Color) -> Int16 {
        let many = colorCount >= 256
        switch many ? color : color.basic {
        case .default: return -1
        case .green: return Int16(COLOR_GREEN)
        case .yellow: return Int16(COLOR_YELLOW)
        case .orange: return many ? 208 : Int16(COLOR_YELLOW)
        case .red: return Int16(COLOR_RED)
        case .magenta: return Int16(COLOR_MAGENTA)
        case .gray: return many ? 244 : Int16(COLOR_WHITE)
        case .cyan: return Int16(COLOR_CYAN)
        case .blue: return Int16(COLOR_BLUE)
        case .indexed(let index, _): return Int16(index)
        }
    }
}
