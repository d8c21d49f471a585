/// CSV text as a spreadsheet opens it: a field that begins with `=`, `+`,
/// `-`, `@`, TAB or CR is read as a formula (`=HYPERLINK(…)`, `@SUM(…)`,
/// DDE's `+cmd|…`), so a feed's text could run in it. `'` before such a
/// field makes it plain text (OWASP's advice against CSV injection).
public enum SpreadsheetText {
    /// The first characters a spreadsheet takes as the start of a formula.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// `text` with `'` before it when it would begin a formula; else `text`.
    /// Scalars, not Characters: CR LF is one Character and would hide the CR.
    public static func safe(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, formulaStarts.contains(first) else { return text }
        return "'" + text
    }
}
