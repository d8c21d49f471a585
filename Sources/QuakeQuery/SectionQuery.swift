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
        var placed: [Placed] = [], read = 0
        try catalog.dbWriter.read { db in
            // Every quake of the box: placed from the box indexes alone
            // (they carry position, id, magnitude, depth and the rowid);
            // the times, when wanted, read for the corridor's quakes only,
            // by rowid in one statement. Read whole, every quake of the box
            // cost a row lookup for its time and depth (41,202 in the
            // bench's box for 21,399 in the corridor: 202–223 ms). A
            // selection's quakes are read as its predicate's plan reads them.
            let (condition, arguments) = selection.map { QuakePredicate.and($0, box)!.sql } ?? box.sql
            let index = selection == nil ? try narrowerBoxIndex(profile.box, db).map { " INDEXED BY \($0)" } ?? "" : ""
            let time = selection == nil ? "0" : "time"
            // Read in place (`StatementRows`): through GRDB's `Row`, the
            // 41,320 entries of the bench's box cost more than SQLite's
            // walk of them.
            let statement = try db.makeStatement(sql: """
                SELECT rowid, id, magnitude, latitude, longitude, depth, \(time) FROM quake\(index) WHERE \(condition)\(limitSQL)
                """)
            try StatementRows(statement, arguments: arguments).forEach { row in
                read += 1
                let latitude = row.double(3), longitude = row.double(4)
                guard let place = profile.placeInSection(latitude: latitude, longitude: longitude) else { return true }
                placed.append(Placed(along: place.along, offset: place.offset, id: row.text(1), timeMs: row.int64(6),
                                     magnitude: row.optionalDouble(2), latitude: latitude, longitude: longitude,
                                     depth: row.double(5), rowid: row.int64(0)))
                return true
            }
            if selection == nil && times { try readTimes(of: &placed, db) }
        }
        return (alongTheLine(placed), limit > 0 && read >= limit)
    }

    /// A quake placed, as read: kept this small until the section is in
    /// order, then made a `SectionQuake` once (a `Quake` is large: moved
    /// by the array's growth and the sort, its copies were a fifth of a
    /// 21,399-quake section's time).
    private struct Placed {
        var along: Double
        var offset: Double
        var id: String
        var timeMs: Int64
        var magnitude: Double?
        var latitude: Double
        var longitude: Double
        var depth: Double
        var rowid: Int64
    }

    /// The box index whose range holds fewer quakes, as the kept half-degree
    /// cells count them (nil when it is not built yet). SQLite, which keeps
    /// no statistics here, chose the longitude index for a line across
    /// Alaska: 708,518 entries walked for 41,202 in the box, where the
    /// latitude range holds 49,520 (section_ms at 1,000,000: 92 → 48 ms).
    static func narrowerBoxIndex(_ box: (latitudes: ClosedRange<Double>, longitudes: [ClosedRange<Double>]),
                                         _ db: Database) throws -> String? {
        let counts = try boxCounts(box, db) ?? (0, 0)
        let name = counts.latitudes <= counts.longitudes ? "quake_latitudeBoxDepth" : "quake_longitudeBoxDepth"
        return try QuakeCatalog.indexNames(db).contains(name) ? name : nil
    }

    /// The quakes within the box's latitudes, and within its longitudes, as
    /// the kept half-degree cells count them; nil while they are not kept.
    static func boxCounts(_ box: (latitudes: ClosedRange<Double>, longitudes: [ClosedRange<Double>]),
                          _ db: Database) throws -> (latitudes: Int, longitudes: Int)? {
        let level = 2
        guard try Int.fetchOne(db, sql: "SELECT 1 FROM quakeCell WHERE level = \(level) LIMIT 1") != nil
                || (try Int.fetchOne(db, sql: "SELECT 1 FROM quake LIMIT 1")) == nil else { return nil }
        func cell(_ value: Double, _ offset: Double) -> Int { KeptCells.cell(value, offset: offset, level: level) }
        let count = "SELECT coalesce(sum(quakes), 0) FROM quakeCell WHERE level = \(level) AND"
        let inLatitudes = try Int.fetchOne(db, sql: "\(count) latCell BETWEEN ? AND ?",
                                           arguments: [cell(box.latitudes.lowerBound, 90), cell(box.latitudes.upperBound, 90)]) ?? 0
        var inLongitudes = 0
        for range in box.longitudes {
            inLongitudes += try Int.fetchOne(db, sql: "\(count) lonCell BETWEEN ? AND ?",
                                             arguments: [cell(range.lowerBound, 180), cell(range.upperBound, 180)]) ?? 0
        }
        return (inLatitudes, inLongitudes)
    }

    /// The quakes in order along the line (ties by id), each made a
    /// `SectionQuake` once, in that order.
    private static func alongTheLine(_ placed: [Placed]) -> [SectionQuake] {
        let order = placed.indices.sorted { a, b in
            placed[a].along != placed[b].along ? placed[a].along < placed[b].along : placed[a].id < placed[b].id
        }
        return order.map { index in
            let entry = placed[index]
            let quake = sectionQuake(id: entry.id, time: Date(epochMilliseconds: entry.timeMs), magnitude: entry.magnitude,
                                     latitude: entry.latitude, longitude: entry.longitude, depth: entry.depth)
            return SectionQuake(quake: quake, along: entry.along, offset: entry.offset)
        }
    }

    /// Each placed quake's time, read by the rowids of its row.
    private static func readTimes(of placed: inout [Placed], _ db: Database) throws {
        var position = [Int64: Int](minimumCapacity: placed.count)
        for (i, entry) in placed.enumerated() { position[entry.rowid] = i }
        let rows = try Row.fetchCursor(db, sql: "SELECT rowid, time FROM quake WHERE rowid IN (SELECT value FROM json_each(?))",
                                       arguments: ["[" + placed.map { String($0.rowid) }.joined(separator: ",") + "]"])
        while let row = try rows.next() {
            guard let i = position[row[0]] else { continue }
            placed[i].timeMs = row[1]
        }
    }

    /// The quake a section holds: these columns only (its update time its time).
    private static func sectionQuake(id: String, time: Date, magnitude: Double?, latitude: Double, longitude: Double,
                                     depth: Double) -> Quake {
        Quake(id: id, magnitude: magnitude, place: "", time: time, updated: time, depth: depth, latitude: latitude, longitude: longitude)
    }

    /// The box as a predicate, for the latitude and longitude indexes.
    static func boxPredicate(_ box: (latitudes: ClosedRange<Double>, longitudes: [ClosedRange<Double>])) throws -> QuakePredicate {
        let longitudes = box.longitudes.map { "(longitude >= \($0.lowerBound) AND longitude <= \($0.upperBound))" }
        return try QuakePredicate("latitude >= \(box.latitudes.lowerBound) AND latitude <= \(box.latitudes.upperBound) AND ("
                                  + longitudes.joined(separator: " OR ") + ")")
    }
}
