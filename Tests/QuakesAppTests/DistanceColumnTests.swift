import Foundation
import QuakeQuery
import QuakeStore
@testable import QuakesApp
@testable import QuakeViews
import TerminalUI
import Testing

/// With a home, the table's Dist column (key 0, after Depth): kilometres
/// from home, sortable like the others; the details say the distance too.
@Suite struct DistanceColumnTests {
    static let home = try! Home(parsing: "Anchorage")

    @Test func distShowsAfterDepthOnlyWithAHome() throws {
        let h = try BrowserHarness(width: 120, height: 8, home: Self.home)
        #expect(h.lines[1].contains("4 Depth   0 Dist    5 Lat"), "\(h.lines[1])")
        // The newest quake, on Hawaii's Big Island, is 4,500 km from Anchorage.
        let kilometres = Self.home.point.kilometres(to: try #require(h.state.selectedQuake))
        #expect(h.lines[2].contains(" \(Formatting.number(kilometres, decimals: 0)) "), "\(h.lines[2])")
        let without = try BrowserHarness(width: 120, height: 8)
        #expect(!without.lines[1].contains("Dist"))
        try without.press(.character("0"))
        #expect(without.controller.sortKeys == [SortKey(.time, ascending: false)], "0 is no key without a home")
    }

    @Test func zeroSortsNearestFirstThenFarthest() throws {
        let h = try BrowserHarness(width: 120, height: 8, home: Self.home)
        try h.press(.character("0"))
        #expect(h.controller.sortKeys == [SortKey(.distance(from: Self.home), ascending: true)])
        #expect(h.lines[0].hasSuffix("by dist ▲"), "\(h.lines[0])")
        #expect(h.lines[1].contains("0 Dist ▲"))
        let nearest = h.state.page!.rows[0..<5].map { Self.home.point.kilometres(to: $0) }
        #expect(nearest == nearest.sorted() && nearest[0] < 22, "\(nearest)")
        #expect(h.lines[2].contains("14km SSW of Big Lake, …     34.2       21   61.398  -150.034"), "\(h.lines[2])")
        try h.press(.character("0"))
        #expect(h.controller.sortKeys == [SortKey(.distance(from: Self.home), ascending: false)])
        #expect(h.lines[1].contains("0 Dist ▼"))
    }

    @Test func theCursorReachesDistAfterDepthAndTheDetailsShowIt() throws {
        let h = try BrowserHarness(width: 120, height: 24, home: Self.home)
        try h.press(.right, .right, .right, .right, .character("]"))   // Time ─► Mag ─► Place ─► Depth ─► Dist
        #expect(h.controller.sortKeys == [SortKey(.distance(from: Self.home), ascending: false)])
        try h.press(.enter)
        let quake = try #require(h.state.selectedQuake)
        let line = try #require(h.lines.first { $0.hasPrefix(" Distance") })
        #expect(line == " Distance      \(Formatting.number(Self.home.point.kilometres(to: quake), decimals: 1)) km from Anchorage")
    }

    @Test func aPredicateMeasuresFromHome() throws {
        let h = try BrowserHarness(width: 120, height: 8, home: Self.home)
        try h.press(.character(":"))
        try h.type("DISTANCE() < 30")
        try h.press(.enter)
        #expect(h.state.page?.count == 3)
        #expect(h.lines[0].contains("where DISTANCE() < 30"))
    }
}
