/// How many terminal columns text takes: CJK and most emoji take two,
/// combining marks none. ncurses uses the C library's wcwidth; this agrees
/// with it for the text quakes-tui shows and needs no locale, so the
/// in-memory Screen lays out text exactly as the terminal will.
public enum DisplayWidth {
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // A control is a character of its own (CR LF the one pair): it
        // takes the width of its visible form (`TerminalText`).
        if TerminalText.isControl(first) { return scalars.reduce(0) { $0 + of($1) } }
        return of(first)
    }

    /// A control character counts as its visible form, `^[` (2) or U+FFFD (1),
    /// since that is what the screen shows in its place.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if let control = TerminalText.visibleWidth(ofControl: scalar) { return control }
        if v < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        for range in wide where range.contains(v) { return 2 }
        return 1
    }

    public static func of(_ text: String) -> Int {
        // Printable ASCII, most of a catalog's text, is a column a byte:
        // counted without breaking the text into characters (several times
        // slower, and every cell of every frame is measured).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// East Asian Wide and Fullwidth ranges.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// `text` cut to at most `width` columns, ending in `…` when cut; never
    /// cuts through a wide character.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var out = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }

    /// `text` truncated, then padded with spaces to exactly `width` columns
    /// (on the left when `alignRight`).
    public static func fit(_ text: String, to width: Int, alignRight: Bool = false) -> String {
        let cut = truncate(text, to: width)
        let pad = String(repeating: " ", count: max(0, width - of(cut)))
        return alignRight ? pad + cut : cut + pad
    }
}
