import Testing
@testable import TerminalUI

@Suite struct DisplayWidthTests {
    @Test func cjkIsTwoColumnsAndCombiningMarksNone() {
        #expect(DisplayWidth.of("Volcano") == 7)
        #expect(DisplayWidth.of("東京都") == 6)
        #expect(DisplayWidth.of("Île") == 3)
        #expect(DisplayWidth.of("I\u{302}le") == 3, "a decomposed accent adds no column")
        #expect(DisplayWidth.of("한국") == 4)
        #expect(DisplayWidth.of("🌋") == 2)
    }

    @Test func truncationNeverCutsThroughAWideCharacter() {
        #expect(DisplayWidth.truncate("5km SW of Volcano, Hawaii", to: 10) == "5km SW of…")
        #expect(DisplayWidth.truncate("東京都の近く", to: 6) == "東京…")
        #expect(DisplayWidth.truncate("東京都の近く", to: 7) == "東京都…")
        #expect(DisplayWidth.truncate("short", to: 10) == "short")
        #expect(DisplayWidth.fit("東京", to: 6) == "東京  ")
        #expect(DisplayWidth.fit("2.9", to: 5, alignRight: true) == "  2.9")
    }
}

@Suite struct ScreenTests {
    @Test func putClipsToTheScreenAndToMaxWidth() {
        var screen = Screen(width: 10, height: 2)
        #expect(screen.put("Hello, world", row: 0, column: 0) == 10)
        #expect(screen.put("abcdef", row: 1, column: 2, maxWidth: 3) == 3)
        #expect(screen.lines == ["Hello, wor", "  abc"])
    }

    @Test func wideCharactersTakeTwoCellsAndNeverHang() {
        var screen = Screen(width: 7, height: 1)
        screen.put("東京都の", row: 0, column: 0)
        #expect(screen.lines == ["東京都"], "the fourth character would need columns 6 and 7")
        #expect(screen.line(0) == "東京都 ")
        screen.put("x", row: 0, column: 1)
        #expect(screen.line(0) == " x京都 ", "overwriting half of a wide character blanks the other half")
    }

    @Test func stylesAreKeptPerCell() {
        var screen = Screen(width: 6, height: 1)
        screen.put("ab", row: 0, column: 0, style: Style(foreground: .red, bold: true))
        #expect(screen.style(row: 0, column: 1) == Style(foreground: .red, bold: true))
        #expect(screen.style(row: 0, column: 2) == .plain)
    }
}

@Suite struct TextFieldTests {
    @Test func editingKeys() {
        var field = TextField()
        for c in "alxska" { field.handle(.character(c)) }
        field.handle(.left); field.handle(.left); field.handle(.left)
        field.handle(.backspace)
        #expect(field.text == "alska" && field.cursor == 2)
        field.handle(.character("a"))
        #expect(field.text == "alaska")
        #expect(field.cursor == 3)
        field.handle(.control("u"))
        #expect(field.text == "ska" && field.cursor == 0)
        field.handle(.end)
        field.handle(.character("é")); field.handle(.character("東"))
        #expect(field.text == "skaé東")
        #expect(field.handle(.up) == false, "not an editing key")
    }

    @Test func renderPlacesTheCursorByDisplayWidth() {
        var screen = Screen(width: 20, height: 1)
        var field = TextField("東京")
        field.handle(.character("x"))
        field.render(into: &screen, row: 0, prompt: "/")
        #expect(screen.lines == ["/東京x"])
        #expect(screen.cursor == Screen.Position(row: 0, column: 6))
    }

    @Test func longTextScrollsToKeepTheCursorVisible() {
        var screen = Screen(width: 10, height: 1)
        let field = TextField("place CONTAINS alaska")
        field.render(into: &screen, row: 0, prompt: ":")
        #expect(screen.lines == [": alaska"])
        #expect(screen.cursor == Screen.Position(row: 0, column: 8))
    }
}
