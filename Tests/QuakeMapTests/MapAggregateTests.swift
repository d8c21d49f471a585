import Foundation
import QuakeMap
import QuakeQuery
import QuakeStore
import Testing
import TestSupport

/// The map's dots come from SQL (`AggregateGroup.grid`), and are exactly
/// the dots the projection names for each quake, with the largest
/// magnitude's band (rounded down: what sets the dot's color).
@Suite(.timeLimit(.minutes(10)))
struct MapAggregateTests {
    @Test func aSingleQuakeLightsExactlyTheDotTheFormulaNames() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        _ = try QuakeImporter(catalog: catalog).importData(Data(singleQuakeFeed(
            id: "jp0001", place: "Near Tokyo", magnitude: 4.2, time: 1_528_966_800_000).utf8), name: "tokyo")
        let projection = MapProjection(columns: 40, rows: 10)
        let result = try ResultsController(catalog).aggregate(MapAggregate.request(for: projection))
        let quakes = MapAggregate.quakes(result, projection: projection)
        // 35.68 N 139.77 E: x = floor(319.77 / 360 × 80) = 71, y = floor(54.32 / 180 × 40) = 12.
        #expect(quakes.dots == [MapDot(dot: Dot(x: 71, y: 12), count: 1, magnitude: 4)], "M4.2 is in band 4")
        #expect(quakes.count == 1)
        #expect(MapAggregate.projection(of: MapFit.request) == nil, "not a map's request")
    }

    /// Views of the real week: the world at two sizes, a world that starts
    /// at 10° W (every longitude west of it continued), Alaska, and Fiji to
    /// Tonga across the antimeridian.
    static let views: [MapProjection] = [
        MapProjection(columns: 100, rows: 30),
        MapProjection(columns: 37, rows: 13),
        MapProjection(region: MapRegion(south: -90, north: 90, west: -10, east: 350), columns: 61, rows: 17),
        MapProjection(region: MapRegion(south: 51, north: 72, west: -180, east: -129), columns: 80, rows: 20),
        MapProjection(region: MapRegion(south: -33.3, north: -9.7, west: 163.1, east: -166.9), columns: 45, rows: 11),
    ]

    @Test("the aggregate's dots are the projection's, quake by quake", arguments: views.indices)
    func dotsEqualTheProjections(_ index: Int) throws {
        let folder = TemporaryFolder()
        let catalog = try importedCatalog(folder, feeds: [Fixture.week])
        let controller = try ResultsController(catalog)
        let snapshot = try controller.fetchNow()
        let quakes = snapshot.rows(in: 0..<(snapshot.count ?? 0))
        #expect(quakes.count == 4711)

        let projection = Self.views[index]
        let restriction = projection.region.predicate
        var expected: [Dot: (count: Int, magnitude: Double?)] = [:]
        for quake in quakes {
            guard try restriction?.evaluate(quake) ?? true else { continue }
            let dot = projection.dot(GeoPoint(latitude: quake.latitude, longitude: quake.longitude))
            let old = expected[dot]
            expected[dot] = ((old?.count ?? 0) + 1, [old?.magnitude ?? nil, quake.magnitude.map { $0.rounded(.down) }].compactMap { $0 }.max())
        }
        let map = MapAggregate.quakes(try controller.aggregate(MapAggregate.request(for: projection)), projection: projection)
        let oracle = MapQuakes(projection: projection,
                               dots: expected.map { MapDot(dot: $0.key, count: $0.value.count, magnitude: $0.value.magnitude) })
        #expect(map == oracle)
        #expect(MapAggregate.projection(of: MapAggregate.request(for: projection)) == projection, "the request names its grid")
        #expect(MapAggregate.quakes(try controller.aggregate(MapAggregate.request(for: projection))) == oracle)
        #expect(map.count > 0)
        if index == 0 { #expect(map.count == 4711) }
    }
}
