/// JSON literals written exactly, shared by every JSON this program writes
/// (list's JSON and GeoJSON, the bench's feeds): what is written reads back
/// as the same value.
public enum JSONText {
    /// A JSON string literal of `text`, exactly: `"` and `\` escaped, and every
    /// control character (C0, DEL, C1) as `\u00XX`, so the JSON read back is
    /// the text and the JSON shown on a terminal cannot steer it.
    public static func string(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\":
                out.append("\\"); out.append(scalar)
            case _ where isControl(scalar):
                let hex = String(scalar.value, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            default:
                out.append(scalar)
            }
        }
        out.append("\"")
        return String(out)
    }

    /// Shortest text that reads back as the same Double (`2.94`, not
    /// `2.9399999`; `5`, not `5.0`). Finite values only: the catalog holds no other.
    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// `null` for nil.
    public static func number(_ value: Double?) -> String { value.map(number) ?? "null" }

    /// `null` for nil.
    public static func integer(_ value: Int?) -> String { value.map { String($0) } ?? "null" }

    /// `null` for nil.
    public static func string(_ text: String?) -> String { text.map { string($0) } ?? "null" }

    /// C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F): the same set
    /// as TerminalUI's `TerminalText.isControl`, which this module cannot see.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
