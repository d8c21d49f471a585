import Foundation
import Testing

/// The map in the real binary: `m` shows it above the table with its scale
/// line, `+` zooms around the selected quake, `R` filters to the region on
/// screen with its count (checked against the fixture's coordinates), `R`
/// again removes it, and `m` goes on to the map alone and back to the table.
@Suite("Map", .timeLimit(.minutes(10)))
struct MapTests {
    /// `-35.3`, `54.7`, `12.36`: degrees as the scale line prints them.
    static func degrees(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    @Test("m shows the map, + zooms around the selection, R filters to the view and counts, R again removes it")
    func mapZoomAndRegion() throws {
        let session = try TmuxSession()
        session.waitForTable()
        // 120x40: 38 rows between the top and bottom lines, 19 of them the
        // map's (18 of dots, then the scale line on row 19).
        session.send("m")
        var pane = session.waitUntil { $0.lines[19].hasPrefix("4,711 quakes, lat") }
        #expect(pane.lines[19] == "4,711 quakes, lat -90…90, lon -180…180", "\(pane)")
        #expect(pane.lines[20].contains("1 Time ▼"), "the table's header under the map")
        #expect(pane.bottom.hasPrefix("+ - zoom"), "the map has the focus: its keys")
        #expect(pane.lines[1...18].contains { $0.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } },
                "braille dots")

        // Zoomed by 2 around the newest quake, which keeps its place: the
        // view spans 180° by 90°, split at the quake as the world was.
        let newest = Oracle.newestFirst[0]
        let west = newest.longitude - (newest.longitude + 180) / 360 * 180
        let north = newest.latitude + (90 - newest.latitude) / 180 * 90
        let (south, east) = (north - 90, west + 180)
        let ranges = "lat \(Self.degrees(south))…\(Self.degrees(north)), lon \(Self.degrees(west))…\(Self.degrees(east))"
        let inView = Oracle.week.filter { (south...north).contains($0.latitude) && (west...east).contains($0.longitude) }.count
        let count = inView.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
        session.send("+")
        pane = session.waitUntil { $0.lines[19] == "\(count) quakes, \(ranges)" }
        #expect(pane.lines[19] == "\(count) quakes, \(ranges)", "\(pane)")

        session.send("R")
        pane = session.waitUntil { $0.top.contains("region") }
        #expect(pane.top == " quakes-tui  quakes.sqlite  \(count) of 4,711 quakes  region \(ranges)  by time ▼", "\(pane)")
        #expect(pane.lines[19] == "\(count) quakes, \(ranges)")

        session.send("R")
        pane = session.waitUntil { !$0.top.contains("region") }
        #expect(pane.top == " quakes-tui  quakes.sqlite  4,711 quakes  by time ▼", "\(pane)")

        session.send("m")
        pane = session.waitUntil { $0.lines[38].hasPrefix("\(count) quakes,") }
        #expect(pane.lines[38] == "\(count) quakes, \(ranges)", "the map alone: its scale line above the bottom line")
        session.send("m")
        pane = session.waitUntil { $0.rows.count == 37 }
        #expect(pane.rows.count == 37 && pane.bottom == SortingTests.hints, "back to the table: \(pane)")
    }
}
