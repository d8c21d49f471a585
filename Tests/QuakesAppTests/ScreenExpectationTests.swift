import TerminalUI
import Testing

/// `screenDifference`, which `expectScreen` records: nothing when the
/// screen is the one expected, both screens with the differing rows
/// marked when it is not.
@Suite struct ScreenExpectationTests {
    static let legend: [Style: Character] = [.plain: " ", Style(bold: true): "b"]

    static func screen() -> Screen {
        var screen = Screen(width: 6, height: 2)
        screen.put("ab", row: 0, column: 0, style: Style(bold: true))
        screen.put("東京", row: 1, column: 1)
        return screen
    }

    @Test func theSameScreenIsNoDifferenceShortLinesArePadded() {
        #expect(screenDifference(Self.screen(), lines: ["ab", " 東京"], styles: ["bb", ""], legend: Self.legend) == nil)
        #expect(screenDifference(Self.screen(), lines: ["ab    ", " 東京 "], styles: ["bb    ", "      "], legend: Self.legend) == nil)
    }

    @Test func aDifferentLineShowsBothScreensWithTheRowMarked() {
        let report = screenDifference(Self.screen(), lines: ["ab", "東京"], styles: ["bb", ""], legend: Self.legend)
        #expect(report == """
            screen 6x2 differs from the one expected in its text
            expected text:
             0 |ab    |
            >1 |東京  |
            actual text:
             0 |ab    |
            >1 | 東京 |
            """)
    }

    @Test func aLineWiderThanTheScreenOrAMissingRowDiffers() {
        #expect(screenDifference(Self.screen(), lines: ["ab", " 東京  "], styles: ["bb", ""], legend: Self.legend) != nil)
        let report = screenDifference(Self.screen(), lines: ["ab"], styles: ["bb"], legend: Self.legend)
        #expect(report?.contains("expected 1 lines and 1 mask rows; the screen has 2 rows") == true, "\(report ?? "")")
    }

    @Test func aDifferentStyleShowsBothMasksTheTextAndTheStylesTheLegendDoesNotName() {
        var screen = Self.screen()
        screen.put("x", row: 0, column: 5, style: Style(foreground: .red))
        let report = screenDifference(screen, lines: ["ab   x", " 東京"], styles: ["bb", ""], legend: Self.legend)
        #expect(report == """
            screen 6x2 differs from the one expected in its styles
            expected styles:
            >0 |bb    |
             1 |      |
            actual styles:
            >0 |bb   ?|
             1 |      |
            text:
             0 |ab   x|
             1 | 東京 |
            styles the legend does not name (?): \(Style(foreground: .red))
            """)
    }

    @Test func aCursorElsewhereDiffers() {
        var screen = Self.screen()
        screen.cursor = Screen.Position(row: 1, column: 5)
        #expect(screenDifference(screen, lines: ["ab", " 東京"], styles: ["bb", ""], cursor: Screen.Position(row: 1, column: 5),
                                 legend: Self.legend) == nil)
        #expect(screenDifference(screen, lines: ["ab", " 東京"], styles: ["bb", ""], legend: Self.legend) == """
            screen 6x2 differs from the one expected in its cursor
            expected cursor: none; actual cursor: row 1, column 5
            """)
    }
}
