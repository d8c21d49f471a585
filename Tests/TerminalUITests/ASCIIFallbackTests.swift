import Testing
@testable import TerminalUI

/// Outside a UTF-8 locale every column keeps its width and every byte sent is ASCII.
@Suite struct ASCIIFallbackTests {
    @Test func symbolsAccentsAndWideCharactersBecomeASCIIOfTheSameWidth() {
        #expect(ASCIIFallback.transliterate("5km SW of Volcano, Hawa…") == "5km SW of Volcano, Hawa~")
        #expect(ASCIIFallback.transliterate(" 2018-06-14 · 301 quakes") == " 2018-06-14 - 301 quakes")
        #expect(ASCIIFallback.transliterate("    —") == "    -")
        #expect(ASCIIFallback.transliterate("10 km N of Île-de-France") == "10 km N of Ile-de-France")
        #expect(ASCIIFallback.transliterate("東京都の近く") == "????????????", "two columns each")
        #expect(ASCIIFallback.transliterate("33.4908°N") == "33.4908 N")
        #expect(ASCIIFallback.transliterate("[████░░░░]") == "[####....]")
        // The map's legend: en dashes in ranges, square swatches.
        #expect(ASCIIFallback.transliterate("quakes per cell █1–9 █10–99") == "quakes per cell #1-9 #10-99")
        #expect(ASCIIFallback.transliterate("depth km ■0 ■10") == "depth km #0 #10")
        #expect(ASCIIFallback.transliterate("plain ASCII stays") == "plain ASCII stays")
        for text in ["Île 東 … — · ▲ ▼ ° 🌋 Ω", "São Tomé", "Ærø"] {
            let ascii = ASCIIFallback.transliterate(text)
            #expect(ascii.unicodeScalars.allSatisfy { $0.isASCII }, "\(ascii)")
            #expect(DisplayWidth.of(ascii) == DisplayWidth.of(text), "\(text) keeps its width")
        }
    }
}
