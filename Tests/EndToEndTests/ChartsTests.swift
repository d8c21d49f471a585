import Foundation
import Testing
import TestSupport

/// The charts pane in the real binary: its figures are the ones `quakes-tui
/// stats` prints for the same results.
@Suite("Charts", .timeLimit(.minutes(10)))
struct ChartsTests {
    @Test("c shows the charts over the table, /alaska changes them, c shows the others, c hides them")
    func chartsFollowTheFilter() throws {
        let session = try TmuxSession()
        session.waitForTable()
        // 120x40: side by side, 12 of the 38 middle rows (1-12); the table's header on row 13.
        session.send("c")
        var pane = session.waitUntil { $0.lines[1].hasPrefix("4,711 quakes per ") }
        #expect(pane.lines[1].hasPrefix("4,711 quakes per "), "\(pane)")
        let stats = try runQuakesTUI(["stats", "--db", session.db, "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        let (mc, b, error, a, n) = (json["mc"] as! Double, json["b"] as! Double, json["b_error"] as! Double,
                                    json["a"] as! Double, json["n_above_mc"] as! Int)
        let figures = String(format: "Mc %.1f · b %.2f ± %.2f · a %.2f · ", mc, b, error, a)
            + n.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))) + " ≥ Mc"
        #expect(pane.lines[1].hasSuffix(figures), "the week's figures, as stats computes them: \(pane)")
        #expect(pane.lines[13].contains("1 Time ▼"), "the table's header under the pane: \(pane)")

        let alaskan = Oracle.week.filter { $0.place.lowercased().contains("alaska") }.count
        #expect(alaskan == 316)
        session.type("/alaska")
        session.send("Enter")
        pane = session.waitUntil { $0.lines[1].hasPrefix("316 quakes per ") }
        #expect(pane.lines[1].hasPrefix("316 quakes per "), "\(pane)")

        session.send("c")
        pane = session.waitUntil { $0.lines[1].hasPrefix("magnitude over time · 316 quakes") }
        #expect(pane.lines[1].hasPrefix("magnitude over time · 316 quakes") && pane.lines[1].contains("316 quakes · cumulative"),
                "the second layout: \(pane)")
        session.send("c")
        pane = session.waitUntil { $0.lines[1].contains("1 Time ▼") }
        #expect(pane.lines[1].contains("1 Time ▼"), "the pane hidden: \(pane)")
    }
}
