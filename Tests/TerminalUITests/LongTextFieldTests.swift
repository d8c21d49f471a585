import Testing
@testable import TerminalUI

/// A pasted 100 KB in a text field: every key and every frame costs what
/// shows, not the whole text. (Before, the window was found by measuring
/// the text once per character: 6,000 characters took 2 s a key, 100,000
/// never finished.) The time limit is only a generous backstop; what is checked is
/// the drawn line and the cursor.
@Suite(.timeLimit(.minutes(10))) struct LongTextFieldTests {
    static let digits = Array("0123456789")
    /// 100,000 characters, each position's last digit, so any window is checkable.
    static let long = String((0..<100_000).map { digits[$0 % 10] })

    static func render(_ field: TextField, width: Int = 40) -> Screen {
        var screen = Screen(width: width, height: 1)
        field.render(into: &screen, row: 0, prompt: "/")
        return screen
    }

    @Test func aHundredThousandCharacterFieldShowsTheTailAndMovesAndEditsEverywhere() {
        var field = TextField(Self.long, maximumLength: .max)
        // Width 40: the prompt, 38 columns of text, the cursor after 37 of them.
        var screen = Self.render(field)
        #expect(screen.lines == ["/" + String(Self.long.suffix(37))])
        #expect(screen.cursor == Screen.Position(row: 0, column: 38))

        field.handle(.home)
        screen = Self.render(field)
        #expect(screen.lines == ["/" + String(Self.long.prefix(38))])
        #expect(screen.cursor == Screen.Position(row: 0, column: 1))

        for _ in 0..<50_000 { field.handle(.right) }
        field.handle(.delete)
        field.handle(.character("x"))
        screen = Self.render(field)
        // Characters 49,964…49,999, x in place of the deleted 50,000th, and
        // the one after the cursor.
        #expect(screen.lines == ["/" + "456789012345678901234567890123456789x1"])
        #expect(screen.cursor == Screen.Position(row: 0, column: 38))
        #expect(field.count == 100_000 && field.cursor == 50_001)

        for _ in 0..<1000 { field.handle(.backspace) }
        field.handle(.end)
        #expect(field.count == 99_000)
        #expect(Self.render(field).lines == ["/" + String(Self.long.suffix(37))])
    }

    @Test func typingAHundredThousandCharactersDrawsEachKeyFromTheCursor() {
        var field = TextField(maximumLength: .max)
        for (i, character) in Self.long.enumerated() {
            field.handle(.character(character))
            if i % 997 == 0 {
                let shown = String(Self.long.prefix(i + 1).suffix(37))
                #expect(Self.render(field).lines == ["/" + shown], "after \(i + 1) keys")
            }
        }
        #expect(field.text == Self.long)
        #expect(Self.render(field).lines == ["/" + String(Self.long.suffix(37))])
    }

    @Test func aFieldHoldsFourThousandAndNinetySixCharactersAndSaysWhenItRefusesMore() {
        var field = TextField()
        for character in Self.long.prefix(5000) { field.handle(.character(character)) }
        #expect(field.count == 4096)
        #expect(field.text == String(Self.long.prefix(4096)))
        #expect(field.refusedInput)
        field.handle(.backspace)
        #expect(!field.refusedInput, "room again: the note goes")
        #expect(field.count == 4095)
    }

    @Test func wideCharactersScrollByColumns() {
        let field = TextField(String(repeating: "東", count: 50_000))
        let screen = Self.render(field, width: 12)
        // Ten columns of room, nine before the cursor: four wide characters.
        #expect(screen.lines == ["/東東東東"])
        #expect(screen.cursor == Screen.Position(row: 0, column: 9))
    }
}
