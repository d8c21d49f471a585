import Foundation
import GRDB
import QuakeStore
import TestSupport
import Testing
@testable import QuakeQuery

/// A `MATCHES` pattern that backtracks without end, or that ICU gives up
/// on, fails the query with one line naming the predicate; it never
/// counts as a non-match, and an abandoned read stops inside a match.
@Suite(.timeLimit(.minutes(10))) struct RegexLimitTests {
    /// `(.*[a-z]){15}X` takes 3,000 of ICU's progress reports on it: about a second.
    static let place = "12 km SSW of Volcano, Hawaii area"

    @Test func aPatternThatBacktracksWithoutEndIsTooLong() {
        #expect(throws: RegexCache.Failure.tooLong) { try RegexCache.shared.wholeMatch("(.*[a-z]){15}X", Self.place) }
    }

    @Test func aTextICUGivesUpOnIsNotANonMatch() {
        // `.*` matches it all; ICU's backtracking stack fills on `(a+)+`
        // first, and firstMatch used to answer "no match".
        let long = String(repeating: "a", count: 1_000_000) + "b"
        #expect(throws: RegexCache.Failure.gaveUp) { try RegexCache.shared.wholeMatch("(a+)+$|.*", long) }
    }

    @Test func anOrdinaryPatternStillAnswers() throws {
        #expect(try RegexCache.shared.wholeMatch(".*Hawaii area", Self.place))
        #expect(try !RegexCache.shared.wholeMatch(".*Alaska", Self.place))
    }

    @Test func listFailsWithOneLineNamingThePredicate() throws {
        let folder = TemporaryFolder()
        let feed = folder.write("one.geojson", singleQuakeFeed(id: "hv1", place: Self.place, magnitude: 2, time: 1_528_600_000_000))
        let db = folder.file("q.sqlite")
        #expect(try runQuakesTUI(["import", "--db", db, feed]).status == 0)
        let result = try runQuakesTUI(["list", "--db", db, "--where", "place MATCHES '(.*[a-z]){15}X'"])
        #expect(result.status == 1)
        #expect(result.stderr == """
            error: place MATCHES "(.*[a-z]){15}X": the pattern took too long on "12 km SSW of Volcano, Hawaii area"; \
            simplify the pattern

            """)
    }

    @Test func anAbandonedReadStopsInsideAMatch() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        let abandoned = StaleReadInterruptionTests.Flag()
        abandoned.set()
        // One row, one call of quake_matches: SQLite's progress handler
        // never runs, so only the match itself can notice.
        let result = try catalog.dbWriter.read { db in
            try StaleReadInterruption.run(db, abandonWhen: { abandoned.isSet }) {
                try Bool.fetchOne(db, sql: "SELECT quake_matches(?, ?, 'p')", arguments: ["(.*[a-z]){15}X", Self.place])
            }
        }
        #expect(result == nil, "abandoned, not failed with the pattern's error")
    }
}
