import Foundation

/// Case- and diacritic-insensitive folding, Unicode-correct: "Île", "ILE" and
/// "île" fold to "ile"; CJK text is kept as it is. Used for the stored
/// `placeFolded` column, its search index, and `[cd]` predicate operators.
public enum TextFolding {
    public static func fold(_ text: String) -> String {
        // Most USGS places are ASCII: lowercasing is all folding can do there,
        // and it is much cheaper than Foundation's folding.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    public static func foldCase(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.folding(options: [.caseInsensitive], locale: nil)
    }

    public static func foldDiacritics(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        return text.folding(options: [.diacriticInsensitive], locale: nil)
    }
}
