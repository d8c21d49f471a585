import Foundation
import GRDB
import QuakeStore
import Testing
import TerminalUI
import TestSupport
@testable import QuakesApp

/// Rows past the page on screen are read as the user scrolls to them (a
/// new page). When that read fails (the file was damaged under the
/// browser), the bottom line says so in one line; the rows not read stay
/// placeholders.
@Suite struct RowReadFailureTests {
    @Test func aDamagedCatalogFoundWhileScrollingIsSaidOnTheBottomLine() throws {
        let h = try BrowserHarness(width: 130, height: 8)
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                           4 Depth    5 Lat     6 Lon 7 Net 8 Type      9 Status",
            "  2018-06-14 09:12:13 47 min ago     2.9 5km SW of Volcano, Hawaii             1.5   19.394  -155.275 hv    earthquake  automatic",
            "  2018-06-14 09:11:44 48 min ago     2.1 1km W of Volcano, Hawaii              0.5   19.434  -155.254 hv    earthquake  automatic",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA                 4.3   33.491  -116.791 ci    earthquake  automatic",
            "  2018-06-14 09:08:57 51 min ago     3.0 6km SW of Volcano, Hawaii             0.8   19.390  -155.276 hv    earthquake  automatic",
            "  2018-06-14 09:08:20 51 min ago     2.9 7km SW of Volcano, Hawaii             0.3   19.376  -155.278 hv    earthquake  automatic",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "##################################################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb bbbbbbbbbbb bbbbbbbbb",
            "#################################OOOOOOO##########################################################################################",
            "                                 ooooooo",
            "                                 ggggggg",
            "                                 rrrrrrr",
            "                                 ooooooo",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
        try h.catalog.dbWriter.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        let size = try FileManager.default.attributesOfItem(atPath: h.catalog.path)[.size] as! Int
        let garbage = CatalogDamage.garbage(count: size - 4096)
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: h.catalog.path))
        try file.seek(toOffset: 4096)   // every page but the first
        try file.write(contentsOf: garbage)
        try file.close()

        // G: the last rows, not in the page, are asked for; their page says why they are missing.
        h.pressWithoutResults(.character("G"))
        try h.runEffects()
        // The error in one line, cut at the screen's edge (the path is a
        // temporary folder's), red bold over a red line; the rest of the
        // screen stays, the rows that could not be read placeholders.
        let error = "error: database \(h.catalog.path): cannot read: database is corrupt"
        let shown = String(error.prefix(130))
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 4,714  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place                           4 Depth    5 Lat     6 Lon 7 Net 8 Type      9 Status",
            "  …",
            "  …",
            "  …",
            "  …",
            "  …",
            shown,
        ], styles: [
            String(repeating: "#", count: 130),
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb bbbbbbbbbbb bbbbbbbbb",
            "  d",
            "  d",
            "  d",
            "  d",
            String(repeating: "D", count: 130),
            String(repeating: "!", count: shown.count) + String(repeating: "r", count: 130 - shown.count),
        ], "the rest of the screen stays")
    }
}
