import Foundation
@testable import QuakeQuery
import QuakeStore
import Testing

/// Sorting by `DISTANCE(…)`: the exact order of the test's own distances
/// (ties by id), whether the rows are read at once, window by window after
/// the previous window's last row (keyset conditions on the expression), or
/// from the end.
@Suite struct DistanceSortTests {
    let week: WeekCatalog

    init() throws { week = try WeekCatalog() }

    func oracle(_ latitude: Double, _ longitude: Double, ascending: Bool, within radius: Double = .infinity) -> [String] {
        let keyed = week.all.map { ($0.id, oracleKilometres($0.latitude, $0.longitude, latitude, longitude)) }
            .filter { $0.1 < radius }
        return keyed.sorted { a, b in
            if a.1 != b.1 { return ascending ? a.1 < b.1 : a.1 > b.1 }
            return ascending ? a.0 < b.0 : a.0 > b.0
        }.map(\.0)
    }

    @Test(arguments: [(35.68, 139.69, true), (35.68, 139.69, false), (-17.8, 179.9, true), (61.21806, -149.90028, false)])
    func theOrderIsTheOraclesWhicheverWayRowsAreRead(_ example: (latitude: Double, longitude: Double, ascending: Bool)) throws {
        let keys = try SortKey.parseList("\(example.ascending ? "" : "-")DISTANCE(\(example.latitude),\(example.longitude))")
        let snapshot = try ResultsController(week.catalog, configuration: FetchConfiguration(sortKeys: keys)).fetchNow()
        let expected = oracle(example.latitude, example.longitude, ascending: example.ascending)
        #expect(try WeekCatalog.allRows(snapshot).map(\.id) == expected)
        var windowed: [String] = []
        for start in stride(from: 0, to: expected.count, by: 70) {
            windowed += snapshot.rows(in: start..<min(start + 70, expected.count)).map(\.id)
        }
        #expect(windowed == expected, "read window after window")
        let last = expected.count
        #expect(snapshot.rows(in: last - 250..<last).map(\.id) == Array(expected.suffix(250)), "read from the end")
        #expect(snapshot.rows(in: last - 500..<last - 250).map(\.id) == Array(expected.suffix(500).prefix(250)), "then backwards")
    }

    @Test func aFilteredSortByAPlaceKeepsTheOraclesOrder() throws {
        let predicate = try QuakePredicate("DISTANCE(\"Anchorage\") < 250")
        let keys = try SortKey.parseList("DISTANCE(\"Anchorage\"),-magnitude")
        let snapshot = try ResultsController(week.catalog, configuration: FetchConfiguration(predicate: predicate, sortKeys: keys))
            .fetchNow()
        let anchorage = try Gazetteer.bundled.get().place(named: "Anchorage").point
        let expected = oracle(anchorage.latitude, anchorage.longitude, ascending: true, within: 250)
        #expect(!expected.isEmpty)
        #expect(snapshot.count == expected.count)
        #expect(try WeekCatalog.allRows(snapshot).map(\.id) == expected)
    }

    @Test func sortListsKeepDistancesCommas() throws {
        let keys = try SortKey.parseList("-magnitude, DISTANCE(35.68,139.69),+DISTANCE(\"Springfield, US\"), time")
        #expect(keys.map(\.description) == ["-magnitude", "DISTANCE(35.68, 139.69)", "DISTANCE(\"Springfield, US\")", "time"])
        #expect(throws: (any Error).self) { try SortKey.parseList("DISTANCE()") }
        let home = try Home(parsing: "Tokyo")
        #expect(try SortKey.parseList("-DISTANCE()", home: home) == [SortKey(.distance(from: home), ascending: false)])
    }
}
