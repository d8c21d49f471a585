import Foundation
import GRDB
import QuakeQuery
import QuakeStore
import Testing
import TestSupport

/// The kept map cells: their counts against the rows, through every way
/// rows change (a row-by-row import, a bulk one, a delete, a revision that
/// moves a quake), and maps of many quakes counted from them against a
/// computation in Swift of the documented rule (interior cells at their
/// centre's dot, the edges' rows at their own).
@Suite(.serialized, .timeLimit(.minutes(10)))
struct KeptCellTests {
    /// One kept count: grid (or folded place), cell, band.
    private struct Key: Hashable, CustomStringConvertible {
        var group: String, latCell: Int, lonCell: Int, band: Int
        var description: String { "\(group) \(latCell) \(lonCell) \(band)" }
    }

    private static func floorInt(_ x: Double) -> Int { Int(x.rounded(.down)) }

    /// The counts computed here from the rows: cells by plain flooring.
    private func expectedCounts(_ catalog: QuakeCatalog) throws -> [Key: Int] {
        let rows = try catalog.dbWriter.read { db in
            try Row.fetchAll(db, sql: "SELECT latitude, longitude, magnitude, placeFolded FROM quake")
        }
        var counts: [Key: Int] = [:]
        for row in rows {
            let latitude: Double = row[0], longitude: Double = row[1], magnitude: Double? = row[2], place: String = row[3]
            let band = magnitude.map { Self.floorInt($0) } ?? -1000
            for (group, level) in KeptCells.levels.map({ ("level\($0)", $0) }) + [("place " + place, KeptCells.placeLevel)] {
                let key = Key(group: group, latCell: Self.floorInt((latitude + 90) * Double(level)),
                              lonCell: Self.floorInt((longitude + 180) * Double(level)), band: band)
                counts[key, default: 0] += 1
            }
        }
        return counts
    }

    private func keptCounts(_ catalog: QuakeCatalog) throws -> [Key: Int] {
        try catalog.dbWriter.read { db in
            var counts: [Key: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT level, latCell, lonCell, band, quakes FROM quakeCell") {
                counts[Key(group: "level\(row[0] as Int)", latCell: row[1], lonCell: row[2], band: row[3])] = row[4]
            }
            for row in try Row.fetchAll(db, sql: "SELECT placeFolded, latCell, lonCell, band, quakes FROM quakePlaceCell") {
                counts[Key(group: "place \(row[0] as String)", latCell: row[1], lonCell: row[2], band: row[3])] = row[4]
            }
            return counts
        }
    }

    private func expectKeptCountsMatchRows(_ catalog: QuakeCatalog, _ when: Comment, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try expectedCounts(catalog), kept = try keptCounts(catalog)
        let differing = Set(expected.keys).union(kept.keys).filter { expected[$0] != kept[$0] }
        #expect(differing.isEmpty, "\(when): \(differing.count) counts differ, e.g. \(differing.prefix(3).map { "\($0): kept \(kept[$0] ?? 0), rows \(expected[$0] ?? 0)" })",
                sourceLocation: sourceLocation)
    }

    @Test func theKeptCountsFollowImportsDeletesAndRevisions() throws {
        let folder = TemporaryFolder()
        let catalog = try importedCatalog(folder, feeds: [Fixture.week])   // row by row
        try expectKeptCountsMatchRows(catalog, "after the week")
        let synthetic = folder.file("synthetic.geojson")
        try SyntheticFeed.write(count: 12_000, to: synthetic)
        _ = try QuakeImporter(catalog: catalog).importFile(at: synthetic)   // a bulk load: counted in the import
        try expectKeptCountsMatchRows(catalog, "after 12,000 in bulk")
        _ = try catalog.delete(ids: ["zz0", "zz1", "zz2", "ci37207199"])
        try expectKeptCountsMatchRows(catalog, "after deletes")
        // zz10 revised: moved, bigger, renamed; zz11 revised to an unknown magnitude.
        let revised = """
            {"type":"FeatureCollection","features":[
            \(Self.feature(id: "zz10", place: "Somewhere Else", magnitude: "7.25", latitude: -33.3, longitude: 151.2)),
            \(Self.feature(id: "zz11", place: "Île Somewhere", magnitude: "null", latitude: 10, longitude: 10))
            ]}
            """
        _ = try QuakeImporter(catalog: catalog).importData(Data(revised.utf8), name: "revised")
        try expectKeptCountsMatchRows(catalog, "after revisions")
    }

    @Test func aCatalogKeepingTwoGridsIsUpgradedToKeepEveryGrid() throws {
        let folder = TemporaryFolder()
        do {
            let old = try importedCatalog(folder, feeds: [Fixture.week])
            // As a catalog of schema v10 was: the 1/2° and 1/16° grids only, kept by triggers of those.
            try old.dbWriter.write { db in
                try db.execute(sql: """
                    DELETE FROM quakeCell WHERE level NOT IN (2, 16);
                    DROP TRIGGER quakeCell_insert; DROP TRIGGER quakeCell_delete; DROP TRIGGER quakeCell_update;
                    DELETE FROM grdb_migrations WHERE identifier LIKE 'v11:%'
                    """)
            }
        }
        let catalog = try folder.catalog()
        try expectKeptCountsMatchRows(catalog, "after the upgrade")
        _ = try QuakeImporter(catalog: catalog).importFile(at: Fixture.day2014)   // row by row: the triggers count
        _ = try catalog.delete(ids: ["ci37207199"])
        try expectKeptCountsMatchRows(catalog, "after an import and a delete")
    }

    private static func feature(id: String, place: String, magnitude: String, latitude: Double, longitude: Double) -> String {
        """
        {"type":"Feature","id":"\(id)","properties":{"mag":\(magnitude),"place":"\(place)","time":1893456600000,\
        "updated":1999999999999,"net":"zz","code":"\(id)","ids":",\(id),","status":"reviewed","tsunami":0,"sig":1,\
        "magType":"ml","type":"earthquake","title":"x"},"geometry":{"type":"Point","coordinates":[\(longitude),\(latitude),5]}}
        """
    }

    // MARK: Maps from the kept cells

    nonisolated(unsafe) private static let shared: (folder: TemporaryFolder, catalog: QuakeCatalog) = {
        let folder = TemporaryFolder()
        let catalog = try! folder.catalog()
        try! SyntheticFeed.write(count: 20_000, to: folder.file("synthetic.geojson"))
        _ = try! QuakeImporter(catalog: catalog).importFile(at: folder.file("synthetic.geojson"))
        return (folder, catalog)
    }()

    private struct View {
        var south: Double, north: Double, west: Double, east: Double, down: Int, across: Int
        var request: AggregateRequest {
            AggregateRequest(groups: [.grid(.latitude, from: north, to: south, count: down),
                                      .grid(.longitude, from: west, to: east, count: across, period: 360)],
                             measures: [.maxWhole(.magnitude)],
                             restriction: QuakePredicate.box(south: south, north: north, west: west, east: east))
        }
    }

    /// The documented rule, computed here: a quake in a cell wholly inside
    /// the view is drawn at the dot of the cell's centre, any other at its
    /// own; a view across the antimeridian is its two parts, west of 180
    /// and east of −180, longitudes continued past 180 on the one grid.
    private func expectedDots(_ quakes: [Quake], _ view: View, level: Int) -> [[Int]: (count: Int, band: Int?)] {
        func key(_ value: Double, from: Double, to: Double, count: Int) -> Int { Self.floorInt((value - from) / (to - from) * Double(count)) }
        let k = Double(level)
        let firstLat = Int(((view.south + 90) * k).rounded(.up)), lastLat = Int(((view.north + 90) * k).rounded(.down)) - 1
        let parts = view.east > 180 ? [(view.west, 180.0), (-180.0, view.east - 360)] : [(view.west, view.east)]
        let longitudeCells = parts.map { west, east in
            Int(((west + 180) * k).rounded(.up))...Int(((east + 180) * k).rounded(.down)) - 1
        }
        var dots: [[Int]: (count: Int, band: Int?)] = [:]
        for quake in quakes where (view.south...view.north).contains(quake.latitude)
            && parts.contains(where: { ($0.0...$0.1).contains(quake.longitude) }) {
            let latCell = Self.floorInt((quake.latitude + 90) * k), lonCell = Self.floorInt((quake.longitude + 180) * k)
            var (latitude, longitude) = (quake.latitude, quake.longitude)
            if (firstLat...lastLat).contains(latCell) && longitudeCells.contains(where: { $0.contains(lonCell) }) {
                (latitude, longitude) = ((Double(latCell) + 0.5) / k - 90, (Double(lonCell) + 0.5) / k - 180)
            }
            if longitude < view.west { longitude += 360 }
            let dot = [key(latitude, from: view.north, to: view.south, count: view.down),
                       key(longitude, from: view.west, to: view.east, count: view.across)]
            let band = quake.magnitude.map { Self.floorInt($0) }
            let old = dots[dot]
            dots[dot] = ((old?.count ?? 0) + 1, [old?.band ?? nil, band].compactMap { $0 }.max())
        }
        return dots
    }

    private func expectMap(_ view: View, level: Int, predicate: QuakePredicate? = nil, minimumCount: Int,
                           in catalog: QuakeCatalog = Self.shared.catalog) throws {
        let controller = try ResultsController(catalog, configuration: FetchConfiguration(predicate: predicate))
        let result = try controller.aggregate(view.request)
        let quakes = try catalog.dbWriter.read { db in try Quake.fetchAll(db, sql: "SELECT * FROM quake") }
            .filter { quake in predicate.map { $0.selects(quake) } ?? true }
        let expected = expectedDots(quakes, view, level: level)
        #expect(result.count >= minimumCount, "enough quakes in view for the kept cells: \(result.count)")
        #expect(result.count == expected.values.reduce(0) { $0 + $1.count })
        var got: [[Int]: (count: Int, band: Int?)] = [:]
        for row in result.rows { got[[row.index(0)!, row.index(1)!]] = (row.count, row.number(0).map { Int($0) }) }
        #expect(got.count == expected.count)
        let differing = Set(got.keys).union(expected.keys).filter { got[$0]?.count != expected[$0]?.count || got[$0]?.band != expected[$0]?.band }
        #expect(differing.isEmpty, "\(differing.count) dots differ, e.g. \(differing.sorted { $0.lexicographicallyPrecedes($1) }.prefix(3).map { "\($0): \(String(describing: got[$0])) vs \(String(describing: expected[$0]))" })")
    }

    @Test func aWorldMapOfTwentyThousandQuakesIsCountedFromTheHalfDegreeCells() throws {
        // 230×70 dots of 1.57° by 2.57°: half-degree cells are under half a
        // dot, and dots' edges cut cells (so centres move some quakes).
        try expectMap(View(south: -90, north: 90, west: -180, east: 180, down: 70, across: 230), level: 2, minimumCount: 20_000)
    }

    @Test func aZoomedViewIsCountedFromTheEighthDegreeCellsWithItsEdgesRowByRow() throws {
        // Dots of 0.7° by 0.75°: too small for half-degree cells (over half a dot); bounds off the grid.
        try expectMap(View(south: -70.03, north: 80.01, west: -150.02, east: 60.04, down: 200, across: 300), level: 8,
                      minimumCount: 10_000)
    }

    @Test func aCloserViewIsCountedFromTheSixteenthDegreeCells() throws {
        // Dots of 0.19° by 0.21°: eighth-degree cells are over half a dot.
        try expectMap(View(south: -70.03, north: 80.01, west: -150.02, east: 60.04, down: 800, across: 1000), level: 16,
                      minimumCount: 10_000)
    }

    /// 15,000 quakes scattered over one square degree (40–41°N, 10–11°E),
    /// for a view zoomed in far enough for the finest grid.
    nonisolated(unsafe) private static let dense: (folder: TemporaryFolder, catalog: QuakeCatalog) = {
        let folder = TemporaryFolder()
        let catalog = try! folder.catalog()
        var state: UInt64 = 7
        func unit() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let features = (0..<15_000).map { i in
            feature(id: "dd\(i)", place: "Dense \(i % 7)", magnitude: i % 50 == 0 ? "null" : String(format: "%.1f", unit() * 6),
                    latitude: 40 + unit(), longitude: 10 + unit())
        }
        let feed = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
        _ = try! QuakeImporter(catalog: catalog).importData(Data(feed.utf8), name: "dense")
        return (folder, catalog)
    }()

    @Test func aViewZoomedInFarIsCountedFromTheSixtyFourthDegreeCells() throws {
        // Dots of 0.041° by 0.045°: sixteenth-degree cells are over half a dot.
        try expectMap(View(south: 40.03, north: 40.93, west: 10.02, east: 10.92, down: 22, across: 20), level: 64,
                      minimumCount: 10_000, in: Self.dense.catalog)
    }

    @Test func aViewAcrossTheAntimeridianIsCountedInItsTwoParts() throws {
        // 10°E eastwards to 40°W, past 180: dots of 2.75° by 3°, half-degree cells.
        try expectMap(View(south: -88, north: 88, west: 10.01, east: 319.99, down: 58, across: 112), level: 2,
                      minimumCount: 10_000)
    }

    @Test func thePlaceFiltersWorldMapIsCountedFromThePlacesCells() throws {
        try expectMap(View(south: -90, north: 90, west: -180, east: 180, down: 70, across: 230), level: 2,
                      predicate: QuakePredicate.placeContains("a"), minimumCount: 10_000)
    }
}
