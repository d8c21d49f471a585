import Foundation
import GRDB
import QuakeQuery
import QuakeStore
import Testing

/// The alert matcher on a small catalog of its own: what alerts, once, in
/// time order, and what does not.
@Suite(.timeLimit(.minutes(10)))
struct AlertMatcherTests {
    let folder = TemporaryFolder()
    let catalog: QuakeCatalog

    init() throws {
        catalog = try folder.catalog()
        try add("aa0001", "Old Ridge", 5.0, time: 1_700_000_000_000)
        try add("aa0002", "Small Shelf", 2.0, time: 1_700_000_100_000)
    }

    /// Imports one quake (a revision when its time is `updated` later).
    func add(_ id: String, _ place: String, _ magnitude: Double?, time: Int64, updated: Int64? = nil) throws {
        var text = singleQuakeFeed(id: id, place: place, magnitude: magnitude, time: time)
        if let updated { text = text.replacingOccurrences(of: "\"updated\":\(time)", with: "\"updated\":\(updated)") }
        _ = try QuakeImporter(catalog: catalog).importData(Data(text.utf8), name: id)
    }

    func matcher(_ predicate: String = "magnitude >= 4") throws -> AlertMatcher {
        var matcher = AlertMatcher(catalog: catalog, predicate: try QuakePredicate(predicate))
        try matcher.begin()
        return matcher
    }

    @Test func aNewMatchingQuakeAlertsOnceAndOthersDoNot() throws {
        var matcher = try matcher()
        #expect(matcher.matchingCount == 1)
        #expect(try matcher.check().isEmpty)
        try add("aa0004", "Later Trench", 6.1, time: 1_700_000_400_000)
        try add("aa0003", "Earlier Trench", 4.2, time: 1_700_000_300_000)
        try add("aa0005", "Quiet Basin", 3.0, time: 1_700_000_500_000)
        try add("aa0006", "Unknown Basin", nil, time: 1_700_000_600_000)
        #expect(try matcher.check().map(\.id) == ["aa0003", "aa0004"])
        #expect(try matcher.check().isEmpty)
        #expect(try matcher.check().isEmpty)
    }

    @Test func aRevisionThatNowMatchesAlertsAndOneStillMatchingDoesNot() throws {
        var matcher = try matcher()
        try add("aa0002", "Small Shelf", 4.4, time: 1_700_000_100_000, updated: 1_700_000_900_000)
        try add("aa0001", "Old Ridge", 5.4, time: 1_700_000_000_000, updated: 1_700_000_900_000)
        let alerts = try matcher.check()
        #expect(alerts.map(\.id) == ["aa0002"])
        #expect(alerts.first?.magnitude == 4.4)
        #expect(try matcher.check().isEmpty)
        // Grown by half a magnitude over the 5.0 it matched with: a larger quake than announced alerts again, once.
        try add("aa0001", "Old Ridge", 5.5, time: 1_700_000_000_000, updated: 1_700_000_950_000)
        #expect(try matcher.check().map { "\($0.id) \($0.magnitude!)" } == ["aa0001 5.5"])
        #expect(try matcher.check().isEmpty)
    }

    @Test func aQuakeThatStopsMatchingAlertsAgainWhenItMatchesAgain() throws {
        var matcher = try matcher()
        try add("aa0001", "Old Ridge", 3.5, time: 1_700_000_000_000, updated: 1_700_000_800_000)
        #expect(try matcher.check().isEmpty)
        #expect(matcher.matchingCount == 0)
        try add("aa0001", "Old Ridge", 4.5, time: 1_700_000_000_000, updated: 1_700_000_900_000)
        #expect(try matcher.check().map(\.id) == ["aa0001"])
        #expect(try matcher.check().isEmpty)
    }

    /// Rows stamped with the mark's very millisecond by a later commit (an
    /// import that began in the millisecond the last one ended) are seen,
    /// and rows of that millisecond already seen do not alert again.
    @Test func changesInTheMarksMillisecondAreNeitherMissedNorRepeated() throws {
        try add("aa0003", "First Trench", 4.8, time: 1_700_000_300_000)
        var matcher = try matcher()
        let mark = matcher.mark
        try add("aa0004", "Same Millisecond Trench", 5.1, time: 1_700_000_400_000)
        try add("aa0002", "Small Shelf", 4.9, time: 1_700_000_100_000, updated: 1_700_000_900_000)
        try add("aa0005", "Same Millisecond Shelf", 2.5, time: 1_700_000_500_000)
        try catalog.dbWriter.write { db in
            try db.execute(sql: "UPDATE quake SET changedAt = ? WHERE id IN ('aa0004', 'aa0002', 'aa0005')", arguments: [mark])
        }
        #expect(try matcher.check().map(\.id) == ["aa0002", "aa0004"])
        #expect(matcher.mark == mark)
        #expect(try matcher.check().isEmpty)
        // Another commit in the same millisecond again: only its new match alerts.
        try add("aa0006", "Third Trench", 4.6, time: 1_700_000_600_000)
        try catalog.dbWriter.write { db in
            try db.execute(sql: "UPDATE quake SET changedAt = ? WHERE id = 'aa0006'", arguments: [mark])
        }
        #expect(try matcher.check().map(\.id) == ["aa0006"])
        #expect(try matcher.check().isEmpty)
    }

    @Test func withoutAPredicateEveryNewQuakeAlerts() throws {
        var matcher = AlertMatcher(catalog: catalog, predicate: nil)
        try matcher.begin()
        #expect(matcher.matchingCount == 2)
        try add("aa0007", "Anywhere", nil, time: 1_700_000_700_000)
        #expect(try matcher.check().map(\.id) == ["aa0007"])
    }
}
