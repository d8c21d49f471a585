import GRDB
import QuakeStore

/// How the rows of a distance test's box are read, chosen per fetch from
/// how many quakes each band of the box holds (counted on the latitude and
/// longitude indexes alone, up to `countLimit`).
///
/// Measured at 1,000,000 generated quakes, `DISTANCE("Anchorage") < 100`
/// (17,560 quakes in its latitude band, 31,502 in its longitude band, 8,205
/// in the box): reading the box through either index and sorting reads
/// every row in the band (30–50 ms); scanning the time index and reading
/// each row until a window fills, 20 ms; scanning it with each entry first
/// tested against the latitude band's rowids, 10–15 ms, only the ~300 rows
/// in the band read. A small band is read through its index (each row
/// read, then sorted); a large one is scanned in the window's order: in
/// time order on `quake_timeBox` once the browser has built it (each entry
/// tested on the coordinates it carries: at 5,000,000 quakes, 21 → 3.5 ms
/// for this window in the sqlite3 shell, where the box's 40,278 rowids
/// took most of it), else against the band's rowids.
enum DistancePlanning {
    /// At most this many quakes in the smaller band: read it through its index.
    static let indexLimit = 5_000
    /// Bands are counted up to here (an index-only count, about 1 ms).
    static let countLimit = 50_000

    /// For the window (first rows in `order`) and for the summary (count
    /// and sections, which need every match: always through an index).
    static func access(_ predicate: QuakePredicate, order: [QueryPlan.OrderTerm], _ db: Database) throws
        -> (window: [DistanceBox: DistanceBox.Access], summary: [DistanceBox: DistanceBox.Access]) {
        var window: [DistanceBox: DistanceBox.Access] = [:], summary: [DistanceBox: DistanceBox.Access] = [:]
        // A sort by an expression (a distance) has no index to scan.
        let orderHasIndex: Bool
        switch order.first?.source {
        case .field(let field)?: orderHasIndex = field.distanceOrigin == nil
        default: orderHasIndex = true
        }
        let boxes = predicate.root.requiredDistanceBoxes
        guard !boxes.isEmpty else { return (window, summary) }
        let timeOrdered = order.first?.source == .field(.time)
        let timeBox = try timeOrdered && QuakeCatalog.indexNames(db).contains("quake_timeBox")
        for box in boxes {
            let latitudes = try count(box, .latitude, db)
            let longitudes = box.longitudes == nil ? Int.max : try count(box, .longitude, db)
            let smaller: DistanceBox.Band = longitudes < latitudes ? .longitude : .latitude
            summary[box] = .index(smaller)
            window[box] = min(latitudes, longitudes) <= indexLimit || !orderHasIndex ? .index(smaller)
                : timeBox ? .entries : .scan(within: smaller)
        }
        return (window, summary)
    }

    private static func count(_ box: DistanceBox, _ band: DistanceBox.Band, _ db: Database) throws -> Int {
        var arguments: [DatabaseValue] = []
        let test = box.band(band, &arguments, indexed: true)
        let sql = "SELECT count(*) FROM (SELECT 1 FROM \(QuakeField.table) WHERE \(test) LIMIT \(countLimit))"
        return try Int.fetchOne(db, sql: sql, arguments: StatementArguments(arguments)) ?? 0
    }
}

extension PredicateNode {
    /// The boxes of the distance tests every match must pass: those joined
    /// to the rest by AND alone.
    var requiredDistanceBoxes: [DistanceBox] {
        chain(isAnd: true).compactMap(\.distanceBox)
    }
}
