import Foundation
import GRDB
import PropertyBased
@testable import QuakeQuery
import QuakeStore
import Testing

/// `DISTANCE(…)` against the test's own haversine over the real week and
/// the edge quakes: each quake's distance within 1 m of the oracle's, and
/// the quakes a radius selects the same in SQL, in memory and by the oracle.
@Suite("DISTANCE against an independent haversine", .serialized)
struct DistanceTests {
    @Test("every quake's distance, in SQL and in memory, is within 1 m of the oracle's", arguments: distanceCentres)
    func distancesMatchTheOracle(_ centre: (latitude: Double, longitude: Double)) throws {
        let catalog = try DistanceCatalog.shared.get()
        let field = try PredicateParser.parseDistanceKey(distanceCall(centre), home: nil)
        let sql = try catalog.database.dbWriter.read { db in
            try Row.fetchAll(db, sql: "SELECT id, \(field.column) FROM quake ORDER BY id")
        }
        #expect(sql.count == catalog.quakes.count)
        for (row, quake) in zip(sql, catalog.quakes) {
            let oracle = oracleKilometres(quake.latitude, quake.longitude, centre.latitude, centre.longitude)
            let sqlKilometres: Double = row[1]
            #expect(row[0] == quake.id)
            #expect(abs(sqlKilometres - oracle) < 0.001, "\(quake.id): \(sqlKilometres) km, oracle \(oracle) km")
            #expect(field.value(of: quake) == .number(sqlKilometres), "SQL and memory compute the same bits")
        }
    }

    @Test("a radius selects the oracle's quakes, in SQL and in memory", arguments: distanceCentres)
    func radiusSelectsTheOraclesQuakes(_ centre: (latitude: Double, longitude: Double)) throws {
        let catalog = try DistanceCatalog.shared.get()
        for radius in distanceRadii {
            let expected = catalog.quakes.filter {
                oracleKilometres($0.latitude, $0.longitude, centre.latitude, centre.longitude) < radius
            }.map(\.id)
            let predicate = try QuakePredicate("\(distanceCall(centre)) < \(radius)")
            #expect(try catalog.sqlIDs(predicate) == expected, "\(predicate)")
            #expect(catalog.memoryIDs(predicate) == expected, "\(predicate)")
        }
    }

    @Test("BETWEEN, <=, ==, IN and NOT select the same in SQL and in memory", arguments: [
        "DISTANCE(35.68, 139.69) BETWEEN {100, 300}", "NOT DISTANCE(61.22, -149.90) < 100",
        "DISTANCE(-17.8, 179.9) <= 800 AND magnitude >= 4", "DISTANCE(0, 0) == 0", "DISTANCE(90, 0) < 10",
        "DISTANCE(-90, 0) <= 0", "DISTANCE(52, -180) < 50", "DISTANCE(19.4, -155.3) IN {0, 12.5}",
        "100 > DISTANCE(19.4, -155.3) OR DISTANCE(61.2, -150) < 50", "DISTANCE(19.4, -155.3) > 20000",
        "NOT (DISTANCE(-17.8, -179.95) BETWEEN {0, 600})", "DISTANCE(0, 180) < -1", "DISTANCE(89.9, 10) < 30",
    ])
    func operatorsAgree(_ text: String) throws {
        let catalog = try DistanceCatalog.shared.get()
        let predicate = try QuakePredicate(text)
        #expect(try catalog.sqlIDs(predicate) == catalog.memoryIDs(predicate))
    }

    @Test func theEdgeQuakesAreFoundAcrossTheAntimeridianAndAtThePoles() throws {
        let catalog = try DistanceCatalog.shared.get()
        func ids(_ text: String) throws -> [String] {
            try catalog.sqlIDs(QuakePredicate("net == \"ze\" AND \(text)"))
        }
        #expect(try ids("DISTANCE(-17.8, 179.9) < 50") == ["ze-east", "ze-west"])
        #expect(try ids("DISTANCE(-17.8, -179.95) < 50") == ["ze-east", "ze-west"])
        #expect(try ids("DISTANCE(52, 180) < 20") == ["ze-minus180", "ze-plus180"])
        #expect(try ids("DISTANCE(89.99, -100) < 20") == ["ze-nearnorth", "ze-north"])
        #expect(try ids("DISTANCE(-89.5, 120) < 60") == ["ze-south"])
        #expect(try ids("DISTANCE(-19.5, -178.0) < 500") == ["ze-east", "ze-fiji", "ze-tonga", "ze-west"])
    }

    @Test func aDistanceTestPlansABoxOnTheCoordinates() throws {
        let predicate = try QuakePredicate("DISTANCE(61.22, -149.90) < 100")
        #expect(predicate.sql.sql.hasPrefix(
            "(latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ? AND quake_distance(latitude, longitude, "))
        // 100 km is 0.8993° of latitude; at 61.22° the circle spans ±1.8682° of longitude (asin(sin r / cos φ)).
        let box = try #require(predicate.root.distanceBox)
        #expect(abs(box.south - (61.22 - 0.8993)) < 0.0001 && abs(box.north - (61.22 + 0.8993)) < 0.0001)
        let (west, east) = try #require(box.longitudes)
        #expect(abs(west - (-149.9 - 1.8682)) < 0.0001 && abs(east - (-149.9 + 1.8682)) < 0.0001)
        let across = try QuakePredicate("DISTANCE(-17.8, 179.9) < 100").sql.sql
        #expect(across.contains("(longitude >= ? OR longitude <= ?)"), "across the antimeridian: two ranges")
        let polar = try QuakePredicate("DISTANCE(89.5, 0) < 100").sql.sql
        #expect(polar.hasPrefix("(latitude BETWEEN ? AND ? AND quake_distance"), "around a pole: every longitude")
        #expect(!(try QuakePredicate("DISTANCE(0, 0) > 100").sql.sql.contains("BETWEEN")), "far away is no box")
        #expect(!(try QuakePredicate("DISTANCE(0, 0) < 30000").sql.sql.contains("BETWEEN")), "the whole Earth is no box")
    }

    @Test("the box holds every point within its radius")
    func theBoxHoldsTheCircle() async {
        let cases = Generator<(Double, Double, Double, Double, Double), Shrink.None<(Double, Double, Double, Double, Double)>> { rng in
            // Centres and points anywhere, poles and edges included often.
            func latitude() -> Double { [90, -90, 89.999, Double.random(in: -90...90, using: &rng)].randomElement(using: &rng)! }
            func longitude() -> Double { [180, -180, 179.999, Double.random(in: -180...180, using: &rng)].randomElement(using: &rng)! }
            return (latitude(), longitude(), latitude(), longitude(), Double.random(in: 0...20_000, using: &rng))
        }
        await propertyCheck(count: 2000, input: cases) { centreLatitude, centreLongitude, latitude, longitude, radius in
            let centre = GeoPoint(checkingLatitude: centreLatitude, longitude: centreLongitude)!
            let distance = GreatCircle.distanceKilometres(latitude, longitude, centreLatitude, centreLongitude)
            guard distance <= radius, let box = DistanceBox(around: centre, kilometres: radius) else { return }
            #expect(box.contains(latitude: latitude, longitude: longitude),
                    "(\(latitude), \(longitude)) is \(distance) km from (\(centreLatitude), \(centreLongitude)), outside \(box)")
        }
    }

    @Test func pointsJustInsideTheWidestLongitudeAreInTheBox() {
        // The circle touches its tangent meridians north of the centre's
        // latitude: a point there is as far east as the circle reaches.
        for latitude in stride(from: -80.0, through: 80, by: 10) {
            let centre = GeoPoint(checkingLatitude: latitude, longitude: 179)!
            let box = DistanceBox(around: centre, kilometres: 500)!
            var longitude = 179.0
            var furthest = 179.0
            for step in 0..<4000 {
                longitude = 179 + Double(step) * 0.005
                let wrapped = longitude > 180 ? longitude - 360 : longitude
                for pointLatitude in stride(from: latitude - 5, through: min(90, latitude + 5), by: 0.05)
                where GreatCircle.distanceKilometres(pointLatitude, wrapped, latitude, 179) <= 500 {
                    furthest = longitude
                    #expect(box.contains(latitude: pointLatitude, longitude: wrapped))
                }
            }
            #expect(furthest > 181, "the circle crosses the antimeridian at latitude \(latitude)")
        }
    }
}
