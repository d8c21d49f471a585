/// Text as the catalog can keep it. SQLite's text binding stops at a NUL,
/// so a NUL (in no real feed, but in hostile ones) would cut an id or a
/// place short, and two ids differing after it would become one quake: it
/// is stored as U+FFFD instead.
enum StoredText {
    static let replacement: Unicode.Scalar = "\u{FFFD}"

    static func withoutNUL(_ text: String) -> String {
        guard text.utf8.contains(0) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\0" ? replacement : $0 }))
    }
}
