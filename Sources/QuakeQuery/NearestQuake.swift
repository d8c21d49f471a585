import Foundation
import GRDB
import QuakeStore

/// The quake of a controller's results nearest a point (a click on the
/// map), with where it is in those results so the table can select it.
public struct NearestQuake: Sendable {
    public let quake: Quake
    /// Its position in the results of `generation` (nil: not among them,
    /// which a commit in between can cause).
    public let index: Int?
    /// The generation of the configuration it was found in.
    public let generation: Int
}

extension ResultsController {
    /// The quake of the current configuration, further restricted by
    /// `restriction` (the view on screen), nearest to (`latitude`,
    /// `longitude`) as the map draws them: plain degrees, longitudes the
    /// short way round the globe, ties to the smaller id. Nil when none
    /// matches. Read on the caller's thread (the browser calls it off the
    /// run loop's).
    ///
    /// It never reads every row: the search starts in a box of
    /// `radius` degrees round the point, on the latitude and longitude
    /// indexes, and widens it fourfold until the box holds a quake; that
    /// quake's distance then bounds one last box that must hold the nearest.
    public func nearestQuake(latitude: Double, longitude: Double, restriction: QuakePredicate? = nil,
                             radius: Double = 1) throws -> NearestQuake? {
        let (generation, configuration) = current
        return try catalog.dbWriter.read { db -> NearestQuake? in
            let plans = try QueryPlan.planning(configuration, db)
            let search = NearestSearch(plan: plans.summary, latitude: latitude, longitude: longitude, restriction: restriction)
            guard let id = try search.nearestID(startingAt: radius, db),
                  let quake = try Quake.fetchOne(db, sql: "SELECT * FROM \(QuakeField.table) WHERE id = ?", arguments: [id])
            else { return nil }
            return NearestQuake(quake: quake, index: try plans.window.position(of: id, db), generation: generation)
        }
    }
}

/// One search for the nearest quake: the plan's rows (and a restriction)
/// in boxes round the point, nearest first by SQL.
struct NearestSearch {
    let plan: QueryPlan
    let latitude: Double
    let longitude: Double
    let restriction: QuakePredicate?

    func nearestID(startingAt radius: Double, _ db: Database) throws -> String? {
        var radius = max(radius, 0.01)
        while true {
            if let found = try nearest(within: radius, db) {
                // A quake outside the box can be nearer than one in its
                // corner, never nearer than the box's half-width.
                if found.distance <= radius { return found.id }
                return try nearest(within: found.distance, db)?.id ?? found.id
            }
            // A box this wide holds the whole globe.
            if radius >= 360 { return nil }
            radius *= 4
        }
    }

    /// The nearest quake in the box of half-width `radius` round the point.
    func nearest(within radius: Double, _ db: Database) throws -> (id: String, distance: Double)? {
        var conditions = ["(\(plan.whereSQL))"]
        var arguments = plan.arguments
        if let restriction {
            let (sql, restrictionArguments) = restriction.sql(placeLookups: restriction.placeSearches)
            conditions.append("(\(sql))")
            arguments += restrictionArguments
        }
        if radius < 180 {
            conditions.append("latitude BETWEEN ? AND ?")
            arguments += [latitude - radius, latitude + radius]
            let west = longitude - radius, east = longitude + radius
            if west < -180 {
                conditions.append("(longitude >= ? OR longitude <= ?)")
                arguments += [west + 360, east]
            } else if east > 180 {
                conditions.append("(longitude >= ? OR longitude <= ?)")
                arguments += [west, east - 360]
            } else {
                conditions.append("longitude BETWEEN ? AND ?")
                arguments += [west, east]
            }
        }
        // Squared distance in degrees; a longitude difference over 180 is
        // the other way round.
        let distance = "((latitude - ?) * (latitude - ?) + min(abs(longitude - ?), 360 - abs(longitude - ?)) * min(abs(longitude - ?), 360 - abs(longitude - ?)))"
        let distanceArguments: StatementArguments = [latitude, latitude, longitude, longitude, longitude, longitude]
        let sql = """
            SELECT id, \(distance) AS squared FROM \(QuakeField.table) WHERE \(conditions.joined(separator: " AND "))
            ORDER BY squared, id LIMIT 1
            """
        guard let row = try Row.fetchOne(db, sql: sql, arguments: distanceArguments + arguments) else { return nil }
        let squared: Double = row[1]
        return (row[0], squared.squareRoot())
    }
}
