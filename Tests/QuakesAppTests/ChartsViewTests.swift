import QuakeCharts
@testable import QuakesApp
@testable import QuakeViews
import TerminalUI
import Testing

/// The charts pane drawn from hand-made charts, compared whole. Legend:
/// 'b' bold (titles, the `^` under the selected bin, Mc's `|`), 'd' dim
/// (axes, the fitted line, the note), 'y' yellow (N(≥ M)).
@Suite struct ChartsViewTests {
    /// 16 monthly bins, March 2017 to June 2018, counts 2 0 8 5 1 4, nine
    /// empty months, 3: 23 quakes, the tallest bar 8. The selected quake
    /// (15 June 2017) is in the fourth bin.
    ///
    /// Magnitudes 1.0 to 2.5, counts 5 20 100 80 60 45 35 25 20 15 10 8 5 3
    /// 2 1, so N(≥ M) 434 429 409 309 229 169 124 89 64 44 29 19 11 6 3 1;
    /// Mc 1.2, b 0.98 ± 0.05, a 3.79 from 409 quakes; 312 without a magnitude.
    static let charts: QuakeCharts = {
        let monthStarts: [Int64] = [1488326400000, 1491004800000, 1493596800000, 1496275200000, 1498867200000,
                                    1501545600000, 1504224000000, 1506816000000, 1509494400000, 1512086400000,
                                    1514764800000, 1517443200000, 1519862400000, 1522540800000, 1525132800000,
                                    1527811200000]
        let monthCounts = [2, 0, 8, 5, 1, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3]
        let counts = [5, 20, 100, 80, 60, 45, 35, 25, 20, 15, 10, 8, 5, 3, 2, 1]
        let bins = counts.indices.map { i in
            MagnitudeBin(tenths: 10 + i, count: counts[i], cumulative: counts[i...].reduce(0, +))
        }
        return QuakeCharts(
            count: 23, firstTime: 1488603600000, lastTime: 1529452800000,
            activity: ActivityHistogram(binSize: .month, bins: zip(monthStarts, monthCounts).map(TimeBin.init)),
            magnitudes: MagnitudeFrequency(bins: bins, withoutMagnitude: 312, mc: 1.2,
                                           fit: GutenbergRichterFit(mc: 1.2, b: 0.98, bError: 0.05, a: 3.79, count: 409)))
    }()

    static let selectedTime: Int64 = 1497484800000

    static func render(width: Int, height: Int, unicode: Bool) -> Screen {
        var screen = Screen(width: width, height: height)
        ChartsView(charts: charts, failure: nil, selectedTime: selectedTime, unicode: unicode)
            .render(in: Rect(screen), into: &screen)
        return screen
    }

    /// `left` padded to the magnitude chart's column (50 of 100), then `right`.
    static func sideBySide(_ left: String, _ right: String) -> String {
        left + String(repeating: " ", count: 50 - left.count) + right
    }

    /// Activity, 7 rows: 4 rows of bars = 32 eighths for the tallest (8),
    /// so 4 eighths a quake: 2 → 8 (█), 8 → 32 (4 █), 5 → 20 (██▄),
    /// 1 → 4 (▄), 4 → 16 (██), 3 → 12 (█▄). The `^` under bin 3; the
    /// labels 2017-03 and 2018-06 (ending under the 16th bar, at 9).
    static let activityLines = [
        "23 quakes per 1mo · tallest 8",
        "  █",
        "  █▄",
        "  ██ █         ▄",
        "█ ██▄█         █",
        "   ^",
        "2017-03  2018-06",
    ]
    static let activityStyles = [String(repeating: "b", count: 29), "", "", "", "", "   b", "ddddddd  ddddddd"]

    /// Magnitudes, 5 rows of plot over 3 decades (434 < 1000), so a bar
    /// is round(log10 count / 3 × 40) eighths: 5 → 9 (█▁), 20 → 17 (██▁),
    /// 100 → 27 (███▃), 80 → 25, 60 → 24, 45 → 22 (██▆), 35 → 21 (██▅),
    /// 25 → 19 (██▃), 15 → 16, 10 → 13 (█▅), 8 → 12 (█▄), 3 → 6 (▆),
    /// 2 → 4 (▄), 1 → 1 (▁). N(≥ M)'s dot is round(log10 N / 3 × 4) rows
    /// up: 434, 429 → 4; 409 … 89 → 3; 64 … 19 → 2; 11, 6, 3 → 1; 1 → 0.
    /// The line 3.79 − 0.98 M from Mc: 1.8, 1.9 → 3 rows up (2.03, 1.93
    /// → 2.70, 2.57), 2.2 … 2.5 → 2 (1.63 … 1.34 → 2.18 … 1.79), where no
    /// bar or dot is; Mc's `|` above its bar and dot.
    static let magnitudeLines = [
        "••|",
        "  ••••••--",
        " ▁███▆▅▃••••----",
        "▁█████████▅▄•••",
        "█████████████▆▄•",
    ]
    static let magnitudeStyles = ["yyb", "  yyyyyydd", "        yyyydddd", "            yyy", "               y"]
    static let figures = "Mc 1.2 · b 0.98 ± 0.05 · a 3.79 · 409 ≥ Mc"

    /// 100 columns: side by side, the magnitudes from column 50. The
    /// figures and the note make 68 columns, more than 50: the note goes
    /// to the right of the axis row.
    @Test func sideBySideFromAHundredColumns() {
        let axis = "1.0          2.5" + String(repeating: " ", count: 11) + "312 without a magnitude"
        let axisStyle = "ddd          ddd" + String(repeating: " ", count: 11) + String(repeating: "d", count: 23)
        expectScreen(Self.render(width: 100, height: 7, unicode: true),
                     lines: [Self.sideBySide(Self.activityLines[0], Self.figures)]
                         + (1...5).map { Self.sideBySide(Self.activityLines[$0], Self.magnitudeLines[$0 - 1]) }
                         + [Self.sideBySide(Self.activityLines[6], axis)],
                     styles: [Self.sideBySide(Self.activityStyles[0], String(repeating: "b", count: 42))]
                         + (1...5).map { Self.sideBySide(Self.activityStyles[$0], Self.magnitudeStyles[$0 - 1]) }
                         + [Self.sideBySide(Self.activityStyles[6], axisStyle)])
    }

    /// 80 columns: one under the other, 7 rows each; the figures line holds the note.
    @Test func oneUnderTheOtherBelowAHundredColumns() {
        let line = Self.figures + " · 312 without a magnitude"
        expectScreen(Self.render(width: 80, height: 14, unicode: true),
                     lines: Self.activityLines + [line] + Self.magnitudeLines + ["1.0          2.5"],
                     styles: Self.activityStyles + [String(repeating: "b", count: 68)] + Self.magnitudeStyles
                         + ["ddd          ddd"])
    }

    /// Outside UTF-8: `#` per whole cell (fractions left out), `*` dots,
    /// `-` separators, `+-` and `>=`.
    @Test func plainCharactersOutsideUTF8() {
        let activity = [
            "23 quakes per 1mo - tallest 8",
            "  #",
            "  #",
            "  ## #",
            "# ## #         #",
            "   ^",
            "2017-03  2018-06",
        ]
        // Whole cells of the bars above: 9 → 1, 17 → 2, 27 → 3, 25 → 3, 24 → 3, 22 → 2, 21 → 2, 19 → 2,
        // 17 → 2, 16 → 2, 13 → 1, 12 → 1, 9 → 1, 6, 4, 1 → 0.
        let magnitudes = [
            "**|",
            "  ******--",
            "  ###   ****----",
            " #########  ***",
            "#############  *",
        ]
        let axis = "1.0          2.5" + String(repeating: " ", count: 11) + "312 without a magnitude"
        let axisStyle = "ddd          ddd" + String(repeating: " ", count: 11) + String(repeating: "d", count: 23)
        let figures = "Mc 1.2 - b 0.98 +- 0.05 - a 3.79 - 409 >= Mc"
        expectScreen(Self.render(width: 100, height: 7, unicode: false),
                     lines: [Self.sideBySide(activity[0], figures)]
                         + (1...5).map { Self.sideBySide(activity[$0], magnitudes[$0 - 1]) }
                         + [Self.sideBySide(activity[6], axis)],
                     styles: [Self.sideBySide(Self.activityStyles[0], String(repeating: "b", count: 44))]
                         + (1...5).map { Self.sideBySide(Self.activityStyles[$0], Self.magnitudeStyles[$0 - 1]) }
                         + [Self.sideBySide(Self.activityStyles[6], axisStyle)])
    }

    /// Fewer than 50 quakes from Mc up: no b-value, no line; Mc still marked.
    @Test func tooFewQuakesForABValue() {
        let magnitudes = MagnitudeFrequency(bins: [MagnitudeBin(tenths: 20, count: 3, cumulative: 4),
                                                   MagnitudeBin(tenths: 21, count: 1, cumulative: 1)],
                                            withoutMagnitude: 0, mc: 2.0, fit: nil)
        var screen = Screen(width: 45, height: 4)
        MagnitudeChartView(magnitudes: magnitudes, unicode: true).render(in: Rect(screen), into: &screen)
        // One decade, 2 rows: 3 → round(0.477 × 16) = 8 eighths (█); 1 → 1 (▁). N(≥ M) 4 → round(0.60) = 1
        // row up, 1 → 0 (over the ▁). Mc's column is full: no `|`. Axis: 2.0 alone (2.1 does not fit).
        expectScreen(screen, lines: ["too few quakes for a b-value (n < 50)", "•", "█•", "2.0"],
                     styles: [String(repeating: "b", count: 37), "y", " y", "ddd"])
    }

    /// A selection of mixed magnitude types: the row under the figures says
    /// so in yellow, and the plot below is the one a pane a row shorter
    /// draws without it. Too short for the plot to keep two rows: no warning.
    @Test func aMixOfMagnitudeTypesIsSaidUnderTheFigures() {
        let magnitudes = MagnitudeFrequency(bins: [MagnitudeBin(tenths: 20, count: 3, cumulative: 4),
                                                   MagnitudeBin(tenths: 21, count: 1, cumulative: 1)],
                                            withoutMagnitude: 0, mc: 2.0, fit: nil)
        func drawn(height: Int, warning: String?) -> Screen {
            var screen = Screen(width: 45, height: height)
            MagnitudeChartView(magnitudes: magnitudes, unicode: true, warning: warning).render(in: Rect(screen), into: &screen)
            return screen
        }
        let plain = drawn(height: 5, warning: nil), warned = drawn(height: 6, warning: "mixes ml (3), mw (1)")
        #expect(warned.lines == [plain.lines[0], "mixes ml (3), mw (1): b means little"] + plain.lines.dropFirst())
        #expect((0..<36).allSatisfy { warned.style(row: 1, column: $0) == MagnitudeChartView.warningStyle })
        #expect(drawn(height: 4, warning: "mixes ml (3), mw (1)").lines == drawn(height: 4, warning: nil).lines)
    }

    /// Before the first charts: `charts: counting…`; a failure says why.
    @Test func countingThenFailure() {
        var screen = Screen(width: 40, height: 3)
        ChartsView(charts: nil, failure: nil, selectedTime: nil, unicode: true).render(in: Rect(screen), into: &screen)
        expectScreen(screen, lines: ["charts: counting…", "", ""], styles: [String(repeating: "d", count: 17), "", ""])
        screen.clear()
        ChartsView(charts: nil, failure: "disk I/O error", selectedTime: nil, unicode: true)
            .render(in: Rect(screen), into: &screen)
        expectScreen(screen, lines: ["charts: disk I/O error", "", ""],
                     styles: [String(repeating: "d", count: 22), "", ""])
    }
}
