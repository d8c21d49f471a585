import GRDB

/// Quakes counted per cell of a latitude/longitude grid and magnitude
/// band, kept up to date like the day and place counts (triggers, and an
/// import's own counts), so a map of a million quakes is drawn from a few
/// thousand cells instead of every row.
///
/// `quakeCell` holds two grids: `level` cells per degree, 2 (half a degree,
/// for views of the world) and 16 (for views zoomed in up to about a
/// hundred times). `quakePlaceCell` holds the coarse grid per folded place,
/// for a place filter's map of the world. A cell is
/// `(CAST((latitude + 90) × level), CAST((longitude + 180) × level))`, its
/// band the magnitude rounded down (`unknownBand` when unknown), computed
/// the same way in SQL and in Swift.
public enum KeptCells {
    /// Cells per degree of the two grids, coarse first.
    public static let levels = [2, 16]
    /// The grid kept per place.
    public static let placeLevel = 2
    /// The band of a quake whose magnitude is unknown (a primary key cannot be NULL).
    public static let unknownBand = -1000

    /// The cell index of `column` (`latitude` + 90 or `longitude` + 180,
    /// never negative) on a grid of `level` cells per degree.
    static func cellSQL(_ value: String, offset: Int, level: Int) -> String {
        "CAST((\(value) + \(offset)) * \(level) AS INTEGER)"
    }

    static func bandSQL(_ magnitude: String) -> String {
        "coalesce(\(Schema.magnitudeBandSQL.replacingOccurrences(of: "magnitude", with: magnitude)), \(unknownBand))"
    }

    /// The same cell as `cellSQL`: IEEE double arithmetic, truncated.
    public static func cell(_ value: Double, offset: Double, level: Int) -> Int {
        Int((value + offset) * Double(level))
    }

    public static func band(_ magnitude: Double?) -> Int {
        guard let magnitude, magnitude.isFinite else { return unknownBand }
        return Int(magnitude.rounded(.down))
    }

    /// One grid's cell and band of the row `prefix` (`new`, `old`, or the table).
    private static func key(_ prefix: String, level: Int) -> String {
        [cellSQL("\(prefix)latitude", offset: 90, level: level), cellSQL("\(prefix)longitude", offset: 180, level: level),
         bandSQL("\(prefix)magnitude")].joined(separator: ", ")
    }

    /// The tables, filled from the rows there are, and the triggers that
    /// keep them.
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE quakeCell (level INTEGER NOT NULL, latCell INTEGER NOT NULL, lonCell INTEGER NOT NULL,
                band INTEGER NOT NULL, quakes INTEGER NOT NULL, PRIMARY KEY (level, latCell, lonCell, band)) WITHOUT ROWID;
            CREATE TABLE quakePlaceCell (placeFolded TEXT NOT NULL, latCell INTEGER NOT NULL, lonCell INTEGER NOT NULL,
                band INTEGER NOT NULL, quakes INTEGER NOT NULL,
                PRIMARY KEY (placeFolded, latCell, lonCell, band)) WITHOUT ROWID;
            """)
        try recount(db)
        try db.execute(sql: triggersSQL)
    }

    /// Counts every row again (after an import whose own counts are not known).
    static func recount(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM quakeCell; DELETE FROM quakePlaceCell")
        for level in levels {
            try db.execute(sql: """
                INSERT INTO quakeCell SELECT \(level), \(key("", level: level)), count(*) FROM quake GROUP BY 2, 3, 4
                """)
        }
        try db.execute(sql: """
            INSERT INTO quakePlaceCell SELECT placeFolded, \(key("", level: placeLevel)), count(*) FROM quake
            GROUP BY 1, 2, 3, 4
            """)
    }

    private static func add(_ prefix: String) -> String {
        (levels.map { KeptCount.increment("quakeCell", "\($0), \(key(prefix, level: $0))") }
         + [KeptCount.increment("quakePlaceCell", "\(prefix)placeFolded, \(key(prefix, level: placeLevel))")])
            .joined(separator: "\n")
    }

    private static func remove(_ prefix: String) -> String {
        (levels.map { KeptCount.decrement("quakeCell", where: "level = \($0) AND (latCell, lonCell, band) = (\(key(prefix, level: $0)))") }
         + [KeptCount.decrement("quakePlaceCell", where: "placeFolded = \(prefix)placeFolded AND (latCell, lonCell, band) = (\(key(prefix, level: placeLevel)))")])
            .joined(separator: "\n")
    }

    static var triggersSQL: String {
        KeptCount.triggers("quakeCell", columns: ["latitude", "longitude", "magnitude", "placeFolded"], add: add, remove: remove)
    }
}

/// An import's quakes per kept cell, added to the tables when it commits
/// (see `BulkLoad`): counted as rows are read, not by triggers.
struct InsertedCells {
    struct Key: Hashable {
        var level: Int, latCell: Int, lonCell: Int, band: Int
    }

    /// `place`: the place's number in the import's counts.
    struct PlaceKey: Hashable {
        var place: Int, latCell: Int, lonCell: Int, band: Int
    }

    private(set) var cells: [Key: Int] = [:]
    private(set) var placeCells: [PlaceKey: Int] = [:]

    mutating func add(_ quake: Quake, place: Int) {
        let band = KeptCells.band(quake.magnitude)
        for level in KeptCells.levels {
            cells[Key(level: level, latCell: KeptCells.cell(quake.latitude, offset: 90, level: level),
                      lonCell: KeptCells.cell(quake.longitude, offset: 180, level: level), band: band), default: 0] += 1
        }
        let level = KeptCells.placeLevel
        placeCells[PlaceKey(place: place, latCell: KeptCells.cell(quake.latitude, offset: 90, level: level),
                            lonCell: KeptCells.cell(quake.longitude, offset: 180, level: level), band: band), default: 0] += 1
    }

    /// `places`: each place's folded text, by number.
    func write(_ db: Database, places: [String]) throws {
        let cell = try KeptCount.addition("quakeCell", keyColumns: 4, db)
        for (key, quakes) in cells {
            try cell.execute(arguments: [key.level, key.latCell, key.lonCell, key.band, quakes])
        }
        let placeCell = try KeptCount.addition("quakePlaceCell", keyColumns: 4, db)
        for (key, quakes) in placeCells {
            try placeCell.execute(arguments: [places[key.place], key.latCell, key.lonCell, key.band, quakes])
        }
    }
}
