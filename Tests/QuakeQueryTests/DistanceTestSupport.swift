import Foundation
import GRDB
@testable import QuakeQuery
import QuakeStore
import TestSupport

/// The test's own great-circle distance, written apart from the catalog's
/// (the atan2 form of the haversine), on the same sphere.
func oracleKilometres(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double) -> Double {
    let radius = 6_371.0088
    func radians(_ degrees: Double) -> Double { degrees / 180 * Double.pi }
    let dLatitude = radians(latitude2 - latitude1), dLongitude = radians(longitude2 - longitude1)
    let a = pow(sin(dLatitude / 2), 2) + cos(radians(latitude1)) * cos(radians(latitude2)) * pow(sin(dLongitude / 2), 2)
    return radius * 2 * atan2(a.squareRoot(), max(0, 1 - a).squareRoot())
}

/// Centres that exercise the box: ordinary places, the antimeridian from
/// both sides, near and at both poles, and on the edge meridian itself.
let distanceCentres: [(latitude: Double, longitude: Double)] = [
    (61.21806, -149.90028), (35.68, 139.69), (19.4, -155.3), (-17.8, 179.9), (-17.8, -179.95), (52.0, 180),
    (89.9, 10), (-90, 0), (0, 0), (36.0, -117.5),
]

let distanceRadii: [Double] = [0, 1, 25, 100, 333.3, 1_000, 2_500, 7_000, 15_000, 20_100]

/// Quakes at the edges the box must get right, all `net == "ze"`: on both
/// sides of the antimeridian, at both poles, on the equator, and one at
/// exactly −180.
var edgeQuakeFeatures: [[String: Any]] { [
    ("ze-east", 179.99, -17.8), ("ze-west", -179.99, -17.8), ("ze-minus180", -180, 52), ("ze-plus180", 180, 51.9),
    ("ze-north", 135, 90), ("ze-nearnorth", -60, 89.95), ("ze-south", 0, -90), ("ze-equator", 0, 0),
    ("ze-fiji", 178.4, -18.1), ("ze-tonga", -175.2, -21.1),
].map { id, longitude, latitude in
    ["type": "Feature", "id": id, "geometry": ["type": "Point", "coordinates": [longitude, latitude, 10]],
     "properties": ["mag": 4.0, "place": "edge \(id)", "time": 1_528_600_000_000, "updated": 1_528_600_000_000,
                    "net": "ze", "code": id, "ids": ",\(id),", "status": "reviewed", "tsunami": 0, "sig": 1,
                    "magType": "mb", "type": "earthquake", "title": "M 4 - edge \(id)", "url": ""]]
} }

/// The real week plus the edge quakes, built once per test process.
enum DistanceCatalog {
    static let shared: Result<LoadedCatalog, any Error> = Result {
        let folder = NSTemporaryDirectory() + "quakes-distance-\(getpid())-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let catalog = try QuakeCatalog(path: folder + "/distance.sqlite")
        let importer = QuakeImporter(catalog: catalog)
        _ = try importer.importFile(at: Fixture.week)
        let feed: [String: Any] = ["type": "FeatureCollection", "features": edgeQuakeFeatures]
        let report = try importer.importData(try JSONSerialization.data(withJSONObject: feed), name: "edges")
        precondition(report.new == edgeQuakeFeatures.count, "edge quakes not imported: \(report)")
        let quakes = try catalog.dbWriter.read { db in try Quake.fetchAll(db, sql: "SELECT * FROM quake ORDER BY id") }
        return LoadedCatalog(database: catalog, quakes: quakes)
    }
}

/// `DISTANCE(lat, lon)` spelled for a predicate.
func distanceCall(_ centre: (latitude: Double, longitude: Double)) -> String {
    "DISTANCE(\(centre.latitude), \(centre.longitude))"
}
