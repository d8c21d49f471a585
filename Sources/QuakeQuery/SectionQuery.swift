import Foundation
import GRDB
import QuakeStore

/// A quake placed on a cross-section: its distance along the line and off
/// it (km); `quake` holds its id, time, magnitude, position and depth.
public struct SectionQuake: Sendable, Equatable {
    public let quake: Quake
    public let along: Double
    public let offset: Double

    public init(quake: Quake, along: Double, offset: Double) { self.quake = quake; self.along = along; self.offset = offset }
}

/// The quakes of a selection that lie in a cross-section: the catalog is
/// asked for the box round the corridor (through the latitude and
/// longitude indexes), each quake read is placed exactly, and those within
/// the half-width between A and A′ are kept, in order along the line.
/// `quakes-tui section` prints them; the browser's section pane draws them.
public enum SectionQuery {
    /// `limit`: at most this many quakes read from the box (0: all); the
    /// answer says whether it stopped there. Each quake is read as the
    /// section needs it (id, time, magnitude, position and depth: its
    /// `quake` holds only these), not as a whole row: a row decoded whole
    /// cost 18 µs, most of the section's time.
    public static func quakes(in profile: Profile, selection: QuakePredicate?, catalog: QuakeCatalog,
                              limit: Int = 0) throws -> (quakes: [SectionQuake], isCapped: Bool) {
        guard let predicate = QuakePredicate.and(selection, try boxPredicate(profile.box)) else { return ([], false) }
        let (condition, arguments) = predicate.sql
        let sql = "SELECT id, time, magnitude, latitude, longitude, depth FROM quake WHERE \(condition)"
            + (limit > 0 ? " LIMIT \(limit)" : "")
        var placed: [SectionQuake] = [], read = 0
        try catalog.dbWriter.read { db in
            let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            while let row = try rows.next() {
                read += 1
                let latitude: Double = row[3], longitude: Double = row[4]
                guard let place = profile.placeInSection(latitude: latitude, longitude: longitude) else { continue }
                let time = Date(epochMilliseconds: row[1])
                let quake = Quake(id: row[0], magnitude: row[2], place: "", time: time, updated: time, depth: row[5],
                                  latitude: latitude, longitude: longitude)
                placed.append(SectionQuake(quake: quake, along: place.along, offset: place.offset))
            }
        }
        placed.sort { ($0.along, $0.quake.id) < ($1.along, $1.quake.id) }
        return (placed, limit > 0 && read >= limit)
    }

    /// The box as a predicate, for the latitude and longitude indexes.
    static func boxPredicate(_ box: (latitudes: ClosedRange<Double>, longitudes: [ClosedRange<Double>])) throws -> QuakePredicate {
        let longitudes = box.longitudes.map { "(longitude >= \($0.lowerBound) AND longitude <= \($0.upperBound))" }
        return try QuakePredicate("latitude >= \(box.latitudes.lowerBound) AND latitude <= \(box.latitudes.upperBound) AND ("
                                  + longitudes.joined(separator: " OR ") + ")")
    }
}
