import GRDB
import QuakeStore

/// A map's aggregate (dots of a latitude/longitude grid, counts, largest
/// band) counted from the kept cells (`KeptCells`) instead of the rows:
/// the cells inside the view are read (a few thousand, whatever the number
/// of quakes), each drawn at the dot of its centre, and the rows of the
/// view's edges, where cells are cut, are counted exactly. The counts are
/// exact; a quake is drawn at its cell's centre, never more than a quarter
/// of a dot from where the formula puts it (cells are at most half a dot),
/// so only quakes that close to a dot's edge can move to the next dot.
///
/// Used for the results of no predicate or of the place filter alone, when
/// the view holds at least `minimumQuakes`: below that, reading the rows is
/// as fast and every dot is exact. A view across the antimeridian (a wide
/// view at high latitudes, widened to true proportions, often is) is
/// counted in its two parts, west of 180° and east of −180°, on the one
/// grid (whose formula continues longitudes past 180).
struct KeptCellAggregate {
    static let minimumQuakes = 10_000

    private let request: AggregateRequest
    private let level: Int
    private let table: String
    /// The folded place text of a place filter's results.
    private let place: String?
    private let north: Double, south: Double
    /// The view's longitudes as places: one range, or two across 180°.
    private let parts: [(west: Double, east: Double)]
    private let down: Int, across: Int

    /// Nil when the request is not a map's, or the results or the view are
    /// not ones the kept cells count.
    init?(_ request: AggregateRequest, results plan: QueryPlan) {
        guard request.groups.count == 2, request.measures == [.maxWhole(.magnitude)],
              case .grid(.latitude, let north, let south, let down, nil) = request.groups[0],
              case .grid(.longitude, let west, let east, let across, 360?) = request.groups[1],
              down > 0, across > 0, -90 <= south, south < north, north <= 90, -180 <= west, west < 180, west < east,
              east <= west + 360
        else { return nil }
        // The restriction must be the view itself (none for the whole world).
        switch (request.restriction, QuakePredicate.box(south: south, north: north, west: west, east: east)) {
        case (nil, nil): break
        case (let restriction?, let box?) where restriction.root.fetchesTheSame(as: box.root): break
        default: return nil
        }
        guard let selection = plan.keptSelection else { return nil }
        place = selection.place
        // The coarsest grid whose cells are at most half a dot (a third
        // before the map kept true proportions: a zoom at 61°N, three times
        // wider, then read its rows: 91 ms; from the cells, 6–10 ms).
        let dot = min((north - south) / Double(down), (east - west) / Double(across))
        let levels = place == nil ? KeptCells.levels : [KeptCells.placeLevel]
        guard let level = levels.first(where: { 2 / Double($0) <= dot }) else { return nil }
        self.level = level
        table = place == nil ? "quakeCell" : "quakePlaceCell"
        self.request = request
        self.north = north; self.south = south
        parts = east <= 180 ? [(west, east)] : [(west, 180), (-180, east - 360)]
        self.down = down; self.across = across
    }

    /// The cells wholly inside the view: `c` with `c / level − offset` at
    /// or above the low edge and `(c + 1) / level − offset` at or below the
    /// high one.
    private func interior(_ low: Double, _ high: Double, offset: Double) -> ClosedRange<Int>? {
        let first = Int(((low + offset) * Double(level)).rounded(.up))
        let last = Int(((high + offset) * Double(level)).rounded(.down)) - 1
        return first <= last ? first...last : nil
    }

    /// The rows of the aggregate, nil when the view holds too few quakes
    /// for the cells to be worth it (or has no whole cell).
    func rows(_ db: Database) throws -> [AggregateRow]? {
        guard let latitudes = interior(south, north, offset: 90) else { return nil }
        var cuts: [(west: Double, east: Double, longitudes: ClosedRange<Int>)] = []
        for part in parts {
            guard let longitudes = interior(part.west, part.east, offset: 180) else { return nil }
            cuts.append((part.west, part.east, longitudes))
        }
        var dots: [Dot: (count: Int, band: Int?)] = [:]
        func add(_ row: Row) {
            let dot = Dot(y: row[0], x: row[1]), count: Int = row[2], band: Int? = row[3]
            let old = dots[dot]
            dots[dot] = ((old?.count ?? 0) + count, [old?.band ?? nil, band].compactMap { $0 }.max())
        }
        var total = 0
        for cut in cuts {
            let (sql, arguments) = cellsSQL(latitudes, cut.longitudes)
            for row in try Row.fetchAll(db, sql: sql, arguments: arguments) {
                total += row[2] as Int
                add(row)
            }
        }
        guard total >= Self.minimumQuakes else { return nil }
        // The edges, where cells are cut: their rows, exactly. The view is
        // given as the edges' condition, not as the request's restriction
        // (SQLite would walk the whole view on one of its indexes).
        // The place filter too is tested on the edges' rows (SQLite would
        // read every match through the place index).
        var edgeRequest = request
        edgeRequest.restriction = nil
        for cut in cuts {
            let (edgeSQL, edgeArguments) = QueryPlan(FetchConfiguration())
                .aggregateSQL(edgeRequest, also: edges(latitudes, cut.longitudes, west: cut.west, east: cut.east))
            for row in try Row.fetchAll(db, sql: edgeSQL, arguments: edgeArguments) where row[0] as Int? != nil && row[1] as Int? != nil {
                add(row)
            }
        }
        return dots.sorted { ($0.key.y, $0.key.x) < ($1.key.y, $1.key.x) }.map { dot, value in
            AggregateRow(keys: [.number(Double(dot.y)), .number(Double(dot.x))], count: value.count,
                         measures: [.number(value.band.map(Double.init))])
        }
    }

    private struct Dot: Hashable { var y: Int, x: Int }

    /// Each interior cell at its centre's dot (the request's own grid
    /// formula), summed per dot; the largest known band.
    private func cellsSQL(_ latitudes: ClosedRange<Int>, _ longitudes: ClosedRange<Int>) -> (String, StatementArguments) {
        let (y, yArguments) = request.groups[0].valueSQL(of: "((latCell + 0.5) / \(level).0 - 90)")
        let (x, xArguments) = request.groups[1].valueSQL(of: "((lonCell + 0.5) / \(level).0 - 180)")
        var arguments = yArguments + xArguments
        var condition = "latCell BETWEEN ? AND ? AND lonCell BETWEEN ? AND ?"
        if table == "quakeCell" {
            condition = "level = \(level) AND " + condition
        } else {
            condition = "placeFolded IN (\(QuakePredicate.matchingPlacesSQL)) AND " + condition
            arguments += [place]
        }
        arguments += [latitudes.lowerBound, latitudes.upperBound, longitudes.lowerBound, longitudes.upperBound]
        let sql = """
            SELECT \(request.groups[0].keySQL("y")) AS dotY, \(request.groups[1].keySQL("x")) AS dotX, sum(quakes),
                max(nullif(band, \(KeptCells.unknownBand)))
            FROM (SELECT \(y) AS y, \(x) AS x, quakes, band FROM \(table) WHERE \(condition))
            GROUP BY dotY, dotX
            """
        return (sql, arguments)
    }

    /// The view's rows outside its whole cells: four bands along the edges,
    /// each an index range (SQLite unites them, each row once), narrowed to
    /// the view (`+`: by testing rows, not by an index) and by the cell test
    /// the kept counts use, so no row is counted twice or missed.
    private func edges(_ latitudes: ClosedRange<Int>, _ longitudes: ClosedRange<Int>,
                       west: Double, east: Double) -> (sql: String, arguments: StatementArguments) {
        let cell = 1 / Double(level), margin = 1e-9
        let latitudeCell = "CAST((latitude + 90) * \(level) AS INTEGER)"
        let longitudeCell = "CAST((longitude + 180) * \(level) AS INTEGER)"
        let sql = """
            (latitude BETWEEN ? AND ? OR latitude BETWEEN ? AND ? OR longitude BETWEEN ? AND ? OR longitude BETWEEN ? AND ?)
            AND +latitude BETWEEN ? AND ? AND +longitude BETWEEN ? AND ?
            AND NOT (\(latitudeCell) BETWEEN ? AND ? AND \(longitudeCell) BETWEEN ? AND ?)
            \(place == nil ? "" : "AND instr(placeFolded, ?) > 0")
            """
        let arguments: StatementArguments = [
            south, Double(latitudes.lowerBound) * cell - 90 + margin,
            Double(latitudes.upperBound + 1) * cell - 90 - margin, north,
            west, Double(longitudes.lowerBound) * cell - 180 + margin,
            Double(longitudes.upperBound + 1) * cell - 180 - margin, east,
            south, north, west, east,
            latitudes.lowerBound, latitudes.upperBound, longitudes.lowerBound, longitudes.upperBound,
        ]
        return (sql, place.map { arguments + [$0] } ?? arguments)
    }
}
