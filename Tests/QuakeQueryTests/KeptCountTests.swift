import Foundation
import GRDB
@testable import QuakeQuery
import QuakeStore
import Testing
import TestSupport

/// The charts' aggregates answered from kept counts (magnitude tenths,
/// days, the ends of the time index) against the same aggregates over the
/// rows: a predicate that selects every row (or the same places) but is
/// not the bare filter makes the controller read the rows.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct KeptCountTests {
    private static func tenths(_ magnitude: Double?) -> Int {
        magnitude.map { Int(($0 * 10).rounded(.toNearestOrAwayFromZero)) } ?? -1_000_000
    }

    private func expectKeptMagnitudesMatchRows(_ catalog: QuakeCatalog, _ when: Comment) throws {
        let (rows, kept, keptPlaces) = try catalog.dbWriter.read { db in
            (try Row.fetchAll(db, sql: "SELECT magnitude, placeFolded FROM quake"),
             try Row.fetchAll(db, sql: "SELECT tenths, quakes FROM quakeMagnitude"),
             try Row.fetchAll(db, sql: "SELECT placeFolded, tenths, quakes FROM quakePlaceMagnitude"))
        }
        var expected: [Int: Int] = [:], expectedPlaces: [String: Int] = [:]
        for row in rows {
            let tenths = Self.tenths(row[0])
            expected[tenths, default: 0] += 1
            expectedPlaces["\(row[1] as String) \(tenths)", default: 0] += 1
        }
        #expect(Dictionary(uniqueKeysWithValues: kept.map { ($0[0] as Int, $0[1] as Int) }) == expected, when)
        #expect(Dictionary(uniqueKeysWithValues: keptPlaces.map { ("\($0[0] as String) \($0[1] as Int)", $0[2] as Int) })
                == expectedPlaces, when)
    }

    @Test func theKeptMagnitudesFollowImportsDeletesAndRevisions() throws {
        let folder = TemporaryFolder()
        let catalog = try importedCatalog(folder, feeds: [Fixture.week])
        try expectKeptMagnitudesMatchRows(catalog, "after the week, row by row")
        try SyntheticFeed.write(count: 12_000, to: folder.file("synthetic.geojson"))
        _ = try QuakeImporter(catalog: catalog).importFile(at: folder.file("synthetic.geojson"))
        try expectKeptMagnitudesMatchRows(catalog, "after 12,000 in bulk")
        _ = try catalog.delete(ids: ["zz3", "zz4", "ci37207199"])
        _ = try QuakeImporter(catalog: catalog).importData(Data(singleQuakeFeed(
            id: "zz5", place: "Moved Away", magnitude: nil, time: 1_893_456_900_000).utf8), name: "revised")
        try expectKeptMagnitudesMatchRows(catalog, "after deletes and a revision")
    }

    private static let requests: [(String, AggregateRequest)] = [
        ("span", AggregateRequest(measures: [.min(.time), .max(.time)])),
        ("tenths", AggregateRequest(groups: [.rounded(.magnitude, decimals: 1)])),
        ("days", AggregateRequest(groups: [.bin(.time, width: 86_400_000, origin: 0)])),
        ("weeks", AggregateRequest(groups: [.bin(.time, width: 7 * 86_400_000, origin: 4 * 86_400_000)])),
        ("months", AggregateRequest(groups: [.calendar(.time, .month)])),
        ("years", AggregateRequest(groups: [.calendar(.time, .year)])),
    ]

    private func rows(_ catalog: QuakeCatalog, _ predicate: QuakePredicate?, _ request: AggregateRequest) throws -> [AggregateRow] {
        try ResultsController(catalog, configuration: FetchConfiguration(predicate: predicate)).aggregate(request).rows
    }

    @Test("the kept counts give what the rows give", arguments: requests.indices)
    func keptCountsEqualTheRows(_ index: Int) throws {
        let (name, request) = Self.requests[index]
        let folder = TemporaryFolder()
        let catalog = try importedCatalog(folder, feeds: [Fixture.week, Fixture.month2014])
        _ = try QuakeImporter(catalog: catalog).importData(Data(singleQuakeFeed(
            id: "zz0001", place: "Unknown Ridge", magnitude: nil, time: 1_528_900_000_000).utf8), name: "unknown")
        // Every row, but not "no predicate": read from the rows.
        let everything = try QuakePredicate("time > -99999999999999")
        let kept = try rows(catalog, nil, request)
        #expect(kept == (try rows(catalog, everything, request)), "\(name), all quakes")
        #expect(kept.reduce(0) { $0 + $1.count } == 4_711 + (try Fixture.features(Fixture.month2014).count) + 1)
        let filter = QuakePredicate.placeContains("alaska")!
        let keptPlaces = try rows(catalog, filter, request)
        #expect(keptPlaces == (try rows(catalog, QuakePredicate.and(filter, everything), request)), "\(name), alaska")
        #expect(!keptPlaces.isEmpty)
    }

    private static let timeBins: [(String, AggregateGroup)] = [
        ("hours", .bin(.time, width: 3_600_000, origin: 0)),
        ("hours from the half hour", .bin(.time, width: 3_600_000, origin: 1_800_000)),
        ("6 hours", .bin(.time, width: 6 * 3_600_000, origin: 0)),
        ("days", .bin(.time, width: 86_400_000, origin: 0)),
        ("weeks", .bin(.time, width: 7 * 86_400_000, origin: 4 * 86_400_000)),
        ("months", .calendar(.time, .month)),
        ("years", .calendar(.time, .year)),
    ]

    /// 12,000 quakes a minute apart in 7 places: `valdez` is one place of
    /// 1,714 quakes over 200 hours, `a` six places of 10,286, so counting
    /// each bin's range costs less than grouping the matches.
    @Test("a place filter's time bins counted by range give what the rows give", arguments: timeBins.indices)
    func placeTimeBinsEqualTheRows(_ index: Int) throws {
        let (name, group) = Self.timeBins[index]
        let folder = TemporaryFolder()
        let catalog = try QuakeCatalog(path: folder.file("catalog.sqlite"))
        try SyntheticFeed.write(count: 12_000, to: folder.file("synthetic.geojson"))
        _ = try QuakeImporter(catalog: catalog).importFile(at: folder.file("synthetic.geojson"))
        // A bulk import leaves the place index to after it: the rows answer till then.
        #expect(try catalog.dbWriter.read { db in try PlaceTimeBins(group, place: "valdez")?.rows(db) } == nil)
        _ = try catalog.buildPendingIndexes()
        let everything = try QuakePredicate("time > -99999999999999")
        for text in ["valdez", "a"] {
            let ranges = try catalog.dbWriter.read { db in try PlaceTimeBins(group, place: text)?.rows(db) }
            let filter = QuakePredicate.placeContains(text)!
            let grouped = try rows(catalog, QuakePredicate.and(filter, everything), AggregateRequest(groups: [group]))
            #expect(ranges == grouped, "\(name), \(text)")
            #expect(grouped.reduce(0) { $0 + $1.count } == (text == "a" ? 10_286 : 1_714), "\(name), \(text)")
        }
    }
}
