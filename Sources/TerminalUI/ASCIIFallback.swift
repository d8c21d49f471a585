import Foundation

/// What a terminal without UTF-8 (a C or Latin-1 locale) is sent instead of
/// the symbols the screens use: the same width, plain ASCII. Letters lose
/// their accents (`Île` ─► `Ile`); anything else becomes one `?` per column.
public enum ASCIIFallback {
    static let symbols: [Character: Character] = [
        "…": "~", "—": "-", "–": "-", "·": "-", "▲": "^", "▼": "v", "█": "#", "■": "#", "░": ".", "°": " ",
        "⏎": "?", "↑": "^", "↓": "v", "←": "<", "→": ">",
        // The map's legend swatches, town marker and scale bar. Its quake
        // symbols are not here: `MapPalette` gives their ASCII forms, chosen
        // so that no label can contain them.
        "◆": "+", "▒": ":", "▓": "%", "├": "|", "┤": "|", "─": "-",
    ]

    /// Whether the user's locale (LANG, LC_ALL…) encodes text as UTF-8.
    /// Sets the process's locale from the environment, as curses needs.
    public static func localeIsUTF8() -> Bool {
        setlocale(LC_ALL, "")
        return String(cString: nl_langinfo(nl_item(CODESET))).uppercased().replacingOccurrences(of: "-", with: "") == "UTF8"
    }

    public static func transliterate(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var out = ""
        for character in text {
            if character.isASCII {
                out.append(character)
            } else if let symbol = symbols[character] {
                out.append(symbol)
            } else {
                let plain = String(character).folding(options: .diacriticInsensitive, locale: nil)
                if plain.count == 1, plain.first!.isASCII, DisplayWidth.of(character) == 1 {
                    out += plain
                } else {
                    out += String(repeating: "?", count: max(1, DisplayWidth.of(character)))
                }
            }
        }
        return out
    }
}
