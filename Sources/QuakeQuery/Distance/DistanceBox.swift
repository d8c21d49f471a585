import Foundation
import GRDB
import QuakeStore

/// The latitudes and longitudes that hold every point within a distance of
/// a centre: a box the SQL tests before the distance itself, so SQLite can
/// read the few rows in range through the latitude or longitude index
/// instead of computing a distance for every quake. Never too small: the
/// box holds the whole circle, with a margin of a few centimetres for
/// rounding; it may hold more.
struct DistanceBox: Hashable {
    var south: Double
    var north: Double
    /// Longitudes west…east; west > east when the box crosses the
    /// antimeridian. Nil: every longitude (the circle holds a pole).
    var longitudes: (west: Double, east: Double)?

    /// About 0.1 m, far above the haversine's rounding error.
    static let marginDegrees = 1e-6

    /// Nil when the box would be the whole Earth (or the radius is not a number).
    init?(around centre: GeoPoint, kilometres: Double) {
        guard kilometres.isFinite else { return nil }
        let radians = max(0, kilometres) / GreatCircle.earthRadiusKilometres
        guard radians < .pi else { return nil }
        let degrees = radians * 180 / .pi
        south = centre.latitude - degrees - Self.marginDegrees
        north = centre.latitude + degrees + Self.marginDegrees
        if south <= -90 || north >= 90 {
            // A pole is inside (or at the edge): every longitude reaches it.
            guard south > -90 || north < 90 else { return nil }
            south = max(-90, south); north = min(90, north)
            longitudes = nil
            return
        }
        // The meridians tangent to the circle (its widest longitudes).
        let ratio = sin(radians) / cos(centre.latitude * .pi / 180)
        let spread = ratio >= 1 ? 180 : asin(ratio) * 180 / .pi * (1 + 1e-9) + Self.marginDegrees
        guard spread < 180 else { longitudes = nil; return }
        var west = centre.longitude - spread, east = centre.longitude + spread
        // Longitude 180 and −180 are one meridian: a box reaching either
        // edge goes round to the other side.
        if west <= -180 { west += 360 } else if east >= 180 { east -= 360 }
        longitudes = (west, east)
    }

    static func == (a: DistanceBox, b: DistanceBox) -> Bool {
        a.south == b.south && a.north == b.north && a.longitudes?.west == b.longitudes?.west
            && a.longitudes?.east == b.longitudes?.east
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(south); hasher.combine(north)
        hasher.combine(longitudes?.west); hasher.combine(longitudes?.east)
    }

    /// Whether a point is inside, as the SQL tests it.
    func contains(latitude: Double, longitude: Double) -> Bool {
        guard latitude >= south && latitude <= north else { return false }
        guard let (west, east) = longitudes else { return true }
        return west <= east ? (longitude >= west && longitude <= east) : (longitude >= west || longitude <= east)
    }

    /// One side of the box: its band of latitudes or of longitudes.
    enum Band: Sendable, Hashable {
        case latitude, longitude
    }

    /// How SQLite is to read the rows in the box (see `DistancePlanning`).
    enum Access: Sendable, Hashable {
        /// Through the band's index (the other band tested on each row read).
        case index(Band)
        /// In the order's own index, each entry first tested against the
        /// rowids of the box (read from the band's index alone, which
        /// carries both coordinates), so only rows in the box are read.
        case scan(within: Band)
        /// In time order on `quake_timeBox`, which carries the coordinates:
        /// both bands tested on its entries, only rows in the box read.
        case entries
    }

    /// `latitude BETWEEN ? AND ? AND …`, its bounds appended to `arguments`.
    /// A `+` keeps SQLite from reading a band through its index where
    /// `access` says otherwise; without an access it chooses.
    func sql(_ arguments: inout [DatabaseValue], access: Access? = nil) -> String {
        func indexed(_ band: Band) -> Bool {
            switch access {
            case nil: true
            case .index(let chosen): chosen == band
            case .scan, .entries: false
            }
        }
        var terms = [self.band(.latitude, &arguments, indexed: indexed(.latitude))]
        if longitudes != nil { terms.append(self.band(.longitude, &arguments, indexed: indexed(.longitude))) }
        if case .scan(let band) = access {
            // The box's rowids from the band's index alone (it carries both
            // coordinates): only rows in the box are read.
            var set = self.band(band, &arguments, indexed: true)
            if longitudes != nil {
                set += " AND " + self.band(band == .latitude ? .longitude : .latitude, &arguments, indexed: false)
            }
            terms.append("+rowid IN (SELECT rowid FROM \(QuakeField.table) WHERE \(set))")
        }
        return terms.joined(separator: " AND ")
    }

    /// One band's test; `+column` when SQLite must not use its index.
    func band(_ band: Band, _ arguments: inout [DatabaseValue], indexed: Bool) -> String {
        let plus = indexed ? "" : "+"
        switch band {
        case .latitude:
            arguments += [south.databaseValue, north.databaseValue]
            return "\(plus)latitude BETWEEN ? AND ?"
        case .longitude:
            guard let (west, east) = longitudes else { return "1" }
            arguments += [west.databaseValue, east.databaseValue]
            return west <= east ? "\(plus)longitude BETWEEN ? AND ?" : "(\(plus)longitude >= ? OR \(plus)longitude <= ?)"
        }
    }
}

extension PredicateNode {
    /// The box a distance test's matches lie in: `DISTANCE(…) < r`, `<= r`,
    /// `== r`, BETWEEN's upper bound, IN's largest value. Nil for other
    /// tests, and for those that hold far away (`DISTANCE(…) > r`).
    var distanceBox: DistanceBox? {
        let field: QuakeField, kilometres: Double
        switch self {
        case .comparison(let f, .less, .number(let r), _), .comparison(let f, .lessOrEqual, .number(let r), _),
             .comparison(let f, .equal, .number(let r), _), .between(let f, _, .number(let r)):
            field = f; kilometres = r
        case .oneOf(let f, let values, _):
            // NULL in the list matches nothing: a distance is never NULL.
            guard let largest = values.compactMap({ if case .number(let n) = $0 { n } else { nil } }).max() else { return nil }
            field = f; kilometres = largest
        default:
            return nil
        }
        guard let origin = field.distanceOrigin else { return nil }
        return DistanceBox(around: origin, kilometres: kilometres)
    }
}
