import GRDB
import GRDBSQLite

/// Quakes counted per cell of a latitude/longitude grid and magnitude
/// band, kept up to date like the day and place counts (triggers, and an
/// import's own counts), so a map of a million quakes is drawn from a few
/// thousand cells instead of every row.
///
/// `quakeCell` holds four grids of `level` cells per degree: 2 (half a
/// degree, for views of the world), 8 and 16 (views zoomed in up to about
/// thirty times) and 64 (up to about a hundred times: at 5,000,000 quakes a
/// view round Anchorage held 250,000 of them, read in 166 ms, and 33,000
/// of these cells, read in under 20). `quakePlaceCell` holds the coarse grid per folded place,
/// for a place filter's map of the world. A cell is
/// `(CAST((latitude + 90) × level), CAST((longitude + 180) × level))`, its
/// band the magnitude rounded down (`unknownBand` when unknown), computed
/// the same way in SQL and in Swift.
public enum KeptCells {
    /// Cells per degree of the grids, coarse first. A map takes the coarsest
    /// whose cells are at most half its dots, so each level halves the
    /// zooms that read rows or far more cells than dots.
    public static let levels = [2, 8, 16, 64]
    /// The grids migration v11 added to a catalog that kept only 2 and 16.
    static let addedLevels = [8, 64]
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
        for level in levels { try count(level, db) }
        try db.execute(sql: """
            INSERT INTO quakePlaceCell SELECT placeFolded, \(key("", level: placeLevel)), count(*) FROM quake
            GROUP BY 1, 2, 3, 4
            """)
    }

    private static func count(_ level: Int, _ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO quakeCell SELECT \(level), \(key("", level: level)), count(*) FROM quake GROUP BY 2, 3, 4
            """)
    }

    /// Migration v11: the grids of `addedLevels` counted from the rows
    /// (anew: a catalog created since v4 counted them already), and the
    /// triggers remade to keep every level.
    static func addLevels(_ db: Database) throws {
        for level in addedLevels {
            try db.execute(sql: "DELETE FROM quakeCell WHERE level = ?", arguments: [level])
            try count(level, db)
        }
        for suffix in ["insert", "delete", "update"] { try db.execute(sql: "DROP TRIGGER IF EXISTS quakeCell_\(suffix)") }
        try db.execute(sql: triggersSQL)
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
/// (see `BulkLoad`): counted as rows are read, not by triggers. Each grid
/// counts in its own dictionary of packed keys (the coarse grids' few cells
/// stay in the cache while the 1/64° grid's many do not), and writes its
/// cells in key order, bound in place: four grids counted as two were (one
/// dictionary of structs, a cell's arguments an array) took an import of
/// 1,000,000 CSV rows from 6.8 to 7.3–7.8 s, so 7.1–7.3 s.
struct InsertedCells {
    /// Per level of `KeptCells.levels`, in order: quakes per packed cell.
    private(set) var grids: [CountTable] = KeptCells.levels.map { _ in CountTable() }
    /// Quakes per place (its number in the import's counts) and packed cell.
    private(set) var placeCells = CountTable()

    /// A cell and band as one number whose order is the table's key order
    /// (cells within ±2²³, bands within ±2¹⁵: any finite coordinate's).
    static func pack(latCell: Int, lonCell: Int, band: Int) -> UInt64 {
        UInt64(latCell + 1 << 23) << 40 | UInt64(lonCell + 1 << 23) << 16 | UInt64(band + 1 << 15)
    }

    static func unpack(_ key: UInt64) -> (latCell: Int, lonCell: Int, band: Int) {
        (Int(key >> 40) - 1 << 23, Int(key >> 16 & 0xFF_FFFF) - 1 << 23, Int(key & 0xFFFF) - 1 << 15)
    }

    mutating func add(_ quake: Quake, place: Int) {
        let band = KeptCells.band(quake.magnitude)
        for (index, level) in KeptCells.levels.enumerated() {
            grids[index].add(Self.pack(latCell: KeptCells.cell(quake.latitude, offset: 90, level: level),
                                       lonCell: KeptCells.cell(quake.longitude, offset: 180, level: level), band: band))
        }
        let level = KeptCells.placeLevel
        placeCells.add(CountTable.Key(high: UInt64(place),
                                      low: Self.pack(latCell: KeptCells.cell(quake.latitude, offset: 90, level: level),
                                                     lonCell: KeptCells.cell(quake.longitude, offset: 180, level: level), band: band)))
    }

    /// Counts what the tables hold back (`CountTable.settle`).
    mutating func settle() {
        for index in grids.indices { grids[index].settle() }
        placeCells.settle()
    }

    /// `places`: each place's folded text, by number.
    func write(_ db: Database, places: [String]) throws {
        // Bound in place, as the upserter binds a row (no arguments array a cell).
        let cell = try KeptCount.addition("quakeCell", keyColumns: 4, db)
        cell.setUncheckedArguments(StatementArguments())
        let handle = cell.sqliteStatement
        for (index, level) in KeptCells.levels.enumerated() {
            for (key, quakes) in grids[index].entries.sorted(by: { $0.key < $1.key }) {
                let (latCell, lonCell, band) = Self.unpack(key.low)
                sqlite3_reset(handle)
                sqlite3_bind_int64(handle, 1, Int64(level))
                sqlite3_bind_int64(handle, 2, Int64(latCell))
                sqlite3_bind_int64(handle, 3, Int64(lonCell))
                sqlite3_bind_int64(handle, 4, Int64(band))
                sqlite3_bind_int64(handle, 5, Int64(quakes))
                try cell.execute()
            }
        }
        let placeCell = try KeptCount.addition("quakePlaceCell", keyColumns: 4, db)
        for (key, quakes) in placeCells.entries {
            let (latCell, lonCell, band) = Self.unpack(key.low)
            try placeCell.execute(arguments: [places[Int(key.high)], latCell, lonCell, band, quakes])
        }
    }
}
