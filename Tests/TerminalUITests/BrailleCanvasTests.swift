import Testing
@testable import TerminalUI

/// Braille dots: dot (x, y) is bit (x mod 2, y mod 4) of cell (x div 2, y div 4).
@Suite struct BrailleCanvasTests {
    /// Unicode's braille numbering, written out: dots 1, 2, 3, 7 down the
    /// left column, 4, 5, 6, 8 down the right; dot n is bit n − 1.
    @Test func eachDotOfACellIsItsBrailleBit() {
        let dotNumbers = [[1, 2, 3, 7], [4, 5, 6, 8]]
        for x in 0..<2 {
            for y in 0..<4 {
                let expected = UInt8(1 << (dotNumbers[x][y] - 1))
                #expect(BrailleCanvas.bit(x: x, y: y) == expected, "dot (\(x), \(y))")
                var canvas = BrailleCanvas(columns: 3, rows: 2)
                canvas.set(x: 2 + x, y: 4 + y)   // cell (1, 1)
                #expect(canvas.mask(column: 1, row: 1) == expected)
                #expect(canvas.masks.filter { $0 != 0 }.count == 1, "only cell (1, 1) is lit")
                #expect(canvas.isSet(x: 2 + x, y: 4 + y))
            }
        }
    }

    @Test func charactersAreU2800PlusTheMask() {
        #expect(BrailleCanvas.character(0) == "\u{2800}")
        #expect(BrailleCanvas.character(0x01) == "⠁")
        #expect(BrailleCanvas.character(0x08) == "⠈")
        #expect(BrailleCanvas.character(0x40) == "⡀")
        #expect(BrailleCanvas.character(0x80) == "⢀")
        #expect(BrailleCanvas.character(0xFF) == "⣿")
        var canvas = BrailleCanvas(columns: 1, rows: 1)
        for x in 0..<2 { for y in 0..<4 { canvas.set(x: x, y: y) } }
        #expect(BrailleCanvas.character(canvas.mask(column: 0, row: 0)) == "⣿")
    }

    @Test func dotsOutsideTheCanvasAreIgnored() {
        var canvas = BrailleCanvas(columns: 2, rows: 1)
        for (x, y) in [(-1, 0), (0, -1), (4, 0), (0, 4), (Int.max, Int.max)] { canvas.set(x: x, y: y) }
        #expect(canvas.masks == [0, 0])
        #expect(canvas.mask(column: 2, row: 0) == 0)
        #expect(!canvas.isSet(x: 4, y: 0))
        #expect(canvas.dotsAcross == 4 && canvas.dotsDown == 4)
    }
}

/// A screen printed with SGR sequences: `quakes-tui map` on a terminal.
@Suite struct ANSITextTests {
    @Test func stylesBecomeSequencesAndColorsCanBeLeftOut() {
        var screen = Screen(width: 6, height: 1)
        screen.put("ab", row: 0, column: 0, style: Style(foreground: .red))
        screen.put("c", row: 0, column: 2, style: Style(foreground: .orange, bold: true))
        screen.put("d", row: 0, column: 3, style: Style(dim: true))
        #expect(ANSIText.line(screen, row: 0, colors: true)
                == "\u{1B}[0;31mab\u{1B}[0;1;38;5;208mc\u{1B}[0;2md\u{1B}[0m  ")
        #expect(ANSIText.line(screen, row: 0, colors: false)
                == "ab\u{1B}[0;1mc\u{1B}[0;2md\u{1B}[0m  ")
        #expect(ANSIText.line(Screen(width: 3, height: 1), row: 0, colors: true) == "   ", "a plain row has no sequences")
    }

    /// A map's ramps: 256-color foregrounds and backgrounds (`38;5;n`,
    /// `48;5;n`, a basic color's `4x`); without colors, none of them.
    @Test func indexedColorsAndBackgrounds() {
        var screen = Screen(width: 3, height: 1)
        let viridis = Color.indexed(54, fallback: .blue)
        screen.put(" ", row: 0, column: 0, style: Style(foreground: .indexed(231, fallback: .default), background: viridis))
        screen.put("x", row: 0, column: 1, style: Style(foreground: viridis))
        screen.put("y", row: 0, column: 2, style: Style(background: .red))
        #expect(ANSIText.line(screen, row: 0, colors: true)
                == "\u{1B}[0;38;5;231;48;5;54m \u{1B}[0;38;5;54mx\u{1B}[0;41my\u{1B}[0m")
        #expect(ANSIText.line(screen, row: 0, colors: false) == " xy")
    }

    /// On a terminal of eight colors an indexed color is drawn as its fallback.
    @Test func anIndexedColorFallsBackToANamedOne() {
        #expect(Color.indexed(54, fallback: .blue).basic == .blue)
        #expect(Color.indexed(16, fallback: .default).basic == .default)
        #expect(Color.orange.basic == .orange)
    }
}
