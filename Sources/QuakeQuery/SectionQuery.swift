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
                let index = try narrowerBoxIndex(profile.box, db).map { " INDEXED BY \($0)" } ?? ""
                let entries = try Row.fetchCursor(db, sql: """
                    SELECT rowid, id, magnitude, latitude, longitude, depth FROM quake\(index) WHERE \(boxCondition)\(limitSQL)
                    """, arguments: boxArguments)
                var rowids: [Int64] = []
                while let entry = try entries.next() {
                    read += 1
                    guard let place = profile.placeInSection(latitude: entry[3], longitude: entry[4]) else { continue }
                    let quake = sectionQuake(id: entry[1], time: Date(timeIntervalSince1970: 0), magnitude: entry[2],
                                             latitude: entry[3], longitude: entry[4], depth: entry[5])
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
                let quake = sectionQuake(id: row[0], time: Date(epochMilliseconds: row[1]), magnitude: row[2],
                                         latitude: row[3], longitude: row[4], depth: row[5])
                placed.append(SectionQuake(quake: quake, along: place.along, offset: place.offset))
            }
        }
        return (alongTheLine(placed), limit > 0 && read >= limit)
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

    /// The quakes in order along the line (ties by id). Their positions
    /// are sorted, then the quakes put in that order once: sorted in place,
    /// each move copied a whole `Quake` (half of a 21,399-quake section's
    /// time at 1,000,000 quakes).
    private static func alongTheLine(_ placed: [SectionQuake]) -> [SectionQuake] {
        let order = placed.indices.sorted { a, b in
            placed[a].along != placed[b].along ? placed[a].along < placed[b].along : placed[a].quake.id < placed[b].quake.id
        }
        return order.map { placed[$0] }
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
