import Foundation
import QuakeQuery
import QuakeStore
import Testing
import TestSupport
import GRDB

/// Rows read the fast ways (after or before a known row, from the end, and
/// place filters answered through the distinct places) are exactly the rows
/// the in-memory oracle orders.
@Suite struct WindowReadingTests {
    let week: WeekCatalog

    init() throws { week = try WeekCatalog() }

    static let configurations: [FetchConfiguration] = [
        FetchConfiguration(),
        FetchConfiguration(sortKeys: [SortKey(.magnitude, ascending: true)]),
        FetchConfiguration(sortKeys: [SortKey(.magnitude, ascending: false), SortKey(.place, ascending: true)]),
        FetchConfiguration(sortKeys: [SortKey(.felt, ascending: true)]),
        FetchConfiguration(sortKeys: [SortKey(.place, ascending: false)], sectionIdentifier: .magnitudeBand),
        FetchConfiguration(sortKeys: [SortKey(.depth, ascending: true)], sectionIdentifier: .day),
    ]

    @Test(arguments: configurations)
    func pagingForwardAndBackwardReadsTheOracleOrder(configuration: FetchConfiguration) throws {
        let expected = oracleOrder(week.all, configuration).map(\.id)
        // Forward, a screen at a time: each batch after the one before it.
        let forward = try ResultsController(week.catalog, configuration: configuration).fetchNow()
        var ids: [String] = []
        for start in stride(from: 0, to: expected.count, by: 37) {
            ids += forward.rows(in: start..<start + 37).map(\.id)
        }
        #expect(ids == expected)
        // From the end backwards: the last batch from the end, then each
        // batch before the one after it.
        let backward = try ResultsController(week.catalog, configuration: configuration).fetchNow()
        var reversed: [String] = []
        for end in stride(from: expected.count, to: 0, by: -41) {
            reversed = backward.rows(in: max(0, end - 41)..<end).map(\.id) + reversed
        }
        #expect(reversed == expected)
        // Jumping around: the middle, then the end.
        let jumping = try ResultsController(week.catalog, configuration: configuration).fetchNow()
        #expect(jumping.rows(in: 2300..<2340).map(\.id) == Array(expected[2300..<2340]))
        #expect(jumping.rows(in: expected.count - 40..<expected.count).map(\.id) == Array(expected.suffix(40)))
    }

    @Test(arguments: ["a", "al", "ala", "alaska", "kodiak", "zz", "zzyzxq", "île", "東京", "volcano, hawaii"])
    func placeFiltersThroughDistinctPlacesMatchTheOracle(text: String) throws {
        let predicate = try #require(QuakePredicate.placeContains(text))
        let configuration = FetchConfiguration(predicate: predicate)
        let expected = oracleOrder(week.all, configuration).map(\.id)
        let snapshot = try ResultsController(week.catalog, configuration: configuration).fetchNow()
        #expect(snapshot.count == expected.count)
        #expect(try WeekCatalog.allRows(snapshot).map(\.id) == expected)
        // Forced both ways, whatever the planner would choose.
        for lookups in [Set<String>(), predicate.placeSearches] {
            let (sql, arguments) = predicate.sql(placeLookups: lookups)
            let ids = try week.catalog.dbWriter.read { db in
                try String.fetchAll(db, sql: "SELECT id FROM quake WHERE \(sql) ORDER BY id", arguments: arguments)
            }
            #expect(ids == expected.sorted(), "lookups: \(lookups)")
        }
    }

    @Test func distinctPlacesFollowInsertsUpdatesAndDeletes() throws {
        func places() throws -> [String: Int] {
            try week.catalog.dbWriter.read { db in
                Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT placeFolded, quakes FROM quakePlace")
                    .map { ($0[0] as String, $0[1] as Int) })
            }
        }
        let expected = Dictionary(grouping: week.all, by: \.placeFolded).mapValues(\.count)
        #expect(try places() == expected)
        _ = try week.catalog.delete(ids: ["zz0001"])
        #expect(try places()["nowhere ridge"] == nil)
        let moved = singleQuakeFeed(id: "zz0002", place: "Nowhere Ridge", magnitude: 1, time: 1_528_800_000_001)
        let report = try QuakeImporter(catalog: week.catalog).importData(Data(moved.utf8), name: "moved")
        #expect(report.updated == 1)
        #expect(try places()["nowhere ridge"] == 1)
        #expect(try places()["ile somewhere"] == nil)
    }
}
