import Foundation
@testable import QuakesApp
import QuakeQuery
import TerminalUI
import Testing
import TestSupport

/// `F` in the browser: the frequency sheet of the cursor's column over the
/// table, its counts those of the results (checked here with a predicate
/// per value), Enter filters to the chosen value and `u` takes it back.
@Suite struct FrequencySheetTests {
    @Test func fOnTheNetColumnListsItsValuesAndEnterFiltersToOne() throws {
        let h = try BrowserHarness(width: 100, height: 24)
        for _ in 0..<6 { try h.press(.character("l")) }
        try h.press(.character("F"))
        guard case .frequency(let sheet) = h.model.mode else {
            Issue.record("no sheet: \(h.lines.joined(separator: "\n"))")
            return
        }
        let entries = sheet.table.entries
        #expect(h.lines[1] == " net: \(entries.count) values of 4,714 quakes")
        // Each value's count is what a predicate of it selects; largest first.
        for entry in entries {
            let selected = try h.catalog.dbWriter.read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM quake WHERE net IS ?", arguments: [entry.label == "–" ? nil : entry.label])
            }
            #expect(selected == entry.count, "\(entry.label)")
        }
        #expect(entries.map(\.count) == entries.map(\.count).sorted(by: >))
        // The first line of the list is the largest, highlighted.
        let first = try #require(entries.first)
        #expect(h.lines[3].hasPrefix(" \(first.label)  ") && h.screen.style(row: 3, column: 1).reverse)
        try h.press(.character("j"), .enter)
        let second = entries[1]
        #expect(h.model.userPredicate?.description == "net == \"\(second.label)\"")
        #expect(h.lines[0].contains("\(second.count.formatted(.number.locale(Locale(identifier: "en_US")))) of 4,714 quakes"),
                "\(h.lines[0])")
        try h.press(.character("u"))
        #expect(h.model.userPredicate == nil)
    }

    @Test func timesAreCountedByUTCDayAndEscReturns() throws {
        let h = try BrowserHarness(width: 100, height: 24)
        try h.press(.character("h"))   // the cursor stays on Time: times have a sheet (by day)
        try h.press(.character("F"))
        guard case .frequency(let sheet) = h.model.mode else {
            Issue.record("no sheet for time")
            return
        }
        #expect(sheet.table.entries.allSatisfy { $0.label.count == 10 && $0.label.hasPrefix("2018-06-") })
        try h.press(.escape)
        #expect(h.model.mode == .table)
    }
}

/// `/` reopened on a filter: the old text selected, so typing replaces it.
@Suite struct FilterReopenTests {
    @Test func slashAgainSelectsTheOldFilterAndTypingReplacesIt() throws {
        let h = try BrowserHarness(width: 100, height: 24)
        try h.press(.character("/"))
        try h.type("volcano")
        try h.press(.enter, .character("/"))
        let prompt = try #require(h.lines.firstIndex { $0.hasPrefix("/volcano") })
        #expect(h.screen.style(row: prompt, column: 1).reverse)
        try h.type("alaska")
        try h.press(.enter)
        #expect(h.model.filterText == "alaska")
    }
}

/// The column cursor reaches every column: the table scrolls sideways to
/// show the cursor's, Time and Place staying.
@Suite struct SidewaysScrollTests {
    @Test func theCursorReachesStatusOnANarrowScreenAndTheTableScrollsToIt() throws {
        let h = try BrowserHarness(width: 80, height: 10)
        #expect(!h.lines[1].contains("9 Status"), "80 columns: Status does not fit at first")
        for _ in 0..<8 { try h.press(.character("l")) }
        #expect(h.model.columnCursor == .status)
        let header = h.lines[1]
        #expect(header.contains("1 Time") && header.contains("3 Place") && header.contains("9 Status"), "\(header)")
        #expect(header.contains("2 Mag") && !header.contains("4 De") && !header.contains("8 Type"),
                "Depth to Type scrolled off to make room; Mag, before Place, stays: \(header)")
        // The selected row shows its status under the header.
        let status = try #require(h.model.page?.quake(at: 0)?.status)
        #expect(h.lines[2].hasSuffix(status), "\(h.lines[2])")
        // Back to Time: the table as it was.
        for _ in 0..<8 { try h.press(.character("h")) }
        #expect(h.lines[1].contains("2 Mag") && !h.lines[1].contains("9 Status"))
    }
}

/// `Ctrl-F` finds a place in the results without filtering them; `n` and
/// `N` find the next and the previous, going round at the ends. The rows'
/// order is read here from the catalog, the matches found by Foundation's
/// folding.
@Suite struct SearchTests {
    @Test func ctrlFFindsTheNextPlaceNAndNGoOnAndRound() throws {
        let h = try BrowserHarness(width: 100, height: 24)
        let places = try h.catalog.dbWriter.read { db in
            try String.fetchAll(db, sql: "SELECT place FROM quake ORDER BY time DESC, id DESC")
        }
        let matches = places.indices.filter {
            places[$0].folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).contains("aguanga")
        }
        #expect(matches.count >= 3 && matches[0] > 0)
        try h.press(.control("f"))
        try h.type("Aguanga")
        try h.press(.enter)
        #expect(h.model.selectedIndex == matches[0])
        #expect(h.lines.last == "\"Aguanga\": row \(matches[0] + 1) of 4,714", "\(h.lines.last ?? "")")
        #expect(h.lines[0].hasPrefix(" quakes-tui  quakes.sqlite  4,714 quakes  row \(matches[0] + 1)"), "nothing filtered")
        try h.press(.character("n"))
        #expect(h.model.selectedIndex == matches[1])
        try h.press(.character("N"), .character("N"))
        #expect(h.model.selectedIndex == matches.last!)
        #expect(h.lines.last?.hasSuffix("(from the other end)") == true, "\(h.lines.last ?? "")")
        // `n n n` faster than the finds: each from where the one before landed.
        try h.press(.character("g"))
        h.pressWithoutResults(.character("n"), .character("n"), .character("n"))
        try h.refresh()
        #expect(h.model.selectedIndex == matches[2], "three matches on, not one")
        try h.press(.control("f"))
        try h.type("zzzz")
        try h.press(.enter)
        #expect(h.lines.last == "no place in the results holds \"zzzz\"")
        #expect(h.model.selectedIndex == matches[2], "the selection stays")
    }
}

/// `-` hides the cursor's column (never Time), the cursor moving to the
/// next; `+` shows every column again.
@Suite struct HiddenColumnTests {
    @Test func minusHidesTheCursorsColumnAndPlusShowsThemAll() throws {
        let h = try BrowserHarness(width: 100, height: 10)
        try h.press(.character("l"))   // Mag
        try h.press(.character("-"))
        #expect(!h.lines[1].contains("2 Mag") && h.lines[1].contains("1 Time") && h.lines[1].contains("3 Place"), "\(h.lines[1])")
        #expect(h.model.columnCursor == .place)
        #expect(h.lines.last == "hid Mag; + adds it again")
        // The cursor passes over the hidden column.
        try h.press(.character("h"))
        #expect(h.model.columnCursor == .time)
        try h.press(.character("-"))
        #expect(h.lines.last == "the Time column stays" && h.lines[1].contains("1 Time"))
        try h.press(.character("+"))
        #expect(h.lines[3] == " every hidden column", "first in the chooser: \(h.lines)")
        try h.press(.enter)
        #expect(h.lines[1].contains("2 Mag"))
    }
}
