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
        let box = try boxPredicate(profile.box)
        let limitSQL = limit > 0 ? " LIMIT \(limit)" : ""
        var placed: [SectionQuake] = [], read = 0
        try catalog.dbWriter.read { db in
            guard let selection else {
                // Every quake of the box: placed from the box indexes alone
                // (they carry latitude, longitude and the rowid), then only
                // those in the corridor read, in the table's order. Read
                // whole, every quake of the box cost a row lookup for its
                // time and depth (41,202 in the bench's box for about
                // 17,000 in the corridor: 202–223 ms).
                let (boxCondition, boxArguments) = box.sql
                var corridor: [Int64: (along: Double, offset: Double)] = [:]
                let entries = try Row.fetchCursor(db, sql: "SELECT rowid, latitude, longitude FROM quake WHERE \(boxCondition)\(limitSQL)",
                                                  arguments: boxArguments)
                while let entry = try entries.next() {
                    read += 1
                    if let place = profile.placeInSection(latitude: entry[1], longitude: entry[2]) { corridor[entry[0]] = place }
                }
                let rowids = "[" + corridor.keys.map(String.init).joined(separator: ",") + "]"
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT rowid, id, time, magnitude, latitude, longitude, depth FROM quake
                    WHERE rowid IN (SELECT value FROM json_each(?))
                    """, arguments: [rowids])
                while let row = try rows.next() {
                    guard let place = corridor[row[0]] else { continue }
                    placed.append(SectionQuake(quake: sectionQuake(row, from: 1), along: place.along, offset: place.offset))
                }
                return
            }
            let (condition, arguments) = QuakePredicate.and(selection, box)!.sql
            let rows = try Row.fetchCursor(db, sql: "SELECT id, time, magnitude, latitude, longitude, depth FROM quake WHERE \(condition)\(limitSQL)",
                                           arguments: arguments)
            while let row = try rows.next() {
                read += 1
                guard let place = profile.placeInSection(latitude: row[3], longitude: row[4]) else { continue }
                placed.append(SectionQuake(quake: sectionQuake(row, from: 0), along: place.along, offset: place.offset))
            }
        }
        placed.sort { ($0.along, $0.quake.id) < ($1.along, $1.quake.id) }
        return (placed, limit > 0 && read >= limit)
    }

    /// The quake a section holds from `row`'s id, time, magnitude,
    /// latitude, longitude and depth, from column `first` on.
    private static func sectionQuake(_ row: Row, from first: Int) -> Quake {
        let time = Date(epochMilliseconds: row[first + 1])
        return Quake(id: row[first], magnitude: row[first + 2], place: "", time: time, updated: time, depth: row[first + 5],
                     latitude: row[first + 3], longitude: row[first + 4])
    }

    /// The box as a predicate, for the latitude and longitude indexes.
    static func boxPredicate(_ box: (latitudes: ClosedRange<Double>, longitudes: [ClosedRange<Double>])) throws -> QuakePredicate {
        let longitudes = box.longitudes.map { "(longitude >= \($0.lowerBound) AND longitude <= \($0.upperBound))" }
        return try QuakePredicate("latitude >= \(box.latitudes.lowerBound) AND latitude <= \(box.latitudes.upperBound) AND ("
                                  + longitudes.joined(separator: " OR ") + ")")
    }
}
