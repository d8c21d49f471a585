import Foundation
import GRDB
import QuakeStore
import TerminalUI
import Testing
import TestSupport
@testable import QuakesApp
import QuakeViews

/// `x` at a quake sets a cross-section's A, `x` at another its A′: the
/// section pane shows in the charts' place with the results' quakes in the
/// corridor (counted here from every row of the catalog, placed by
/// `Profile`, which SectionCommandTests checks against GMT); the filter
/// narrows it as it narrows the table; `=` stretches it; `x` closes it.
@Suite(.timeLimit(.minutes(10)))
struct SectionPaneTests {
    func filter(_ text: String, _ h: BrowserHarness) throws {
        try h.press(.character("/"))
        try h.press(.control("u"))
        try h.type(text)
        try h.press(.enter)
    }

    /// A browser on the real M4.5+ month of 2014.
    func monthBrowser() throws -> BrowserHarness {
        let h = try BrowserHarness(width: 110, height: 34)
        _ = try QuakeImporter(catalog: h.catalog).importData(try Data(contentsOf: URL(fileURLWithPath: Fixture.month2014)),
                                                             name: "month")
        try h.refresh()
        return h
    }

    @Test func xThenXShowsTheSectionOfTheResultsAndXClosesIt() throws {
        let h = try monthBrowser()
        try filter("Fiji", h)
        let a = try #require(h.model.selectedQuake)
        try h.press(.character("x"))
        #expect(h.lines.last == "section: A at (\(a.latitude), \(a.longitude)); x at another quake sets A′ (or click it)", "\(h.lines.last ?? "")")
        try filter("Tonga", h)
        let b = try #require(h.model.selectedQuake)
        try h.press(.character("x"))
        try filter("", h)
        let profile = Profile(start: (a.latitude, a.longitude), end: (b.latitude, b.longitude), halfWidthKilometres: 100)
        let rows = try h.catalog.dbWriter.read { db in try Row.fetchAll(db, sql: "SELECT latitude, longitude FROM quake") }
        let inSection = rows.filter { profile.contains(latitude: $0["latitude"], longitude: $0["longitude"]) }.count
        #expect(inSection >= 3)
        let length = Int(profile.lengthKilometres.rounded())
        #expect(h.lines[1] == "section A–A′ \(length) km ±100 km: \(inSection) quakes; depth km down", "\(h.lines[1])")
        #expect(h.lines[2].hasPrefix("   0┤"), "the depth axis: \(h.lines[2])")
        // The table under the pane, its first row the newest quake.
        #expect(h.lines.contains { $0.hasPrefix("  1 Time ▼") })

        // A filter narrows the section as it narrows the table.
        try filter("Tonga", h)
        let tonga = try h.catalog.dbWriter.read { db in
            try Row.fetchAll(db, sql: "SELECT latitude, longitude FROM quake WHERE place LIKE '%Tonga%'")
        }.filter { profile.contains(latitude: $0["latitude"], longitude: $0["longitude"]) }.count
        #expect(h.lines[1] == "section A–A′ \(length) km ±100 km: \(tonga) \(tonga == 1 ? "quake" : "quakes"); depth km down",
                "\(h.lines[1])")
        // The selected quake (A′'s, in the section) is the ◆.
        #expect(h.lines[2...10].contains { $0.contains("◆") }, "\(h.lines.joined(separator: "\n"))")

        // `V` from the table colors the section's quakes by depth, then time (read for it), then magnitude.
        try h.press(.character("V"))
        #expect(h.model.map.coloring == .depth && h.lines.last == "section: color by depth", "\(h.lines.last ?? "")")
        try h.press(.character("V"))
        guard case .quakes(let timed, _)? = h.model.section.contents else { Issue.record("no quakes"); return }
        #expect(h.model.map.coloring == .time && timed.allSatisfy { $0.quake.time.timeIntervalSince1970 > 0 }, "times read to color by time")
        try h.press(.character("V"))
        #expect(h.model.map.coloring == .magnitude)

        try h.press(.character("="))
        #expect(h.model.section.isStretched)
        try h.press(.character("x"))
        #expect(h.lines.last == "section closed" && !h.lines[1].hasPrefix("section"))
    }

    /// A click in the section selects the quake drawn there, as a click on
    /// the map does: here the section's deepest quake, placed by `Profile`
    /// (checked against GMT) in the pane's plot; a click where nothing is
    /// drawn says so and keeps the selection.
    @Test func aClickInTheSectionSelectsItsQuake() throws {
        let h = try monthBrowser()
        try filter("Fiji", h)
        try h.press(.character("x"))
        try filter("Tonga", h)
        try h.press(.character("x"))
        try filter("", h)
        let profile = try #require(h.model.section.profile)
        guard case .quakes(let quakes, _)? = h.model.section.contents else { Issue.record("no quakes"); return }
        let deepest = try #require(quakes.max { $0.quake.depth < $1.quake.depth })
        let charts = try #require(h.state.layout.charts)
        let plot = Rect(x: charts.x, y: charts.y + 1, width: charts.width, height: charts.height - 1)
        let view = SectionPlotView(lengthKilometres: profile.lengthKilometres,
                                   points: quakes.map { .init(along: $0.along, depth: $0.quake.depth, magnitude: $0.quake.magnitude) },
                                   unicode: true, cellAspect: h.model.map.cellAspect)
        let cell = try #require(view.cell(of: .init(along: deepest.along, depth: deepest.quake.depth), in: plot))
        #expect(h.model.selectedQuake?.id != deepest.quake.id)
        try h.event(.mouse(MouseEvent(.press, row: cell.row, column: cell.column)))
        let selected = try #require(h.model.selectedQuake)
        // The deepest, or a quake drawn in the very same cell.
        let selectedCell = quakes.first { $0.quake.id == selected.id }.flatMap {
            view.cell(of: .init(along: $0.along, depth: $0.quake.depth), in: plot)
        }
        #expect(selected.id == deepest.quake.id || (selectedCell?.column == cell.column && selectedCell?.row == cell.row),
                "\(selected.id) at \(String(describing: selectedCell)), clicked \(cell)")
        // A cell of the plot with no quake drawn within two cells: nothing there.
        let drawn = quakes.compactMap { view.cell(of: .init(along: $0.along, depth: $0.quake.depth), in: plot) }
        let empty = try #require((plot.y..<plot.maxY).lazy.flatMap { row in (plot.x..<plot.maxX).lazy.map { (row: row, column: $0) } }
            .first { spot in !drawn.contains { max(abs($0.row - spot.row), abs($0.column - spot.column)) <= 2 } })
        try h.event(.mouse(MouseEvent(.press, row: empty.row, column: empty.column)))
        #expect(h.model.selectedQuake?.id == selected.id)
        #expect(h.lines.last == "no quake of the section there", "\(h.lines.last ?? "")")
    }

    /// With the map's focus, `x` then two clicks on the map: A and A′ are
    /// the points clicked (the map's own projection says where), the map
    /// draws the line between them in the section's cyan and labels its
    /// ends, and the pane shows the section of that line.
    @Test func xOnTheMapThenTwoClicksPlaceTheLine() throws {
        let h = try monthBrowser()
        try h.press(.character("m"))
        let area = try #require(h.state.layout.map)
        let frame = MapView.frame(h.state.map.region, in: area)
        #expect(h.state.map.isFocused, "m gives the map the focus")
        try h.press(.character("x"))
        #expect(h.lines.last == "section: click A on the map, then A′", "\(h.lines.last ?? "")")
        // Two cells of the map, far apart on one row.
        let (row, first, second) = (frame.projection.rows / 2, frame.projection.columns / 4, frame.projection.columns / 2)
        let a = frame.projection.point(column: first, row: row), b = frame.projection.point(column: second, row: row)
        try h.event(.mouse(MouseEvent(.press, row: area.y + frame.row + row, column: area.x + frame.column + first)))
        #expect(h.state.section.start == a && h.state.section.end == nil)
        #expect(h.lines.last?.hasSuffix("click A′ on the map") == true, "\(h.lines.last ?? "")")
        try h.event(.mouse(MouseEvent(.press, row: area.y + frame.row + row, column: area.x + frame.column + second)))
        #expect(h.state.section.start == a && h.state.section.end == b)
        let profile = try #require(h.state.section.profile)
        #expect(h.lines.contains { $0.hasPrefix("section A–A′ \(Formatting.count(Int(profile.lengthKilometres.rounded()))) km ±100 km: ") },
                "\(h.lines.joined(separator: "\n"))")
        // The pane took the charts' place: the map is drawn smaller now. On it, the line: cyan bold
        // braille in every column between A's cell and A′'s (within a row of theirs: a great circle
        // bows from the parallel), `A` and `A′` beside them.
        let shown = try #require(h.state.layout.map)
        let projection = MapView.frame(h.state.map.region, in: shown).projection
        let (dotA, dotB) = (try #require(projection.dotIfInside(a)), try #require(projection.dotIfInside(b)))
        let origin = (x: shown.x + MapView.frame(h.state.map.region, in: shown).column, y: shown.y + MapView.frame(h.state.map.region, in: shown).row)
        let cyan = Style(foreground: .cyan, bold: true)
        let rows = (origin.y + dotA.y / 4 - 1)...(origin.y + dotA.y / 4 + 1)
        let columns = (origin.x + dotA.x / 2 + 2)..<(origin.x + dotB.x / 2)
        let lit = columns.filter { column in rows.contains { h.screen.style(row: $0, column: column) == cyan } }
        #expect(columns.count > 5 && lit.count >= columns.count - 1, "\(columns) \(lit) \(h.lines.joined(separator: "\n"))")
        #expect(h.lines[origin.y + dotA.y / 4].contains("A⣀") && h.lines[origin.y + dotB.y / 4].contains("A′"),
                "\(h.lines.joined(separator: "\n"))")
    }
}
