import Testing
@testable import TerminalUI

/// Text from feeds and servers reaches the terminal only as visible characters.
@Suite struct TerminalTextTests {
    @Test func controlCharactersBecomeCaretsAndC1BecomesTheReplacementCharacter() {
        #expect(TerminalText.visible("\u{1B}]0;TITLE\u{07}") == "^[]0;TITLE^G")
        #expect(TerminalText.visible("a\tb\nc\rd\0e\u{7F}") == "a^Ib^Jc^Md^@e^?")
        #expect(TerminalText.visible("\r\n") == "^M^J", "CR LF is one Character, both shown")
        #expect(TerminalText.visible("x\u{9B}31my\u{85}") == "x\u{FFFD}31my\u{FFFD}", "CSI and NEL as C1")
        #expect(TerminalText.visible("Île 東京 🌋 ok") == "Île 東京 🌋 ok", "printable text is kept as it is")
    }

    @Test func widthsCountTheVisibleForm() {
        #expect(DisplayWidth.of("\u{1B}") == 2)
        #expect(DisplayWidth.of("\u{7F}") == 2)
        #expect(DisplayWidth.of("\u{9B}") == 1)
        #expect(DisplayWidth.of("\r\n") == 4)
        #expect(DisplayWidth.of("a\u{1B}]0;T\u{07}b") == DisplayWidth.of(TerminalText.visible("a\u{1B}]0;T\u{07}b")))
        #expect(DisplayWidth.truncate("ab\u{07}cdef", to: 5) == "ab\u{07}…", "^G takes two of the five columns")
    }

    @Test func theScreenDrawsControlCharactersVisiblyAndKeepsColumns() {
        var screen = Screen(width: 30, height: 2)
        let written = screen.put("\u{1B}]0;TITLE\u{07}Evil\nPlace|", row: 0, column: 0)
        #expect(screen.lines[0] == "^[]0;TITLE^GEvil^JPlace|")
        #expect(written == 24)
        screen.put(DisplayWidth.fit("us\u{1B}[31m", to: 5) + "|", row: 1, column: 0)
        #expect(screen.lines[1] == "us^[…|", "a fitted field keeps its width once drawn")
        #expect(screen.cells.joined().allSatisfy { !$0.text.unicodeScalars.contains(where: TerminalText.isControl) })
    }

    @Test func asciiFallbackAppliesAfterSanitizing() {
        var screen = Screen(width: 10, height: 1)
        screen.put("a\u{9B}b\u{1B}", row: 0, column: 0)
        #expect(ASCIIFallback.transliterate(screen.line(0)) == "a?b^[     ")
    }
}
