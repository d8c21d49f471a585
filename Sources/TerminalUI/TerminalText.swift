/// Text from a feed, a server or the catalog as a terminal may be sent it:
/// never a control character, so data cannot move the cursor, retitle the
/// window or start an escape sequence. C0 controls and DEL become caret
/// notation (`^[` for ESC, `^G` for BEL, `^J` for LF, `^?` for DEL; two
/// columns), C1 controls (U+0080–U+009F, which some terminals obey as
/// CSI, OSC…) become U+FFFD. Even TAB and LF become visible: a field is one
/// line of one width.
public enum TerminalText {
    /// `text` with every control character made visible; `text` itself when
    /// it has none (the common case costs one scan).
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { append(scalar, to: &out) }
        return String(out)
    }

    /// C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Columns a control character takes once made visible: 2 for caret
    /// notation, 1 for U+FFFD; nil when `scalar` is not a control.
    static func visibleWidth(ofControl scalar: Unicode.Scalar) -> Int? {
        guard isControl(scalar) else { return nil }
        return scalar.value <= 0x7F ? 2 : 1
    }

    private static func append(_ scalar: Unicode.Scalar, to out: inout String.UnicodeScalarView) {
        switch scalar.value {
        case 0x00..<0x20:
            out.append("^")
            out.append(Unicode.Scalar(UInt8(scalar.value + 0x40)))
        case 0x7F:
            out.append("^")
            out.append("?")
        case 0x80...0x9F:
            out.append("\u{FFFD}")
        default:
            out.append(scalar)
        }
    }
}
