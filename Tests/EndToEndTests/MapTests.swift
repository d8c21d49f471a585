import Foundation
import Testing
import TestSupport

/// The map in the real binary: `m` shows it above the table with its legend
/// and scale line, `+` zooms around the selected quake, `R` filters to the
/// region on screen with its count (checked against the fixture's
/// coordinates and the proportions rule written out here), `R` again removes
/// it, and `m` goes on to the map alone and back to the table.
@Suite("Map", .timeLimit(.minutes(10)))
struct MapTests {
    /// `-35.3`, `54.7`, `12.36`: degrees as the scale line prints them.
    static func degrees(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// What a pane of `columns`×`rows` cells shows of a view, written out
    /// from the rule (the program's is `MapFrame`): true to proportion at
    /// the centre latitude with cells twice as tall as wide, the narrower
    /// side widened about the centre, at most the globe, latitudes moved
    /// inside ±90.
    static func shown(south: Double, north: Double, west: Double, east: Double,
                      columns: Int, rows: Int) -> (south: Double, north: Double, west: Double, east: Double) {
        let centre = (south + north) / 2, middle = (west + east) / 2
        let shrink = cos(min(85, abs(centre)) * .pi / 180)
        let scale = min(Double(columns) / ((east - west) * shrink), Double(rows) * 2 / (north - south))
        let across = min(360, Double(columns) / (scale * shrink)), down = min(180, Double(rows) * 2 / scale)
        var (s, n) = (centre - down / 2, centre + down / 2)
        if n > 90 { (s, n) = (s - (n - 90), 90) }
        if s < -90 { (s, n) = (-90, n + (-90 - s)) }
        // West kept in −180..<180 by whole turns, east following past 180.
        var (w, e) = (middle - across / 2, middle + across / 2)
        while w < -180 { (w, e) = (w + 360, e + 360) }
        while w >= 180 { (w, e) = (w - 360, e - 360) }
        return (s, n, w, e)
    }

    static func ranges(_ view: (south: Double, north: Double, west: Double, east: Double)) -> String {
        let east = view.east > 180 ? view.east - 360 : view.east
        return "lat \(degrees(view.south))…\(degrees(view.north)), lon \(degrees(view.west))…\(degrees(east))"
    }

    static func count(in view: (south: Double, north: Double, west: Double, east: Double)) -> String {
        let inView = Oracle.week.filter { quake in
            let longitude = quake.longitude < view.west ? quake.longitude + 360 : quake.longitude
            return (view.south...view.north).contains(quake.latitude) && (view.west...view.east).contains(longitude)
        }.count
        return inView.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
    }

    @Test("m shows the map, + zooms around the selection, R filters to the view and counts, R again removes it")
    func mapZoomAndRegion() throws {
        let session = try TmuxSession()
        session.waitForTable()
        // 120x40: 38 rows between the top and bottom lines, 19 of them the
        // map pane's (17 of map, the legend on row 18, the scale line on row 19).
        session.send("m")
        var pane = session.waitUntil { $0.lines[19].hasPrefix("4,711 quakes, lat") }
        #expect(pane.lines[19] == "4,711 quakes, lat -90…90, lon -180…180", "\(pane)")
        #expect(pane.lines[20].contains("1 Time ▼"), "the table's header under the map")
        #expect(pane.lines[18].hasSuffix("┤ 10,000 km"), "the legend's scale bar: \(pane.lines[18])")
        #expect(pane.bottom.hasPrefix("+ - zoom"), "the map has the focus: its keys")
        #expect(pane.lines[1...17].contains { $0.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } },
                "braille dots")

        // Zoomed by 2 around the newest quake, which keeps its place: 180°
        // by 90°, split at the quake as the world was; then shown true to
        // proportion in the pane's 120×17 cells.
        let newest = Oracle.newestFirst[0]
        let west = newest.longitude - (newest.longitude + 180) / 360 * 180
        let north = newest.latitude + (90 - newest.latitude) / 180 * 90
        let zoomed = Self.shown(south: north - 90, north: north, west: west, east: west + 180, columns: 120, rows: 17)
        let count = Self.count(in: zoomed)
        session.send("+")
        pane = session.waitUntil { $0.lines[19] == "\(count) quakes, \(Self.ranges(zoomed))" }
        #expect(pane.lines[19] == "\(count) quakes, \(Self.ranges(zoomed))", "\(pane)")

        session.send("R")
        pane = session.waitUntil { $0.top.contains("region") }
        #expect(pane.top == " quakes-tui  quakes.sqlite  \(count) of 4,711 quakes  row 1  region \(Self.ranges(zoomed))  by time ▼", "\(pane)")
        #expect(pane.lines[19] == "\(count) quakes, \(Self.ranges(zoomed))")

        session.send("R")
        pane = session.waitUntil { !$0.top.contains("region") }
        #expect(pane.top == " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by time ▼", "\(pane)")

        // The map alone: 36 rows of map, so the same view is shown taller
        // (every latitude), and its scale line sits above the bottom line.
        let alone = Self.shown(south: zoomed.south, north: zoomed.north, west: zoomed.west, east: zoomed.east,
                               columns: 120, rows: 36)
        let aloneCount = Self.count(in: alone)
        session.send("m")
        pane = session.waitUntil { $0.lines[38].hasPrefix("\(aloneCount) quakes,") }
        #expect(pane.lines[38] == "\(aloneCount) quakes, \(Self.ranges(alone))", "the map alone: \(pane)")
        session.send("m")
        pane = session.waitUntil { $0.rows.count == 37 }
        #expect(pane.rows.count == 37 && pane.bottom == SortingTests.hints, "back to the table: \(pane)")
    }

    /// `quakes-tui map` in a 60×16 terminal, sized by it: 13 rows of map,
    /// the legend and the scale line, then the shell's prompt, so the top
    /// row (the graticule's labels) is still on screen; the lines are those
    /// `--width 60 --height 13` prints into a pipe (no colors in either).
    @Test("map on a terminal fits it: the map's top row, the legend, the scale line and the prompt all show")
    func headlessMapFitsTheTerminal() throws {
        let region = ["--region", "32,37,-121,-114"]
        let session = try TmuxSession(width: 60, height: 16, arguments: region, command: ["map"],
                                      environment: ["NO_COLOR": "1"], afterwards: "printf 'PROMPT$ '")
        let piped = try runQuakesTUI(["map", "--db", session.db, "--width", "60", "--height", "13"] + region,
                                     environment: ["LC_ALL": "C.UTF-8", "XDG_CONFIG_HOME": session.folder.file("config")])
        #expect(piped.status == 0, "\(piped.stderr)")
        var expected = piped.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            var line = String(line)
            while line.last == " " { line.removeLast() }   // as tmux trims a pane's lines
            return line
        }
        expected.append("PROMPT$")
        #expect(expected.count == 16)
        #expect(expected[0].contains("°W"), "the top row holds the meridians' labels: \(expected[0])")
        let pane = session.waitUntil { $0.lines.last == "PROMPT$" }
        #expect(pane.lines == expected, "\(pane)")
    }
}
