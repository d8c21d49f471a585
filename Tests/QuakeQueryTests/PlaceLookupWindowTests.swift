import Foundation
import GRDB
import QuakeStore
import Testing
import TestSupport
@testable import QuakeQuery

/// A place filter answered through the distinct places reads a window's
/// rows by their rowids, chosen first from the place index: every window,
/// forward, backward and from the end, is exactly the oracle's order.
@Suite struct PlaceLookupWindowTests {
    let week: WeekCatalog

    init() throws { week = try WeekCatalog() }

    /// Few matches in the week's 4,711 (316, 149, 57, 8): the planner
    /// looks them up rather than scanning.
    static let texts = ["alaska", "nevada", "puerto", "japan"]
    static let orders: [(sort: [SortKey], section: SectionKey?)] = [
        ([SortKey(.time, ascending: false)], nil),
        ([SortKey(.time, ascending: false)], .day),
        ([SortKey(.time, ascending: true)], .day),
        ([SortKey(.magnitude, ascending: false)], nil),
        ([SortKey(.place, ascending: true)], .magnitudeBand),
    ]

    @Test(arguments: texts)
    func everyWindowIsTheOracleOrder(text: String) throws {
        let predicate = try #require(QuakePredicate.placeContains(text))
        for order in Self.orders {
            let configuration = FetchConfiguration(predicate: predicate, sortKeys: order.sort, sectionIdentifier: order.section)
            let plans = try week.catalog.dbWriter.read { db in try QueryPlan.planning(configuration, db) }
            #expect(plans.window.looksUpPlaces, "\(text) \(order): few enough matches to look up")
            let expected = oracleOrder(week.all, configuration).map(\.id)
            let forward = try ResultsController(week.catalog, configuration: configuration).fetchNow()
            #expect(forward.count == expected.count)
            var ids: [String] = []
            for start in stride(from: 0, to: expected.count, by: 37) { ids += forward.rows(in: start..<start + 37).map(\.id) }
            #expect(ids == expected, "forward, \(text) \(order)")
            let backward = try ResultsController(week.catalog, configuration: configuration).fetchNow()
            var reversed: [String] = []
            for end in stride(from: expected.count, to: 0, by: -41) {
                reversed = backward.rows(in: max(0, end - 41)..<end).map(\.id) + reversed
            }
            #expect(reversed == expected, "backward, \(text) \(order)")
            #expect(try WeekCatalog.allRows(forward).map(\.id) == expected, "all rows, \(text) \(order)")
        }
    }

    /// A catalog made by an earlier version has a place index without the
    /// time, or without magnitude and depth: the replacement is pending,
    /// built by the next writer, and the old index is then dropped.
    @Test(arguments: ["quake_placeFolded ON quake(placeFolded, id, day)", "quake_placeTime ON quake(placeFolded, time, id, day)"])
    func theEarlierPlaceIndexIsReplacedByTheNextWriter(earlier: String) throws {
        let path = week.catalog.path
        try CatalogProbe.execute(path, "DROP INDEX quake_placeSort; CREATE INDEX \(earlier)")
        let catalog = try QuakeCatalog(path: path)
        #expect(try catalog.pendingIndexes() == ["quake_placeSort"])
        let predicate = try #require(QuakePredicate.placeContains("alaska"))
        let configuration = FetchConfiguration(predicate: predicate, sortKeys: [SortKey(.time, ascending: false)])
        let expected = oracleOrder(week.all, configuration).map(\.id)
        let before = try ResultsController(catalog, configuration: configuration).fetchNow()
        #expect(try WeekCatalog.allRows(before).map(\.id) == expected, "read as before while the index is pending")
        #expect(try catalog.buildPendingIndexes() == 1)
        let indexes = try CatalogProbe.schemaObjects(path).filter { $0.hasPrefix("index quake_place") }
        #expect(indexes == ["index quake_placeSort"])
    }
}
