import Foundation

/// Case- and diacritic-insensitive folding, Unicode-correct: "Île", "ILE" and
/// "île" fold to "ile"; CJK text is kept as it is. Used for the stored
/// `placeFolded` column, its search index, and `[cd]` predicate operators.
public enum TextFolding {
    public static func fold(_ text: String) -> String {
        // Most USGS places are ASCII: lowercasing is all folding can do there,
        // and it is much cheaper than Foundation's folding.
        if let folded = asciiLowercased(text) { return folded }
        return withoutStrokes(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil))
    }

    /// `text.lowercased()` when every byte is ASCII, in one pass over the
    /// bytes (the import folds every row's place: testing the bytes through
    /// the UTF-8 view, then lowercasing, took twice as long); nil otherwise.
    static func asciiLowercased(_ text: String) -> String? {
        let folded = text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            var bits: UInt8 = 0, hasUpper = false
            for byte in bytes {
                bits |= byte
                hasUpper = hasUpper || byte &- UInt8(ascii: "A") < 26
            }
            guard bits < 0x80 else { return nil }
            guard hasUpper else { return text }
            return String(unsafeUninitializedCapacity: bytes.count) { out in
                for (i, byte) in bytes.enumerated() { out[i] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte }
                return bytes.count
            }
        }
        if let folded { return folded }
        return text.utf8.allSatisfy({ $0 < 0x80 }) ? text.lowercased() : nil
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
    /// A switch on scalars: a dictionary of Characters made a non-ASCII
    /// place's fold three times slower (1,000,000 folds: 3.2 s against
    /// 1.0 s; this way 1.2 s).
    static func plainLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0xD8: "O"; case 0xF8: "o"; case 0x110: "D"; case 0x111: "d"; case 0x126: "H"; case 0x127: "h"
        case 0x131: "i"; case 0x13F, 0x141: "L"; case 0x140, 0x142: "l"; case 0x166: "T"; case 0x167: "t"
        case 0x197: "I"; case 0x268: "i"; case 0x1B5: "Z"; case 0x1B6: "z"
        default: nil
        }
    }

    private static func withoutStrokes(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { plainLetter($0) != nil }) else { return text }
        var plain = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { plain.append(plainLetter(scalar) ?? scalar) }
        return String(plain)
    }
}
