import Foundation
import QuakeMap
import QuakeQuery
import QuakeStore
import Testing
import TestSupport

/// `ResultsController.nearestQuake` (a click on the map) against every
/// quake of the week: the same quake as the nearest by brute force, in
/// plain degrees with longitudes the short way round, ties to the smaller
/// id; its position is where the results hold it.
@Suite(.timeLimit(.minutes(10)))
struct NearestQuakeTests {
    let folder = TemporaryFolder()
    let catalog: QuakeCatalog
    let week: [Quake]

    init() throws {
        catalog = try importedCatalog(folder, feeds: [Fixture.week])
        var all: [Quake] = []
        try ResultsController(catalog).fetchNow().forEachRow { _, quake in all.append(quake) }
        week = all
    }

    static func distance(_ quake: Quake, _ point: GeoPoint) -> Double {
        var dLon = abs(quake.longitude - point.longitude)
        if dLon > 180 { dLon = 360 - dLon }
        let dLat = quake.latitude - point.latitude
        return (dLat * dLat + dLon * dLon).squareRoot()
    }

    func oracle(_ point: GeoPoint, where selects: (Quake) -> Bool) -> Quake? {
        week.filter(selects).min { a, b in
            let (da, db) = (Self.distance(a, point), Self.distance(b, point))
            return da != db ? da < db : a.id < b.id
        }
    }

    /// Points on land and sea, near the poles, and either side of 180°
    /// (the nearest across the antimeridian is found the short way).
    static let points = [GeoPoint(latitude: 19.4, longitude: -155.3), GeoPoint(latitude: 0, longitude: 0),
                         GeoPoint(latitude: -17.9, longitude: 179.95), GeoPoint(latitude: -16, longitude: -179.9),
                         GeoPoint(latitude: 85, longitude: 90), GeoPoint(latitude: -85, longitude: -60),
                         GeoPoint(latitude: 61.2, longitude: -149.9), GeoPoint(latitude: 35.7, longitude: 139.7)]

    @Test("the nearest of the whole week, and of M 4.5+", arguments: points.indices)
    func nearestAgreesWithBruteForce(_ index: Int) throws {
        let point = Self.points[index]
        let controller = try ResultsController(catalog)
        let found = try #require(try controller.nearestQuake(latitude: point.latitude, longitude: point.longitude))
        #expect(found.quake.id == oracle(point) { _ in true }?.id)
        let snapshot = try controller.fetchNow()
        #expect(found.index.flatMap { snapshot.quake(at: $0)?.id } == found.quake.id, "its position in the results")

        try controller.fetch { $0.predicate = try QuakePredicate("magnitude >= 4.5") }
        let big = try #require(try controller.nearestQuake(latitude: point.latitude, longitude: point.longitude, radius: 0.1))
        #expect(big.quake.id == oracle(point) { ($0.magnitude ?? 0) >= 4.5 }?.id)
        #expect(big.index.flatMap { try? controller.fetchNow().quake(at: $0)?.id } == big.quake.id)
    }

    @Test func aRestrictionKeepsTheSearchInViewAcrossTheAntimeridian() throws {
        let controller = try ResultsController(catalog)
        let fiji = MapRegion(south: -25, north: -10, west: 170, east: -170)
        let point = GeoPoint(latitude: 0, longitude: 0)   // far outside the view: the nearest in it is wanted
        let found = try #require(try controller.nearestQuake(latitude: point.latitude, longitude: point.longitude,
                                                             restriction: fiji.predicate))
        #expect(found.quake.id == oracle(point) { fiji.contains(GeoPoint(latitude: $0.latitude, longitude: $0.longitude)) }?.id)
        #expect(fiji.contains(GeoPoint(latitude: found.quake.latitude, longitude: found.quake.longitude)))

        let empty = MapRegion(south: -89, north: -88, west: 0, east: 1)
        #expect(try controller.nearestQuake(latitude: -88.5, longitude: 0.5, restriction: empty.predicate) == nil,
                "nothing in view: nil, after widening to the whole globe")
    }
}
