import Foundation
import GRDB
@testable import QuakeQuery
import QuakeStore
import Testing
import TestSupport

/// A distance filter whose box holds too many quakes to read through a
/// band's index is scanned in time order: each entry of the time index
/// tested against the box's rowids, or, once the browser has built
/// `quake_timeBox` (on the first such filter in time order), on that
/// index's own coordinates. Either way the rows are the oracle's, in time
/// order (ties by id), read at once or window by window.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct DistanceWindowTests {
    /// 24,000 quakes spread over the globe: 5,000 km round (0, 0) is a band
    /// of about 12,700 latitudes and 6,000 longitudes, both past
    /// `DistancePlanning.indexLimit`.
    @Test func aTimeOrderedWindowOfALargeBoxIsTheOraclesWithOrWithoutTheTimeBoxIndex() throws {
        let folder = TemporaryFolder()
        let catalog = try QuakeCatalog(path: folder.file("catalog.sqlite"))
        try SyntheticFeed.write(count: 24_000, to: folder.file("synthetic.geojson"))
        _ = try QuakeImporter(catalog: catalog).importFile(at: folder.file("synthetic.geojson"))
        try catalog.buildPendingIndexes()
        let quakes = try catalog.dbWriter.read { db in try Quake.fetchAll(db, sql: "SELECT * FROM quake") }
        let predicate = try QuakePredicate("DISTANCE(0, 0) < 5000")
        let near = quakes.filter { oracleKilometres($0.latitude, $0.longitude, 0, 0) < 5_000 }

        for withIndex in [false, true] {
            if withIndex {
                let columns = FetchConfiguration(predicate: predicate).columns
                #expect(try catalog.missingSortIndexes(forColumns: columns) == ["quake_timeBox"])
                #expect(try catalog.buildSortIndexes(forColumns: columns) == 1)
            }
            for ascending in [false, true] {
                let configuration = FetchConfiguration(predicate: predicate, sortKeys: [SortKey(.time, ascending: ascending)])
                let access = try catalog.dbWriter.read { db in
                    try DistancePlanning.access(predicate, order: QueryPlan.orderTerms(configuration), db).window
                }
                #expect(Array(access.values) == [withIndex ? .entries : .scan(within: .longitude)])
                let expected = near.sorted { a, b in
                    a.time != b.time ? (a.time < b.time) == ascending : (a.id < b.id) == ascending
                }.map(\.id)
                let snapshot = try ResultsController(catalog, configuration: configuration).fetchNow()
                let when: Comment = "\(withIndex ? "with" : "without") quake_timeBox, \(ascending ? "oldest" : "newest") first"
                #expect(snapshot.count == expected.count, when)
                #expect(snapshot.rows(in: 0..<200).map(\.id) == Array(expected.prefix(200)), when)
                var windowed: [String] = []
                for start in stride(from: 0, to: 1_000, by: 150) {
                    windowed += snapshot.rows(in: start..<start + 150).map(\.id)
                }
                #expect(windowed == Array(expected.prefix(1_050)), when)
            }
        }
    }

    @Test func aDistanceFilterInTimeOrderWantsTheTimeBoxIndexAndASortByLatitudeDoesNot() throws {
        let folder = TemporaryFolder()
        let catalog = try QuakeCatalog(path: folder.file("catalog.sqlite"))
        try SyntheticFeed.write(count: 12_000, to: folder.file("synthetic.geojson"))
        _ = try QuakeImporter(catalog: catalog).importFile(at: folder.file("synthetic.geojson"))
        let near = try QuakePredicate("DISTANCE(\"Anchorage\") < 100")
        #expect(try catalog.missingSortIndexes(forColumns: FetchConfiguration(predicate: near).columns) == ["quake_timeBox"])
        let byMagnitude = FetchConfiguration(predicate: near, sortKeys: [SortKey(.magnitude, ascending: false)])
        #expect(try catalog.missingSortIndexes(forColumns: byMagnitude.columns) == [])
        let byLatitude = FetchConfiguration(sortKeys: [SortKey(.latitude, ascending: true)])
        #expect(try catalog.missingSortIndexes(forColumns: byLatitude.columns) == [])
    }
}
