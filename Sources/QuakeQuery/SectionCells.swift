import Foundation
import GRDB
import QuakeStore

/// A cell of a section drawn from an aggregate: the quakes of one box of
/// latitude, longitude and depth, placed at the box's centre.
public struct SectionCell: Sendable, Equatable {
    public let along: Double
    public let depth: Double
    public let count: Int
    /// The largest magnitude and the latest time (epoch ms) of its quakes.
    public let magnitude: Double?
    public let time: Double?

    public init(along: Double, depth: Double, count: Int, magnitude: Double?, time: Double?) {
        self.along = along; self.depth = depth; self.count = count; self.magnitude = magnitude; self.time = time
    }
}

/// A section too full to read quake by quake (more quakes in its box than
/// the pane reads): counted in SQL instead, per cube of `step` degrees of
/// latitude and longitude and `step` × 111.2 km of depth (a cube as deep
/// as it is long, near the equator), with the largest magnitude and the
/// latest time; each cube's centre is placed on the line and kept when it
/// lies in the section. A quake is then drawn within half a cube of where
/// it is: the step is chosen finer than the drawing's dots.
extension SectionQuery {
    /// The cubes' size for a line: a 400th of its length (two dots a cube
    /// across a 200-column plot), at least 0.005° (half a kilometre).
    public static func cellStep(for profile: Profile) -> Double {
        max(0.005, profile.lengthKilometres / Profile.kilometresPerDegree / 400)
    }

    /// How many quakes the box round the line holds at most, as the kept
    /// half-degree cells count them (nil before they are built): the
    /// smaller of its latitudes' and its longitudes' counts.
    public static func boxCount(_ profile: Profile, catalog: QuakeCatalog) throws -> Int? {
        try catalog.dbWriter.read { db in try boxCounts(profile.box, db).map { min($0.latitudes, $0.longitudes) } }
    }

    /// The selection's quakes in the section, counted per cube; the
    /// latest time only when `times` (without, every quake of the box is
    /// counted from the narrower box index alone, which carries the rest).
    public static func cells(in profile: Profile, selection: QuakePredicate?, catalog: QuakeCatalog,
                             step: Double, times: Bool = true) throws -> (cells: [SectionCell], quakes: Int) {
        let box = try boxPredicate(profile.box)
        let (condition, arguments) = QuakePredicate.and(selection, box)!.sql
        let time = times ? "time" : "NULL"
        let groups: [AggregateGroup] = [.bin(.latitude, width: step), .bin(.longitude, width: step),
                                        .bin(.depth, width: step * Profile.kilometresPerDegree)]
        let values = groups.map(\.valueSQL)
        let keys = groups.enumerated().map { index, group in "\(group.keySQL("v\(index)")) AS k\(index)" }
        var all = StatementArguments()
        for value in values { all += value.arguments }
        all += arguments
        var cells: [SectionCell] = [], quakes = 0
        try catalog.dbWriter.read { db in
            let index = selection == nil && !times ? try narrowerBoxIndex(profile.box, db).map { " INDEXED BY \($0)" } ?? "" : ""
            let sql = """
                SELECT k0, k1, k2, count(*), max(magnitude), max(time) FROM (
                  SELECT \(keys.joined(separator: ", ")), magnitude, time FROM (
                    SELECT \(values.enumerated().map { "\($1.sql) AS v\($0)" }.joined(separator: ", ")), magnitude, \(time) AS time
                    FROM quake\(index) WHERE \(condition)))
                GROUP BY k0, k1, k2
                """
            let rows = try Row.fetchCursor(db, sql: sql, arguments: all)
            while let row = try rows.next() {
                let latitude = (Double(row[0] as Int64) + 0.5) * step, longitude = (Double(row[1] as Int64) + 0.5) * step
                guard let place = profile.placeInSection(latitude: latitude, longitude: longitude) else { continue }
                let depth = (Double(row[2] as Int64) + 0.5) * step * Profile.kilometresPerDegree
                let count: Int = row[3]
                cells.append(SectionCell(along: place.along, depth: depth, count: count, magnitude: row[4],
                                         time: (row[5] as Int64?).map(Double.init)))
                quakes += count
            }
        }
        return (cells, quakes)
    }
}

/// What a section is drawn from: its quakes, read one by one (the first
/// `limit` of the box, `isCapped` when it held more), or, when the kept
/// cells say the box holds more than `limit`, its cubes counted in SQL.
public enum SectionContents: Sendable, Equatable {
    case quakes([SectionQuake], isCapped: Bool)
    case cells([SectionCell], quakes: Int)

    /// How many quakes the section holds (of those read, when capped).
    public var count: Int {
        switch self {
        case .quakes(let quakes, _): quakes.count
        case .cells(_, let quakes): quakes
        }
    }
}

extension SectionQuery {
    /// The section to draw: its quakes while the box holds at most `limit`
    /// (as the kept cells count it), its cubes beyond.
    public static func contents(in profile: Profile, selection: QuakePredicate?, catalog: QuakeCatalog, limit: Int,
                                times: Bool) throws -> SectionContents {
        if let inBox = try boxCount(profile, catalog: catalog), inBox > limit {
            let counted = try cells(in: profile, selection: selection, catalog: catalog, step: cellStep(for: profile), times: times)
            return .cells(counted.cells, quakes: counted.quakes)
        }
        let read = try quakes(in: profile, selection: selection, catalog: catalog, limit: limit, times: times)
        return .quakes(read.quakes, isCapped: read.isCapped)
    }
}
