import Foundation
import GRDB
import QuakeStore

/// A quake placed on a cross-section: its distance along the line and off
/// it (km); `quake` holds its id, time, magnitude, position and depth.
public struct SectionQuake: Sendable, Equatable {
    public internal(set) var quake: Quake
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
    /// cost 18 µs, most of the section's time. `times`: false when the
    /// times are not wanted (the pane draws id, distance and depth): each
    /// `quake.time` is then the epoch, and a section of every quake is
    /// read from the box index alone, no row.
    public static func quakes(in profile: Profile, selection: QuakePredicate?, catalog: QuakeCatalog,
                              limit: Int = 0, times: Bool = true) throws -> (quakes: [SectionQuake], isCapped: Bool) {
        let box = try boxPredicate(profile.box)
        let limitSQL = limit > 0 ? " LIMIT \(limit)" : ""
        var placed: [SectionQuake] = [], read = 0
        try catalog.dbWriter.read { db in
            guard let selection else {
                // Every quake of the box: placed from the box indexes alone
                // (they carry position, id, magnitude, depth and the rowid);
                // the times, when wanted, read for the corridor's quakes
                // only, by rowid in one statement. Read whole, every quake
                // of the box cost a row lookup for its time and depth
                // (41,202 in the bench's box for 21,399 in the corridor:
                // 202–223 ms).
                let (boxCondition, boxArguments) = box.sql
                let entries = try Row.fetchCursor(db, sql: """
                    SELECT rowid, id, magnitude, latitude, longitude, depth FROM quake WHERE \(boxCondition)\(limitSQL)
                    """, arguments: boxArguments)
                var rowids: [Int64] = []
                while let entry = try entries.next() {
                    read += 1
                    guard let place = profile.placeInSection(latitude: entry[3], longitude: entry[4]) else { continue }
                    let quake = Quake(id: entry[1], magnitude: entry[2], place: "", time: Date(timeIntervalSince1970: 0),
                                      updated: Date(timeIntervalSince1970: 0), depth: entry[5], latitude: entry[3], longitude: entry[4])
                    placed.append(SectionQuake(quake: quake, along: place.along, offset: place.offset))
                    rowids.append(entry[0])
                }
                if times { try readTimes(of: &placed, rowids: rowids, db) }
                return
            }
            let (condition, arguments) = QuakePredicate.and(selection, box)!.sql
            let rows = try Row.fetchCursor(db, sql: "SELECT id, time, magnitude, latitude, longitude, depth FROM quake WHERE \(condition)\(limitSQL)",
                                           arguments: arguments)
            while let row = try rows.next() {
                read += 1
                guard let place = profile.placeInSection(latitude: row[3], longitude: row[4]) else { continue }
                placed.append(SectionQuake(quake: sectionQuake(row), along: place.along, offset: place.offset))
            }
        }
        placed.sort { ($0.along, $0.quake.id) < ($1.along, $1.quake.id) }
        return (placed, limit > 0 && read >= limit)
    }

    /// Each placed quake's time (and its update time, the same), read by
    /// the rowids of its row.
    private static func readTimes(of placed: inout [SectionQuake], rowids: [Int64], _ db: Database) throws {
        var position = [Int64: Int](minimumCapacity: rowids.count)
        for (i, rowid) in rowids.enumerated() { position[rowid] = i }
        let rows = try Row.fetchCursor(db, sql: "SELECT rowid, time FROM quake WHERE rowid IN (SELECT value FROM json_each(?))",
                                       arguments: ["[" + rowids.map(String.init).joined(separator: ",") + "]"])
        while let row = try rows.next() {
            guard let i = position[row[0]] else { continue }
            let time = Date(epochMilliseconds: row[1])
            placed[i].quake.time = time
            placed[i].quake.updated = time
        }
    }

    /// The quake a section holds from `row`'s id, time, magnitude,
    /// latitude, longitude and depth.
    private static func sectionQuake(_ row: Row) -> Quake {
        let time = Date(epochMilliseconds: row[1])
        return Quake(id: row[0], magnitude: row[2], place: "", time: time, updated: time, depth: row[5],
                     latitude: row[3], longitude: row[4])
    }

    /// The box as a predicate, for the latitude and longitude indexes.
    static func boxPredicate(_ box: (latitudes: ClosedRange<Double>, longitudes: [ClosedRange<Double>])) throws -> QuakePredicate {
        let longitudes = box.longitudes.map { "(longitude >= \($0.lowerBound) AND longitude <= \($0.upperBound))" }
        return try QuakePredicate("latitude >= \(box.latitudes.lowerBound) AND latitude <= \(box.latitudes.upperBound) AND ("
                                  + longitudes.joined(separator: " OR ") + ")")
    }
}
