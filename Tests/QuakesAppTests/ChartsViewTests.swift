import QuakeCharts
@testable import QuakesApp
@testable import QuakeViews
import TerminalUI
import Testing

/// The charts pane drawn from hand-made charts, compared whole. Legend:
/// 'b' bold (titles, the `^` under the selected bin, Mc's `|` and label),
/// 'd' dim (axes, the note), 'y' yellow (N(≥ M)), 'n' cyan (the fitted line).
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

    /// The same charts with a magnitude–time grid in monthly bins: the two
    /// quakes of March 2017 at M1.0 and M2.5, the eight of May at M1.2
    /// (five) and M4.1 (three), June's five at M1.2, the three of June 2018
    /// at M5.3.
    static let timelineCharts = charts.withMagnitudeTime(MagnitudeTimeGrid(binSize: .month, cells: [
        .init(start: 1488326400000, tenths: 10, count: 1), .init(start: 1488326400000, tenths: 25, count: 1),
        .init(start: 1493596800000, tenths: 12, count: 5), .init(start: 1493596800000, tenths: 41, count: 3),
        .init(start: 1496275200000, tenths: 12, count: 5), .init(start: 1527811200000, tenths: 53, count: 3),
    ]))

    static func render(width: Int, height: Int, unicode: Bool) -> Screen {
        var screen = Screen(width: width, height: height)
        ChartsView(charts: charts, failure: nil, selectedTime: selectedTime, unicode: unicode)
            .render(in: Rect(screen), into: &screen)
        return screen
    }

    /// 100 columns, 7 rows: side by side, the magnitudes from column 50.
    ///
    /// Activity: the count axis's labels 1 column wide (tallest 8), so the
    /// bars have 47 columns for 16 months (469 days), about 10 days a
    /// column: March 2017 (from the 4th) in columns 0–2, June 2017 in 9–11
    /// (the `^` under its first column, the selected quake's month), June
    /// 2018 in 44–46. 4 rows of bars, 4 eighths a quake: 2 → █, 8 → 4 █,
    /// 5 → ██▄, 1 → ▄, 4 → ██, 3 → █▄; `5` where a bar of 5 ends, `0` on
    /// the time axis. Time ticks every 3 months, 7-wide labels centred.
    ///
    /// Magnitudes: 3 decades (434 < 1,000) over 4 rows, the labels 1, 10,
    /// 100, 1k 3 wide (1 and 10 share the bottom row: 1 is kept); 16 bins
    /// over 45 columns, 2 or 3 each; N(≥ M) a yellow • over each bin's
    /// middle column; the fit's cyan braille from Mc (1.2) on, `Mc` at the
    /// top right of its column; ticks at 1.0, 1.5, 2.0, 2.5, whose labels
    /// after 1.5 are under the note (68 columns with the figures, more than 50).
    @Test func sideBySideFromAHundredColumns() {
        expectScreen(Self.render(width: 100, height: 7, unicode: true), lines: [
            "23 quakes per 1mo · tallest 8                     Mc 1.2 · b 0.98 ± 0.05 · a 3.79 · 409 ≥ Mc",
            " │     ███                                         1k┤•  • ⢀•Mc⣀⡀",
            "5┤     ███▄▄▄                                     100┤     ▅▅▅▄•▄▃•▃▂•▂⠉•⠒⠒•⠒•⠒⠤•⠤⠤⠤⠤⠤⢄⣀⣀⣀⣀⣀⣀⣀",
            " │     ██████   ███                           ▄▄▄  10┤  ▆▆▆███████████████▇▇▇▆▆▅▅▅▃•▃▂•▂ •  • ⠉⠉⠉⠉⠉⠉",
            " │██   ██████▄▄▄███                           ███   1┤▇▇████████████████████████████████▇▇▇▅▅▅▃•▃▁•▁",
            "0└──┬─────^──┬────────┬────────┬────────┬────────    └─┬─────────────┬──────────────┬─────────────┬─",
            " 2017-04  2017-07  2017-10  2018-01  2018-04          1.0           1.5      312 without a magnitude",
        ], styles: [
            "bbbbbbbbbbbbbbbbbbbbbbbbbbbbb                     bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
            " d                                                ddddy  y nybbnn",
            "dd                                                dddd         y  y  y nynnynynnynnnnnnnnnnnnn",
            " d                                                dddd                             y  y  y  y nnnnnn",
            " d                                                dddd                                         y  y",
            "ddddddddddbdddddddddddddddddddddddddddddddddddddd    ddddddddddddddddddddddddddddddddddddddddddddddd",
            " ddddddd  ddddddd  ddddddd  ddddddd  ddddddd          ddd           ddd      ddddddddddddddddddddddd",
        ])
    }

    /// 80 columns: one under the other, 7 rows each; the figures line
    /// holds the note. The activity's bars over 78 columns, a tick every 2
    /// months; the magnitudes' 16 bins over 76 columns (4 or 5 each), a
    /// tick every 0.2.
    @Test func oneUnderTheOtherBelowAHundredColumns() {
        expectScreen(Self.render(width: 80, height: 14, unicode: true), lines: [
            "23 quakes per 1mo · tallest 8",
            " │         █████",
            "5┤         █████▄▄▄▄▄",
            " │         ██████████     █████                                            ▄▄▄▄▄",
            " │████     ██████████▄▄▄▄▄█████                                            █████",
            "0└┬────────┬────^────┬─────────┬─────────┬─────────┬────────┬─────────┬─────────",
            "        2017-05   2017-07   2017-09   2017-11   2018-01  2018-03   2018-05",
            "Mc 1.2 · b 0.98 ± 0.05 · a 3.79 · 409 ≥ Mc · 312 without a magnitude",
            " 1k┤ •    •  ⢀⣀•Mc⣀⣀⣀⡀",
            "100┤         ▅▅▅▅▅▄▄•▄▄▃•▃▃▂▂•▂▂⠉⠑•⠒⠒⠒⠒•⠒⠒⠒•⠒⠢⠤⠤•⠤⠤⠤⠤⠤⠤⠤⠤⠤⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀",
            " 10┤    ▆▆▆▆▆████████████████████████▇▇▇▇▇▆▆▆▆▅▅▅▅▅▃▃•▃▃▂▂•▂▂ •    •  ⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉",
            "  1┤▇▇▇▇█████████████████████████████████████████████████████▇▇▇▇▅▅▅▅▅▃▃•▃▃▁▁•▁▁",
            "   └──┬────────┬─────────┬────────┬─────────┬────────┬─────────┬────────┬───────",
            "     1.0      1.2       1.4      1.6       1.8      2.0       2.2      2.4",
        ], styles: [
            "bbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
            " d",
            "dd",
            " d",
            " d",
            "ddddddddddddddddbddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
            "        ddddddd   ddddddd   ddddddd   ddddddd   ddddddd  ddddddd   ddddddd",
            "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
            "dddd y    y  nnybbnnnn",
            "dddd                y   y    y  nnynnnnynnnynnnnynnnnnnnnnnnnnnnnnnnnn",
            "dddd                                                 y    y   y    y  nnnnnnnnnn",
            "dddd                                                                    y    y",
            "   ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
            "     ddd      ddd       ddd      ddd       ddd      ddd       ddd      ddd",
        ])
    }

    /// Outside UTF-8: `#` per whole cell (fractions left out), `*` dots, a
    /// `-` for each cell of the fitted line, `|` and `+` for the axes, `-`
    /// separators, `+-` and `>=`. Mc's `|` shows where no bar or dot is.
    @Test func plainCharactersOutsideUTF8() {
        expectScreen(Self.render(width: 100, height: 7, unicode: false), lines: [
            "23 quakes per 1mo - tallest 8                     Mc 1.2 - b 0.98 +- 0.05 - a 3.79 - 409 >= Mc",
            " |     ###                                         1k+*  * -*Mc--",
            "5+     ###                                        100+      |  *--*--*--*--*-*--*-------------",
            " |     ######   ###                                10+     ###############         *  *  *  * ------",
            " |##   ######   ###                           ###   1+  ################################       *  *",
            "0+--+-----^--+--------+--------+--------+--------    +-+-------------+--------------+-------------+-",
            " 2017-04  2017-07  2017-10  2018-01  2018-04          1.0           1.5      312 without a magnitude",
        ], styles: [
            "bbbbbbbbbbbbbbbbbbbbbbbbbbbbb                     bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
            " d                                                ddddy  y nybbnn",
            "dd                                                dddd      b  ynnynnynnynnynynnynnnnnnnnnnnnn",
            " d                                                dddd                             y  y  y  y nnnnnn",
            " d                                                dddd                                         y  y",
            "ddddddddddbdddddddddddddddddddddddddddddddddddddd    ddddddddddddddddddddddddddddddddddddddddddddddd",
            " ddddddd  ddddddd  ddddddd  ddddddd  ddddddd          ddd           ddd      ddddddddddddddddddddddd",
        ])
    }

    /// The second layout, 100 columns: magnitude over time from M1 to M6
    /// (whole magnitudes around 1.0…5.3), 16 dot rows over 4 rows, a
    /// magnitude's dot row round((6 − M) / 5 × 15): 5.3 → 2 (row 0), 4.1 →
    /// 6 (row 1), 2.5 → 11 (row 2), 1.2 → 14 and 1.0 → 15 (row 3); each
    /// cell in its largest magnitude's colour (few quakes a cell: no
    /// density); ticks at 2, 4, 6 on their dot rows. The cumulative count
    /// rises 2, 10, 15, 23 at its bins' starts, ticks at 0, 10, 20. Both
    /// time axes the activity chart's, the `^` under June 2017. Mc (1.2,
    /// the magnitude chart's) in the title and as a bold `Mc┤` on its row
    /// (row 3, where the tick at 2 gives way; the label column two wide),
    /// dotted bold across that row's empty cells.
    @Test func magnitudeOverTimeAndTheCumulativeCount() {
        var screen = Screen(width: 100, height: 7)
        ChartsView(charts: Self.timelineCharts, selectedTime: Self.selectedTime, unicode: true, layout: .timeline)
            .render(in: Rect(screen), into: &screen)
        expectScreen(screen, lines: [
        "magnitude over time · 23 quakes · Mc 1.2          23 quakes · cumulative",
        " 6┤                                           ⠄   20┤              ⡤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠏⠉⠉",
        " 4┤     ⠠                                           │        ⡖⠒⠒⠒⠒⠒⠃",
        "  │⡀                                              10┤     ⡏⠉⠉⠁",
        "Mc┤⡀┄┄┄┄⠠┄┄⠠┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄  0┤⡤⠤⠤⠤⠤⠇",
        "  └──┬─────^──┬────────┬───────┬────────┬────────   └──┬─────^──┬────────┬────────┬────────┬────────",
        "  2017-04  2017-07  2017-10 2018-01  2018-04        2017-04  2017-07  2017-10  2018-01  2018-04",
        ], styles: [
        "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb          bbbbbbbbbbbbbbbbbbbbbb",
        "ddd                                           m   ddd              nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn",
        "ddd     r                                           d        nnnnnnn",
        "  do                                              ddd     nnnn",
        "bbbybbbbybbybbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb dddnnnnnn",
        "  dddddddddbddddddddddddddddddddddddddddddddddddd   dddddddddbdddddddddddddddddddddddddddddddddddddd",
        "  ddddddd  ddddddd  ddddddd ddddddd  ddddddd        ddddddd  ddddddd  ddddddd  ddddddd  ddddddd",
        ])
    }

    /// Fewer than 50 quakes from Mc up: no b-value, no line; Mc still marked.
    @Test func tooFewQuakesForABValue() {
        let magnitudes = MagnitudeFrequency(bins: [MagnitudeBin(tenths: 20, count: 3, cumulative: 4),
                                                   MagnitudeBin(tenths: 21, count: 1, cumulative: 1)],
                                            withoutMagnitude: 0, mc: 2.0, fit: nil)
        var screen = Screen(width: 45, height: 5)
        MagnitudeChartView(magnitudes: magnitudes, unicode: true).render(in: Rect(screen), into: &screen)
        // One decade over 2 rows: 3 → round(0.477 × 16) = 8 eighths (█); 1 → 1 (▁). N(≥ M) 4 → round(0.60)
        // = 1 row up, 1 → 0 (over the ▁). The two bins over 42 columns, 21 each; Mc's column (10) is
        // full below its dot, `Mc` beside it. Ticks at the bins' 2.0 and 2.1, none between.
        expectScreen(screen, lines: ["too few quakes for a b-value (n < 50)",
                                     "10┤          •Mc",
                                     " 1┤█████████████████████▁▁▁▁▁▁▁▁▁▁•▁▁▁▁▁▁▁▁▁▁",
                                     "  └──────────┬────────────────────┬──────────",
                                     "            2.0                  2.1"],
                     styles: [String(repeating: "b", count: 37), "ddd          ybb", "ddd                               y",
                              "  " + String(repeating: "d", count: 43), "            ddd                  ddd"])
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
