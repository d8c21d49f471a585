import Foundation
import GRDB
import QuakeCharts
import QuakeQuery
@testable import QuakesApp
import TerminalUI
import Testing
import TestSupport

/// The charts pane in the browser: `c` shows it over the table (under the
/// map), `c` again shows its second layout, `c` a third time hides it; it
/// follows the results. The harness answers
/// the pane's asks with the browser's own `ChartAggregates` (its figures
/// are checked against an independent computation in QuakeChartsTests);
/// the bars' arithmetic is checked by hand in ChartsViewTests, these check
/// the plumbing and where the pane goes.
@Suite(.timeLimit(.minutes(10)))
struct ChartsBrowseScreenTests {
    /// 100×24: the charts side by side in a third of the 22 middle rows (7),
    /// under the top line; the table below. The week's 4,714 quakes in 29
    /// six-hour bins from 2018-06-07 06:00 to 2018-06-14 06:00 over 45
    /// columns, a tick each second day (the year said nowhere: no room),
    /// the `^` under the last bin, which holds the selected (newest) quake.
    /// Magnitudes -0.4 up over 46 columns, ticks each whole magnitude up to
    /// where the note (one without a magnitude) begins.
    static let shownLines = [
        " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼",
        "4,714 quakes per 6h · tallest 283                 Mc 2.4 · b 0.95 ± 0.03 · a 5.48 · 1,573 ≥ Mc",
        "   │    ▃▃▃     ▆           ▄▄     █   ▁▁▅        10k┤••• •• •• ••• •• •• |Mc",
        "200┤   ▃███   ███▃▃  ▂▅▅   ▇██▂  ▂▂█   ███   ▅▅   100┤     ▂▂▂▂▂▂▂▁▁▃▆▆▆▆▆••▅•••⠤••⡀•• •",
        "100┤ ▅▅████▆▆██████▁▁███▃▆▆████▅▅███  ▆███▅▅▃██▅▅  10┤▂▃▅▅▇███████████████████▇▅▅▃▃▃▁⠉⠒▃••▂••⡀••",
        "   │▅████████████████████████████████████████████   1┤█████████████████████████████████████████▄▄••▁",
        "  0└────┬────────────┬───────────┬───────────┬─^─    └───┬──────┬──────┬──────┬──────┬───────┬──────",
        "      06-08        06-10       06-12       06-14        0.0    1.0    2.0      1 without a magnitude",
        "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
        "  2018-06-14 09:12:13 47 min ago     2.9 5km SW of Volcano, Hawa…      1.5   19.394  -155.275 hv",
        "  2018-06-14 09:11:44 48 min ago     2.1 1km W of Volcano, Hawaii      0.5   19.434  -155.254 hv",
        "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA         4.3   33.491  -116.791 ci",
        "  2018-06-14 09:08:57 51 min ago     3.0 6km SW of Volcano, Hawa…      0.8   19.390  -155.276 hv",
        "  2018-06-14 09:08:20 51 min ago     2.9 7km SW of Volcano, Hawa…      0.3   19.376  -155.278 hv",
        "  2018-06-14 09:07:01 52 min ago     2.9 3km SW of Volcano, Hawa…      0.6   19.409  -155.259 hv",
        "  2018-06-14 09:06:48 53 min ago     2.9 6km WSW of Volcano, Haw…     -0.6   19.413  -155.299 hv",
        "  2018-06-14 09:05:49 54 min ago     2.6 3km SSW of Volcano, Haw…      1.0   19.402  -155.253 hv",
        "  2018-06-14 09:02:42 57 min ago     2.7 12km SSE of Volcano, Ha…      2.0   19.325  -155.214 hv",
        "  2018-06-14 09:02:07 57 min ago     2.9 30km WNW of Volcano, Ha…      6.0   19.557  -155.500 hv",
        "  2018-06-14 09:00:30 59 min ago     2.4 6km WSW of Volcano, Haw…      0.7   19.412  -155.292 hv",
        "  2018-06-14 09:00:00    1 h ago     4.2 東京都の近く、関東地方…      10.0   35.680   139.770 jp",
        "  2018-06-14 08:59:57    1 h ago     2.3 3km WSW of Volcano, Haw…      0.6   19.420  -155.268 hv",
        "  2018-06-14 08:56:03    1 h ago     2.5 4km SW of Volcano, Hawa…      0.6   19.403  -155.265 hv",
        "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
    ]

    static let shownStyles = [
        "####################################################################################################",
        "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb                 bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
        "   d                                              ddddyyy yy yy yyy yy yy bbb",
        "dddd                                              dddd                    yy yyynyynyy y",
        "dddd                                              dddd                               nn yy yynyy",
        "   d                                              dddd                                           yy",
        "dddddddddddddddddddddddddddddddddddddddddddddddbd    ddddddddddddddddddddddddddddddddddddddddddddddd",
        "      ddddd        ddddd       ddddd       ddddd        ddd    ddd    ddd      ddddddddddddddddddddd",
        "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
        "#################################OOOOOOO############################################################",
        "                                 ooooooo",
        "                                 ggggggg",
        "                                 rrrrrrr",
        "                                 ooooooo",
        "                                 ooooooo",
        "                                 ooooooo",
        "                                 ooooooo",
        "                                 ooooooo",
        "                                 ooooooo",
        "                                 ooooooo",
        "                                 rrrrrrr",
        "                                 ooooooo",
        "                                 ooooooo",
        "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
    ]

    @Test func cShowsTheChartsOverTheTableAndCAgainHidesThem() throws {
        let browser = try BrowserHarness(width: 100, height: 24)
        let before = browser.screen
        try browser.press(.character("c"))
        expectScreen(browser.screen, lines: Self.shownLines, styles: Self.shownStyles)
        try browser.press(.character("c"))
        expectScreen(browser.screen, lines: [Self.shownLines[0]] + Self.timelineLines + Array(Self.shownLines[8...]),
                     styles: [Self.shownStyles[0]] + Self.timelineStyles + Array(Self.shownStyles[8...]))
        try browser.press(.character("c"))
        #expect(browser.screen.fullLines == before.fullLines)
        #expect(browser.screen.styleMask(Legend.browse) == before.styleMask(Legend.browse))
    }

    /// `c` again: magnitude over time and the cumulative count. The week's
    /// quakes in hourly bins (at most four a braille dot across: 169 over
    /// 90 dots), each cell coloured by how many quakes it holds (digits:
    /// the density ramp, 1 darkest), magnitudes 0 to 5 (whole, ticks every
    /// 2); Mc 2.4 in the title and as `Mc┤` on its row, whose cells are all
    /// drawn (no dotted line shows); the cumulative count rising to 4,714
    /// with ticks every 2,000.
    static let timelineLines = [
        "magnitude over time · 4,714 quakes · Mc 2.4       4,714 quakes · cumulative",
        " 5┤ ⢤⠠ ⢀⢀⠄⢠ ⢀⣀⢠⠄⠄⢠⢀⣤⢀⢀⢀⠄⣄⡀⢠⠤⣀⠠⣄⠰⣄ ⡠⠠⡄⡠⢀⢇⡄⠂⠤⢄ ⡠⠠⠂  4,000┤                                 ⣀⡤⠤⠤⠖⠒⠒⠋⠉⠉⠉",
        "  │ ⣁⣄⣬⣄⣦⣥⣴⣀⠯⣔⣬⣾⣴⣦⡄⢉⢾⣸⣤⡆⢁⣈⣿⣾⣾⣧⣌⣪⢀⣠⣴⣶⡆ ⣆⣌⣤⣼⣮ ⣅⣢⣀⣧⡅      │                     ⣀⣀⣀⡤⠤⠤⠖⠒⠒⠋⠉⠉⠁",
        "Mc┤⢐⣿⣿⣿⣿⣿⣿⣻⣿⣿⣿⣿⣿⣿⣿⣻⣟⣿⣿⣿⣿⣿⣿⣻⣿⣿⣿⣗⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣾⣻⣿⣿⠿⠁ 2,000┤          ⣀⣀⡤⠤⠤⠖⠒⠒⠋⠉⠉⠁",
        " 0┤⠈⠝⠛⠛⠈⠝⠟⠿⠍⠋⠃⠋⠘⠛⠉⠍⠃⠹⠉⠉⠿⠙⠁⠉⠉⠉⠿⠋⠛⠙⠉⠏⠘⠙⠻⠉⠃⠉⠙⠃⠉⠉⠉⠈⠉⠁     0┤⣀⣀⣀⡤⠖⠒⠋⠉⠉⠉⠁",
        "  └────┬────────────┬────────────┬───────────┬─^─      └────┬───────────┬───────────┬───────────┬─^─",
        "     06-08        06-10        06-12       06-14          06-08       06-10       06-12       06-14",
    ]
    static let timelineStyles = [
        "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb       bbbbbbbbbbbbbbbbbbbbbbbbb",
        "ddd 21 1112 122112122121212221222 2122132122 211  dddddd                                 nnnnnnnnnnn",
        "  d 333366623556663335652356776313665 35666 23563      d                     nnnnnnnnnnnnn",
        "bbb3677788876788786677776678777677886677878667872 dddddd          nnnnnnnnnnnn",
        "ddd1553255553333533222355133365553553535355522231 ddddddnnnnnnnnnnn",
        "  dddddddddddddddddddddddddddddddddddddddddddddbd      dddddddddddddddddddddddddddddddddddddddddddbd",
        "     ddddd        ddddd        ddddd       ddddd          ddddd       ddddd       ddddd       ddddd",
    ]

    /// `M`: Mc by maximum curvature + 0.2, then b-value stability, then the
    /// Kolmogorov–Smirnov test, then maximum curvature again, on the bins the pane already has (nothing
    /// asked again); the figures name the method. The count at or above
    /// Mc 2.6 is the catalog's own, counted here by SQL.
    @Test func mCyclesTheMcMethodOverTheSameBins() throws {
        nonisolated(unsafe) var asked = 0
        let browser = try BrowserHarness(width: 100, height: 24, charts: { controller, width in
            asked += 1
            return try ChartAggregates.charts(controller, width: width)
        })
        try browser.press(.character("c"))
        #expect(asked == 1)
        try browser.press(.character("M"))
        let atLeast = try browser.catalog.dbWriter.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM quake WHERE round(magnitude * 10) >= 26")!
        }
        let figures = browser.screen.lines[1].split(separator: "  ").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        #expect(figures.hasPrefix("Mc 2.6 maxc+0.2 · b ") && !figures.contains(" a "), "\(figures)")
        #expect(figures.hasSuffix(" · \(atLeast.formatted(.number)) ≥ Mc"), "\(figures) \(atLeast)")
        #expect(browser.screen.lines.last?.contains("Mc by maxc+0.2") == true)
        try browser.press(.character("M"))
        #expect(browser.screen.lines[1].contains(" mbs · b "), "\(browser.screen.lines[1])")
        try browser.press(.character("M"))
        // The week mixes ml, md and mb: the KS test passes only at Mc 4.5 (75 quakes at or above it).
        #expect(browser.screen.lines[1].hasSuffix("Mc 4.5 ks · b 0.98 ± 0.08 · 75 ≥ Mc"), "\(browser.screen.lines[1])")
        let above45 = try browser.catalog.dbWriter.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM quake WHERE round(magnitude * 10) >= 45")!
        }
        #expect(above45 == 75)
        try browser.press(.character("M"))
        #expect(browser.screen.lines[1] == Self.shownLines[1])
        #expect(asked == 1)
    }

    /// `/alaska`: new results, new charts: 316 quakes (as FilterTests'
    /// oracle counts them), in 6 h bins, with a fit of their own.
    @Test func theChartsFollowTheResults() throws {
        let browser = try BrowserHarness(width: 100, height: 24)
        try browser.press(.character("c"))
        try browser.type("/alaska")
        try browser.press(.enter)
        #expect(Array(browser.screen.lines[1...7]) == [
        "316 quakes per 6h · tallest 20                    Mc 1.6 · b 0.72 ± 0.06 · a 3.34 · 153 ≥ Mc",
        "20┤   █  ▂    ▃▃▃   ▆▆ ▂▂                          1k┤                 |Mc",
        "  │ ▂▂██████▃▃███   ██ ██        ▃▃▃ ▃▃  ▅  ▂     100┤••••••• ••••••• ••••••⠤••••••",
        "10┤ ██████████████  ██▃██▃▆▆▅▃▃▅▅███▆██  █▆▆█▅▅    10┤        ▂ ▂▆█▇██▆█▅▄▅▂▂▃▃   ▁•⠉•••••••⠤•••••⡀",
        "  │▅███████████████████████████████████████████▅▅   1┤▁▁▃ ▁▃  █████████████████▅▅▃█  ▇▃█▁▁   ▁▁▃▁▆•▅",
        " 0└────┬────────────┬────────────┬───────────┬─^─    └──────────┬───────────┬──────────┬───────────┬",
        "     06-08        06-10        06-12       06-14               1.0         2.0        3.0",
        ])
    }

    /// The pane asks once per complete results and width: the columns the
    /// activity chart's bins fit (49 of 100 columns side by side, all 80
    /// one under the other, less 7 for the count axis); nothing while hidden.
    @Test func asksOncePerResultsAndWidth() throws {
        nonisolated(unsafe) var asked: [Int] = []
        let browser = try BrowserHarness(width: 100, height: 24, charts: { controller, width in
            asked.append(width)
            return try ChartAggregates.charts(controller, width: width)
        })
        try browser.press(.character("j"))
        #expect(asked == [])
        try browser.press(.character("c"))
        #expect(asked == [42])
        try browser.press(.character("j"), .character("k"))
        #expect(asked == [42])
        try browser.resize(width: 80, height: 24)
        #expect(asked == [42, 73])
        try browser.type("/alaska")
        try browser.press(.enter)
        #expect(asked.count > 2 && asked.dropFirst(2).allSatisfy { $0 == 73 })
        // A sort and sections order the same quakes: no charts are asked anew.
        let count = asked.count
        try browser.press(.character("2"), .character("s"))
        #expect(browser.controller.sortKeys.first?.field == .magnitude && browser.controller.sectionIdentifier != nil)
        #expect(asked.count == count)
        // The second layout is asked for once; hidden, nothing is.
        try browser.press(.character("c"))
        #expect(asked.count == count + 1)
        try browser.press(.character("c"), .character("/"), .character("x"), .enter)
        #expect(asked.count == count + 1)
    }

    /// Where the pane goes: over the table; under the map above the table
    /// (the map and the table share what it leaves); under the map alone.
    /// A third of the middle from 100 columns, half below.
    @Test func layoutPlacesThePane() {
        let table = BrowseLayout(width: 100, height: 24, charts: true)
        #expect(table.charts == Rect(x: 0, y: 1, width: 100, height: 7))
        #expect(table.table == Rect(x: 0, y: 8, width: 100, height: 15))
        let map = BrowseLayout(width: 80, height: 24, panes: .mapAboveTable, charts: true)
        #expect(map.map == Rect(x: 0, y: 1, width: 80, height: 5))
        #expect(map.charts == Rect(x: 0, y: 6, width: 80, height: 11))
        #expect(map.table == Rect(x: 0, y: 17, width: 80, height: 6))
        let alone = BrowseLayout(width: 100, height: 24, panes: .mapAlone, charts: true)
        #expect(alone.map == Rect(x: 0, y: 1, width: 100, height: 15))
        #expect(alone.charts == Rect(x: 0, y: 16, width: 100, height: 7))
        #expect(alone.table.height == 0)
        #expect(BrowseLayout(width: 100, height: 24).charts == nil)
    }

    /// Once the charts are shown, the magnitude chart says what the
    /// selection's magnitude types and networks are when they mix (the
    /// week's: counted here from the feed's features), and says nothing of
    /// one type of one network.
    @Test func theMagnitudeChartSaysWhatTheSelectionMixes() throws {
        let h = try BrowserHarness(width: 100, height: 24)
        h.answersMix = true
        try h.press(.character("c"))
        // The harness's quakes with a magnitude, read here row by row and
        // folded as the documents say: case and spaces ignored, none is "unknown".
        var types: [String: Int] = [:], networks: [String: Int] = [:]
        let rows = try h.catalog.dbWriter.read { db in
            try Row.fetchAll(db, sql: "SELECT magType, net FROM quake WHERE magnitude IS NOT NULL")
        }
        func folded(_ value: String?) -> String {
            let name = (value ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            return name.isEmpty ? "unknown" : name
        }
        for row in rows {
            types[folded(row[0]), default: 0] += 1
            networks[folded(row[1]), default: 0] += 1
        }
        func list(_ counts: [String: Int]) -> String {
            counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { "\($0.key) (\($0.value.formatted(.number.locale(Locale(identifier: "en_US")))))" }.joined(separator: ", ")
        }
        let expected = "mixes \(list(types)); networks \(list(networks)): b means little"
        // The pane's right half, 50 columns (the screen's lines end at their last mark).
        var shown = String(expected.prefix(50))
        while shown.hasSuffix(" ") { shown.removeLast() }
        #expect(String(h.lines[2].dropFirst(50)) == shown, "\(h.lines.joined(separator: "\n"))")
        try h.press(.character(":"))
        try h.type(#"magType == "ml" AND net == "hv""#)
        try h.press(.enter)
        #expect(!h.lines.contains { $0.contains("mixes") }, "\(h.lines.joined(separator: "\n"))")
    }
}
