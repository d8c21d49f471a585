import Foundation
import GRDB
import QuakeStore
import TerminalUI
import Testing
import TestSupport
@testable import QuakesApp

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

    @Test func xThenXShowsTheSectionOfTheResultsAndXClosesIt() throws {
        let h = try BrowserHarness(width: 110, height: 34)
        _ = try QuakeImporter(catalog: h.catalog).importData(try Data(contentsOf: URL(fileURLWithPath: Fixture.month2014)),
                                                             name: "month")
        try h.refresh()
        try filter("Fiji", h)
        let a = try #require(h.model.selectedQuake)
        try h.press(.character("x"))
        #expect(h.lines.last == "section: A at (\(a.latitude), \(a.longitude)); x at another quake sets A′", "\(h.lines.last ?? "")")
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

        try h.press(.character("="))
        #expect(h.model.section.isStretched)
        try h.press(.character("x"))
        #expect(h.lines.last == "section closed" && !h.lines[1].hasPrefix("section"))
    }
}
