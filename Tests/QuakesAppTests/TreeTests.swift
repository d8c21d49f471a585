import Foundation
import GRDB
import QuakeQuery
import QuakeSeismology
import QuakeStore
import QuakeViews
import Testing
import TestSupport
@testable import QuakesApp

/// `T`: the sections as a tree, folded to a line each with its count;
/// `→`/`zo` open the selection's, `←`/`zc` close it; `j` `k` move over
/// lines that select (a folded section's line selects its first row).
@Suite(.timeLimit(.minutes(10)))
struct TreeTests {
    /// The lines of the table's body, trimmed.
    static func body(_ h: BrowserHarness) -> [String] {
        h.lines.dropFirst(2).dropLast().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test func withoutADeclusteringTheTreeOfSequencesIsFoldedIntoEachMainshocksLine() throws {
        let h = try BrowserHarness(width: 120, height: 20)
        try SequenceBrowserTests.addGardnerKnopoffCatalogue(to: h.catalog)
        _ = try Declusterer.run(DeclusterAlgorithm.named("gk")!, on: h.catalog, predicate: nil, text: "")
        try h.refresh()
        try h.press(.character(":"))
        try h.type("place BEGINSWITH \"Equator\"")
        try h.press(.enter)
        try h.press(.character("T"))
        #expect(h.controller.sectionIdentifier == .sequence)
        #expect(h.lines.last == "tree of sequences: → opens one, ← closes it; D declusters")
        // HMTK's flags: five clusters; gk02 (M7.0) holds four quakes. Newest mainshock first.
        let folded = Self.body(h)
        #expect(folded.count == 5 && folded.allSatisfy { $0.hasPrefix("▸ ") }, "\(folded)")
        #expect(folded.first?.hasPrefix("▸ 1999-08-01 M3.8 Equator test 10 · gk10") == true, "\(folded)")
        #expect(folded.contains { $0.hasPrefix("▸ 1980-01-01 M7.0 Equator test 2 · gk02") && $0.hasSuffix("· 4 quakes") }, "\(folded)")
        #expect(h.lines[2].hasPrefix(" ▸ 1999-08-01"), "the first line selected")
        #expect(h.model.selectedIndex == 0)

        // Down to gk02's line, then open it: its four quakes under it.
        let gk02 = try #require(folded.firstIndex { $0.contains("· gk02") })
        for _ in 0..<gk02 { try h.press(.character("j")) }
        let section = try #require(h.model.tableLayout.section(ofRow: h.model.selectedIndex))
        #expect(section.id.contains("gk02") && h.model.selectedIndex == section.firstRowIndex)
        try h.press(.right)
        let opened = Self.body(h)
        #expect(opened.count == 9, "\(opened)")
        #expect(opened[gk02].hasPrefix("▾ 1980-01-01 M7.0 Equator test 2 · gk02"))
        #expect(opened[(gk02 + 1)...(gk02 + 4)].map { $0.contains("Equator test") } == [true, true, true, true], "\(opened)")
        // j moves into its rows; ← closes it again from there, the selection on its line.
        try h.press(.character("j"))
        #expect(h.model.selectedIndex == section.firstRowIndex + 1)
        try h.press(.left)
        #expect(Self.body(h).count == 5 && h.model.selectedIndex == section.firstRowIndex)
        // zo and zc as in vim.
        try h.press(.character("z"), .character("o"))
        #expect(Self.body(h).count == 9)
        try h.press(.character("z"), .character("c"))
        #expect(Self.body(h).count == 5)
        // T again: every section open.
        try h.press(.character("T"))
        #expect(Self.body(h).count == 16 && !Self.body(h).contains { $0.hasPrefix("▸") }, "\(Self.body(h))")
    }

    @Test func anySectionsFoldDaysIncludedAndTheFoldedLineShowsTheSelection() throws {
        let h = try BrowserHarness(width: 100, height: 14)
        try h.press(.character("s"))   // day sections
        try h.press(.character("T"))
        #expect(h.lines.last == "tree: → opens a section, ← closes it")
        let counts = try h.catalog.dbWriter.read { db in
            try Row.fetchAll(db, sql: "SELECT day, count(*) AS n FROM quake GROUP BY day ORDER BY day DESC")
                .map { (day: $0["day"] as String, count: $0["n"] as Int) }
        }
        #expect(Self.body(h) == counts.map { "▸ \($0.day) · \(Formatting.count($0.count)) quakes" }, "\(Self.body(h))")
        #expect(h.lines[2].hasPrefix(" ▸ 2018-06-14"))
        try h.press(.character("G"))
        #expect(h.model.selectedIndex == h.model.rowCount - 1, "the last row, on the last day's line")
        #expect(Self.body(h).count == counts.count)
    }
}
