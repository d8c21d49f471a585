import Foundation
import QuakeQuery
import QuakeStore
import Testing
import TestSupport
@testable import QuakesApp

/// Keys not covered by the screen tests: paging back, sorting the cursor's
/// column, secondary keys from the cursor, leaving details with q, and the
/// selection kept across sections.
@Suite struct KeyTests {
    @Test func pageUpGoesBackAPage() throws {
        let h = try BrowserHarness(width: 100, height: 8)   // five body lines
        try h.press(.pageDown, .pageDown, .pageDown)
        #expect(h.state.selectedIndex == 12)
        try h.press(.pageUp)
        #expect(h.state.selectedIndex == 8)
        try h.press(.control("b"), .control("b"), .control("b"))
        #expect(h.state.selectedIndex == 0, "never above the first row")
    }

    @Test func bracketsSortTheCursorsColumnAndZAddsItAsASecondaryKey() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.press(.right, .right, .right, .character("["))   // Time ─► Mag ─► Place ─► Depth
        #expect(h.controller.sortKeys == [SortKey(.depth, ascending: true)])
        #expect(h.lines[1].contains("4 Dep… ▲ "), "Depth is eight wide: the title gives way to the mark")
        try h.press(.left, .character("z"), .character("]"))
        #expect(h.controller.sortKeys == [SortKey(.depth, ascending: true), SortKey(.place, ascending: false)])
        #expect(h.lines[1].contains("3 Place ▼2"))
        try h.press(.left, .character("z"), .character("["))
        #expect(h.controller.sortKeys == [SortKey(.depth, ascending: true), SortKey(.place, ascending: false),
                                          SortKey(.magnitude, ascending: true)])
        #expect(h.lines[0] == " quakes-tui  quakes.sqlite  4,714 quakes  by depth ▲, place ▼, mag ▲")
    }

    @Test func qLeavesTheDetailsNotTheProgram() throws {
        let h = try BrowserHarness(width: 100, height: 22)
        try h.press(.enter)
        #expect(h.lines[3] == " Id            hv70264586")
        try h.press(.character("q"))
        #expect(h.state.mode == .table && !h.state.shouldQuit)
        #expect(h.lines[1].hasPrefix("  1 Time ▼"))
    }

    @Test func theSelectionStaysOnItsQuakeAcrossSections() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.press(.character("j"), .character("j"))   // ci38197512, M0.6, 2018-06-14
        for expected in [SectionKey.day, .magnitudeBand, .network] {
            try h.press(.character("s"))
            #expect(h.controller.sectionIdentifier == expected)
            #expect(h.state.selectedQuakeID == "ci38197512", "\(expected)")
            let row = try #require(h.lines.firstIndex { $0.contains("9km NE of Aguanga, CA") }, "\(expected): on screen")
            #expect(h.screen.style(row: row, column: 10).reverse, "\(expected): shown selected")
        }
    }

    @Test func theSelectionStaysOnItsQuakeWhenAnImportAddsRowsAboveIt() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        try h.press(.character("j"), .character("j"))   // ci38197512, third newest
        #expect(h.state.selectedIndex == 2)
        let feed = singleQuakeFeed(id: "nw0002", place: "Newer Ridge", magnitude: 2.0, time: 1_528_970_100_000)
        _ = try QuakeImporter(catalog: h.catalog).importData(Data(feed.utf8), name: "refresh")
        try h.refresh()
        #expect(h.state.selectedQuakeID == "ci38197512")
        #expect(h.state.selectedIndex == 3, "one row above it now")
        #expect(h.lines[0].contains("4,715 quakes"))
    }

    @Test func daySectionsSayTheyAreUTCDaysWhenRowsShowAnotherZone() throws {
        let honolulu = try BrowserHarness(width: 100, height: 8, timeZone: "Pacific/Honolulu")
        try honolulu.press(.character("s"))
        #expect(honolulu.lines[2] == " 2018-06-14 UTC · 301 quakes")
        #expect(honolulu.lines[3].hasPrefix("  2018-06-13 23:12:13"), "the newest quake, in Honolulu's time")
        let utc = try BrowserHarness(width: 100, height: 8)
        try utc.press(.character("s"))
        #expect(utc.lines[2] == " 2018-06-14 · 301 quakes")
    }

    @Test func withoutUTF8TheHelpNamesArrowsAndEnterInWords() throws {
        let h = try BrowserHarness(width: 80, height: 24, unicode: false)
        try h.press(.character("?"))
        let overlay = h.lines[1...21].map { String($0.dropFirst(4).prefix(72)) }
        // The key column widens to the longest name, "Up Down j k  wheel", plus two.
        func line(_ keys: String, _ effect: String) -> String {
            ("  " + keys.padding(toLength: 20, withPad: " ", startingAt: 0) + effect).padding(toLength: 72, withPad: " ", startingAt: 0)
        }
        #expect(overlay[2] == line("Up Down j k  wheel", "move"))
        #expect(overlay[6] == line("Left Right h l", "move the column cursor"))
        #expect(overlay[14] == line("Enter", "details of the selected quake (Esc or q back)"))
        #expect(overlay.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "\(overlay)")
    }
}
