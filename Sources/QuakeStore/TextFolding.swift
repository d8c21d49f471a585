import Foundation

/// Case- and diacritic-insensitive folding, Unicode-correct: "Île", "ILE" and
/// "île" fold to "ile"; CJK text is kept as it is. Used for the stored
/// `placeFolded` column, its search index, and `[cd]` predicate operators.
public enum TextFolding {
    public static func fold(_ text: String) -> String {
        // Most USGS places are ASCII: lowercasing is all folding can do there,
        // and it is much cheaper than Foundation's folding.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return withoutStrokes(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil))
    }

    public static func foldCase(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.folding(options: [.caseInsensitive], locale: nil)
    }

    public static func foldDiacritics(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        return withoutStrokes(text.folding(options: [.diacriticInsensitive], locale: nil))
    }

    /// Letters whose stroke, bar or missing dot is a diacritic to a reader
    /// but not to Unicode (they do not decompose, so Foundation keeps them):
    /// `Łódź` is found by `lodz`, `Tromsø` by `tromso`, `Kırıkkale` by
    /// `kirikkale`, as ICU's Latin-ASCII transliteration has them.
    static let strokeLetters: [Character: Character] = [
        "Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "Đ": "D", "đ": "d", "Ħ": "H", "ħ": "h",
        "Ŧ": "T", "ŧ": "t", "Ŀ": "L", "ŀ": "l", "ı": "i", "Ɨ": "I", "ɨ": "i", "Ƶ": "Z", "ƶ": "z",
    ]

    private static func withoutStrokes(_ text: String) -> String {
        guard text.contains(where: { strokeLetters[$0] != nil }) else { return text }
        return String(text.map { strokeLetters[$0] ?? $0 })
    }
}
