import Foundation
import QuakeQuery
import QuakeStore
import QuakeViews
import TerminalUI
import Testing
import TestSupport
@testable import QuakesApp

/// What changed since the user looked: marks, counts, the fading after a
/// look, the map's flash, and `C` through the changes.
@Suite struct ChangeMarksTests {
    static let t0 = Date(epochMilliseconds: 1_800_000_000_000)
    static func at(_ seconds: TimeInterval) -> Date { t0.addingTimeInterval(seconds) }

    /// `a` added at 5 s, `b` (stored before) changed at 6 s, `c` added at 1 s and changed at 7 s.
    static let changes: [String: QuakeChange] = [
        "a": QuakeChange(changedAt: at(5), addedAt: at(5)),
        "b": QuakeChange(changedAt: at(6), addedAt: nil),
        "c": QuakeChange(changedAt: at(7), addedAt: at(1)),
    ]

    @Test func whatCameWhileNobodyLookedIsBrightAndCountedHoweverOld() {
        let marks = ChangeMarks(lookedAt: Self.t0)
        let now = Self.at(3600)
        #expect(marks.mark("a", changes: Self.changes, now: now) == .init(kind: .added, brightness: .bright))
        #expect(marks.mark("b", changes: Self.changes, now: now) == .init(kind: .updated, brightness: .bright))
        #expect(marks.mark("c", changes: Self.changes, now: now) == .init(kind: .added, brightness: .bright),
                "added after the look, then changed: new to the user")
        let counts = marks.unseen(changes: Self.changes, inResults: ["a", "b", "c"])
        #expect(counts == (added: 2, updated: 1))
        #expect(ChangeMarks.unseenText(counts) == "+2 new, 1 updated since you looked")
        #expect(ChangeMarks.unseenText(marks.unseen(changes: Self.changes, inResults: ["b"])) == "1 updated since you looked")
        #expect(ChangeMarks.unseenText((0, 0)) == nil)
        #expect(ChangeMarks.unseenText((9_000, 1_000), capped: true) == "10,000+ changed since you looked")
        #expect(marks.readSince == Self.t0)
    }

    @Test func aLookSeesThemAndTheyFadeFromItBoldPlainDimThenGone() {
        var marks = ChangeMarks(lookedAt: Self.t0)
        marks.look(at: Self.at(600), changes: Self.changes)
        #expect(marks.unseen(changes: Self.changes, inResults: ["a", "b", "c"]) == (added: 0, updated: 0))
        // The results still report them while they fade: from their oldest change on.
        #expect(marks.readSince == Self.at(5))
        #expect(marks.mark("a", changes: Self.changes, now: Self.at(609))?.brightness == .bright)
        #expect(marks.mark("a", changes: Self.changes, now: Self.at(611))?.brightness == .plain)
        #expect(marks.mark("b", changes: Self.changes, now: Self.at(621)) == .init(kind: .updated, brightness: .dim))
        #expect(marks.mark("c", changes: Self.changes, now: Self.at(621)) == .init(kind: .added, brightness: .dim))
        #expect(marks.mark("a", changes: Self.changes, now: Self.at(630)) == nil)
        // A later look forgets them once faded.
        marks.look(at: Self.at(640), changes: Self.changes)
        #expect(marks.readSince == Self.at(640))
    }

    @Test func aChangeSeenAsItCameFadesFromWhenItCame() {
        let marks = ChangeMarks(lookedAt: Self.at(10))
        let change = ["d": QuakeChange(changedAt: Self.at(8), addedAt: Self.at(8))]
        #expect(marks.mark("d", changes: change, now: Self.at(12)) == .init(kind: .added, brightness: .bright))
        #expect(marks.mark("d", changes: change, now: Self.at(19)) == .init(kind: .added, brightness: .plain))
        #expect(marks.mark("d", changes: change, now: Self.at(29)) == .init(kind: .added, brightness: .dim))
        #expect(marks.mark("d", changes: change, now: Self.at(38)) == nil, "30 s after it came")
    }

    @Test func theNewestChangeComesFirstAndOnlyTheResultsCount() {
        let marks = ChangeMarks(lookedAt: Self.t0)
        let order = marks.marked(changes: Self.changes, inResults: ["a", "b", "c"], now: Self.at(60)).map(\.id)
        #expect(order == ["c", "b", "a"])
        #expect(marks.marked(changes: Self.changes, inResults: ["a"], now: Self.at(60)).map(\.id) == ["a"])
    }

    @Test func aNewQuakesCellFlashesForItsFirstTwoSecondsAndAChangedOneNever() {
        let added = QuakeChange(changedAt: Self.at(5), addedAt: Self.at(5))
        #expect(ChangeMarks.flashes(added, now: Self.at(5.1)))
        #expect(ChangeMarks.flashes(added, now: Self.at(6.9)))
        #expect(!ChangeMarks.flashes(added, now: Self.at(7)))
        #expect(!ChangeMarks.flashes(QuakeChange(changedAt: Self.at(5), addedAt: nil), now: Self.at(5.1)))
        #expect(!ChangeMarks.flashes(QuakeChange(changedAt: Self.at(5), addedAt: Self.at(1)), now: Self.at(5.1)))
    }

    // MARK: In the browser

    /// Sorted by magnitude, the imported quakes are deep in the results:
    /// `C` goes to the newest change (located off the page), then the one
    /// before it, round again; `C` is not a look, so they stay counted.
    @Test func cGoesToTheNewestChangeThenTheOneBeforeItWithoutLooking() throws {
        let h = try BrowserHarness(width: 100, height: 10)
        try h.press(.character("2"), .character("2"))   // magnitude ascending: small quakes first
        #expect(h.state.configuration.sortKeys == [SortKey(.magnitude, ascending: true)])
        try h.press(.character("C"))
        #expect(h.state.message == "no changes to go to: rows an import adds or changes are marked + and ~")
        for (id, magnitude) in [("nw0001", 2.45), ("nw0002", 1.05)] {
            let feed = singleQuakeFeed(id: id, place: "New Ridge \(id)", magnitude: magnitude, time: 1_528_970_100_000)
            _ = try QuakeImporter(catalog: h.catalog).importData(Data(feed.utf8), name: "new")
        }
        try h.send(.tick(Date()))
        #expect(h.screen.lines[0].contains("+2 new since you looked"), "\(h.screen.lines[0])")
        // Where each is, counted apart from the browser: quakes of a smaller
        // magnitude, or of the same and a smaller id, come first.
        let positions = try h.catalog.dbWriter.read { db in
            try ["nw0002", "nw0001"].map { id in
                try Int.fetchOne(db, sql: """
                    SELECT count(*) FROM quake WHERE magnitude IS NOT NULL AND (magnitude < (SELECT magnitude FROM quake WHERE id = ?1)
                    OR (magnitude = (SELECT magnitude FROM quake WHERE id = ?1) AND id < ?1))
                    """, arguments: [id])!
            }
        }
        #expect(positions[0] > 8 && positions[1] > 8, "off the first screen: \(positions)")
        try h.press(.character("C"))
        #expect(h.state.selectedQuakeID == "nw0002" && h.state.selectedIndex == positions[0])
        #expect(h.state.message == "change 1 of 2, newest first")
        #expect(h.screen.lines[0].contains("row \(Formatting.count(positions[0] + 1))  +2 new since you looked"),
                "not a look: \(h.screen.lines[0])")
        try h.press(.character("C"))
        #expect(h.state.selectedQuakeID == "nw0001" && h.state.selectedIndex == positions[1])
        #expect(h.state.message == "change 2 of 2, newest first")
        try h.press(.character("C"))
        #expect(h.state.selectedQuakeID == "nw0002", "round again")
        // Any other key is a look.
        try h.press(.character("k"))
        #expect(!h.screen.lines[0].contains("since you looked"))
    }

    /// A catalog's rows from before it kept when each was added (v13) are
    /// no news when they change: `~`, counted as updated.
    @Test func aRowWithoutAnAdditionTimeIsAnUpdate() throws {
        let h = try BrowserHarness(width: 100, height: 10)
        try h.catalog.dbWriter.write { db in
            try db.execute(sql: "UPDATE quake SET addedAt = NULL")
        }
        let feed = singleQuakeFeed(id: "hv70264586", place: "Moved Ridge", magnitude: 2.9, time: 1_528_968_000_000)
        _ = try QuakeImporter(catalog: h.catalog).importData(Data(feed.utf8), name: "update")
        try h.send(.tick(Date()))
        let row = try #require(h.screen.lines.first { $0.contains("Moved Ridge") })
        #expect(row.hasPrefix("~"), "\(h.screen.lines)")
        #expect(h.screen.lines[0].contains("1 updated since you looked"), "\(h.screen.lines[0])")
    }
}
