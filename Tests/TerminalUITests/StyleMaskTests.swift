import Testing
import TerminalUI

/// `Screen.styleMask`: a screen's styles as one character per cell.
@Suite struct StyleMaskTests {
    static let bold = Style(bold: true)
    static let red = Style(foreground: .red)
    static let legend: [Style: Character] = [.plain: " ", bold: "b", red: "r"]

    @Test func oneCharacterPerCellOnEveryRowTrailingCellsIncluded() {
        var screen = Screen(width: 8, height: 3)
        screen.put("ab", row: 0, column: 1, style: Self.bold)
        screen.put("cd", row: 0, column: 3, style: Self.red)
        screen.fill(row: 2, from: 5, style: Self.red)
        #expect(screen.styleMask(Self.legend) == [
            " bbrr   ",
            "        ",
            "     rrr",
        ])
        #expect(screen.fullLines == [" abcd   ", "        ", "        "])
    }

    @Test func theRightHalfOfAWideCharacterShowsItsOwnStyle() {
        var screen = Screen(width: 7, height: 1)
        screen.put("東京", row: 0, column: 0, style: Self.bold)
        screen.put("x", row: 0, column: 4, style: Self.red)
        #expect(screen.fullLines == ["東京x  "], "two wide characters in four cells, two of them \"\"")
        #expect(screen.styleMask(Self.legend) == ["bbbbr  "])
        screen.put("y", row: 0, column: 1, style: Self.red)
        #expect(screen.fullLines == [" y京x  "])
        #expect(screen.styleMask(Self.legend) == ["brbbr  "], "the blanked left half keeps its style")
    }

    @Test func combiningMarksAndZeroWidthCharactersAddNoCell() {
        var screen = Screen(width: 7, height: 1)
        screen.put("I\u{302}le", row: 0, column: 0, style: Self.bold)
        // A zero-width space is a character of its own, joined to the cell before it.
        screen.put("x\u{200B}y", row: 0, column: 3, style: Self.red)
        #expect(screen.fullLines == ["I\u{302}lex\u{200B}y  "])
        #expect(screen.styleMask(Self.legend) == ["bbbrr  "])
    }

    @Test func aStyleTheLegendDoesNotNameIsAQuestionMark() {
        var screen = Screen(width: 5, height: 1)
        screen.put("ab", row: 0, column: 0, style: Style(foreground: .red, bold: true))
        screen.put("c", row: 0, column: 2, style: Self.red)
        #expect(screen.styleMask(Self.legend) == ["??r  "], "red bold is neither red nor bold")
        #expect(screen.styleMask([:]) == ["?????"], "plain too must be named")
    }
}
