import Foundation
import QuakeStore
import TerminalUI
import TestSupport
import Testing
@testable import QuakesApp

/// A feed can hold anything in its texts: escape sequences, BEL, newlines,
/// C1 controls. The browser shows them as `^[`, `^G`, `^J` and U+FFFD, in
/// rows, details and status messages, each row one line of its width.
/// Screens are compared whole, as in `BrowseScreenTests`.
@Suite struct ControlCharacterScreenTests {
    /// The place retitles an xterm (OSC 0 … BEL), breaks the line, and ends
    /// in a C1 CSI; the network colors the rest of the screen red.
    static let feed = singleQuakeFeed(id: "zz0001", place: #"\u001b]0;TITLE\u0007Evil\nPlace\u009b"#, magnitude: 2.5,
                                      time: 1_528_970_000_000, latitude: 2, longitude: 1, depth: 3)
        .replacingOccurrences(of: #""net":"zz""#, with: #""net":"z\u001b[31m""#)

    static func harness(width: Int = 130, height: Int = 8) throws -> BrowserHarness {
        try BrowserHarness(width: width, height: height, feeds: [feed])
    }

    @Test func aRowShowsControlCharactersVisiblyInItsColumns() throws {
        let h = try Self.harness()
        // The newest row, selected: its place 24 columns of visible text, its
        // network cut in its five; the next row is its own line.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,715 quakes  row 1  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                           4 Depth    5 Lat     6 Lon 7 Net 8 Type      9 Status",
            "  2018-06-14 09:53:20  6 min ago     2.5 ^[]0;TITLE^GEvil^JPlace�              3.0    2.000     1.000 z^[[… earthquake  reviewed",
            "  2018-06-14 09:12:13 47 min ago     2.9 5km SW of Volcano, Hawaii             1.5   19.394  -155.275 hv    earthquake  automatic",
            "  2018-06-14 09:11:44 48 min ago     2.1 1km W of Volcano, Hawaii              0.5   19.434  -155.254 hv    earthquake  automatic",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA                 4.3   33.491  -116.791 ci    earthquake  automatic",
            "  2018-06-14 09:08:57 51 min ago     3.0 6km SW of Volcano, Hawaii             0.8   19.390  -155.276 hv    earthquake  automatic",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "##################################################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb bbbbbbbbbbb bbbbbbbbb",
            "#################################OOOOOOO##########################################################################################",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ggggggg",
            "                                 rrrrrrr",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], "the next row is its own line")
        Self.expectNoControlCharacters(h.screen)
    }

    @Test func detailsAndStatusMessagesShowThemVisiblyToo() throws {
        let h = try Self.harness(width: 100, height: 24)
        try h.press(.enter)
        // 'T': the title, orange bold as M 2.5 is orange.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,715 quakes  row 1  by time ▼",
            " M 2.5 - ^[]0;TITLE^GEvil^JPlace�",
            "",
            " Id            zz0001",
            " Time          2018-06-14 09:53:20 UTC  ·  6 min ago",
            " UTC           2018-06-14 09:53:20.000",
            " Magnitude     2.50 mb",
            " Place         ^[]0;TITLE^GEvil^JPlace�",
            " Coordinates   2.0000°N  1.0000°E",
            " Depth         3.00 km",
            " Status        reviewed",
            " Alert         none",
            " Tsunami       no",
            " Felt          no reports",
            " Significance  100",
            " Network       z^[[31m  code 0001",
            " Type          earthquake",
            " Updated       2018-06-14 09:53:20 UTC",
            " URL           https://earthquake.usgs.gov/earthquakes/eventpage/zz0001",
            "",
            "",
            "",
            "",
            "Esc back  j/k next/previous quake  m merge",
        ], styles: [
            "####################################################################################################",
            "TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTT",
            "",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "dddddddddddddd",
            "",
            "",
            "",
            "",
            "dddddddddddddddddddddddddddddddddddddddddd",
        ], extra: [Style(foreground: .orange, bold: true): "T"])
        Self.expectNoControlCharacters(h.screen)

        try h.press(.escape, .character("d"))
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,715 quakes  row 1  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                   4 Depth    5 Lat     6 Lon 7 Net",
            "  2018-06-14 09:53:20  6 min ago     2.5 ^[]0;TITLE^GEvil^JPlace�      3.0    2.000     1.000 z^[[…",
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
            "  2018-06-14 08:54:46    1 h ago     2.3 3km SW of Volcano, Hawa…     -0.8   19.408  -155.260 hv",
            "  2018-06-14 08:54:07    1 h ago     2.3 4km W of Volcano, Hawaii      0.2   19.431  -155.279 hv",
            "  2018-06-14 08:52:48    1 h ago     2.2 4km SSW of Volcano, Haw…      1.4   19.397  -155.259 hv",
            "  2018-06-14 08:49:30    1 h ago     2.5 3km WSW of Volcano, Haw…      1.8   19.417  -155.264 hv",
            "  2018-06-14 08:48:47    1 h ago     2.5 4km SW of Volcano, Hawa…      1.8   19.401  -155.271 hv",
            "  2018-06-14 08:46:40    1 h ago     0.5 10 km N of Île-de-France     10.0   48.900     2.350 fr",
            "Delete M 2.5 - ^[]0;TITLE^GEvil^JPlace�? y/n",
        ], styles: [
            "####################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb",
            "#################################OOOOOOO############################################################",
            "                                 ooooooo",
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
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ggggggg",
            "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!",
        ])
        try h.press(.character("y"))
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼",
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
            "  2018-06-14 08:54:46    1 h ago     2.3 3km SW of Volcano, Hawa…     -0.8   19.408  -155.260 hv",
            "  2018-06-14 08:54:07    1 h ago     2.3 4km W of Volcano, Hawaii      0.2   19.431  -155.279 hv",
            "  2018-06-14 08:52:48    1 h ago     2.2 4km SSW of Volcano, Haw…      1.4   19.397  -155.259 hv",
            "  2018-06-14 08:49:30    1 h ago     2.5 3km WSW of Volcano, Haw…      1.8   19.417  -155.264 hv",
            "  2018-06-14 08:48:47    1 h ago     2.5 4km SW of Volcano, Hawa…      1.8   19.401  -155.271 hv",
            "  2018-06-14 08:46:40    1 h ago     0.5 10 km N of Île-de-France     10.0   48.900     2.350 fr",
            "  2018-06-14 08:46:19    1 h ago     2.9 15km SW of Leilani Esta…      4.7   19.375  -155.034 hv",
            "deleted M 2.5 - ^[]0;TITLE^GEvil^JPlace�",
        ], styles: [
            "####################################################################################################",
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
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ooooooo",
            "                                 ggggggg",
            "                                 ooooooo",
            "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
        ])
        Self.expectNoControlCharacters(h.screen)
    }

    static func expectNoControlCharacters(_ screen: Screen, sourceLocation: SourceLocation = #_sourceLocation) {
        for (row, line) in screen.fullLines.enumerated() {
            #expect(!line.unicodeScalars.contains(where: TerminalText.isControl), "row \(row): \(line.debugDescription)",
                    sourceLocation: sourceLocation)
        }
    }
}
