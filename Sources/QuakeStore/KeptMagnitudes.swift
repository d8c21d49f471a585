import GRDB

/// Quakes counted per tenth of magnitude, for the whole catalog and per
/// folded place, kept like the day and place counts: the magnitude–
/// frequency chart of a million quakes, or of a place filter's, reads
/// about a hundred counts per place instead of every row. A quake's tenth
/// is its magnitude × 10 rounded half away from zero, computed exactly as
/// the query layer's `rounded(.magnitude, decimals: 1)` group computes it
/// (`unknownTenths` when unknown: a primary key cannot be NULL).
public enum KeptMagnitudes {
    public static let unknownTenths = -1_000_000

    /// `value` (magnitude × 10.0, as a double) rounded half away from zero,
    /// from CAST: the same text as the aggregate's.
    static func tenthsSQL(_ magnitude: String) -> String {
        let value = "(\(magnitude) * 10.0)", whole = "CAST(\(value) AS INTEGER)"
        return "coalesce((\(whole) + (\(value) - \(whole) >= 0.5) - (\(value) - \(whole) <= -0.5)), \(unknownTenths))"
    }

    /// The same in Swift: IEEE multiplication, truncation, the fraction's test.
    public static func tenths(_ magnitude: Double?) -> Int {
        guard let magnitude, magnitude.isFinite else { return unknownTenths }
        let value = magnitude * 10.0
        let whole = value.rounded(.towardZero)
        return Int(whole) + (value - whole >= 0.5 ? 1 : 0) - (value - whole <= -0.5 ? 1 : 0)
    }

    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE quakeMagnitude (tenths INTEGER PRIMARY KEY NOT NULL, quakes INTEGER NOT NULL) WITHOUT ROWID;
            CREATE TABLE quakePlaceMagnitude (placeFolded TEXT NOT NULL, tenths INTEGER NOT NULL, quakes INTEGER NOT NULL,
                PRIMARY KEY (placeFolded, tenths)) WITHOUT ROWID;
            """)
        try recount(db)
        try db.execute(sql: triggersSQL)
    }

    static func recount(_ db: Database) throws {
        try db.execute(sql: """
            DELETE FROM quakeMagnitude;
            DELETE FROM quakePlaceMagnitude;
            INSERT INTO quakeMagnitude SELECT \(tenthsSQL("magnitude")), count(*) FROM quake GROUP BY 1;
            INSERT INTO quakePlaceMagnitude SELECT placeFolded, \(tenthsSQL("magnitude")), count(*) FROM quake GROUP BY 1, 2;
            """)
    }

    private static func add(_ prefix: String) -> String {
        KeptCount.increment("quakeMagnitude", tenthsSQL("\(prefix)magnitude")) + "\n"
            + KeptCount.increment("quakePlaceMagnitude", "\(prefix)placeFolded, \(tenthsSQL("\(prefix)magnitude"))")
    }

    private static func remove(_ prefix: String) -> String {
        let all = "tenths = \(tenthsSQL("\(prefix)magnitude"))"
        return KeptCount.decrement("quakeMagnitude", where: all) + "\n"
            + KeptCount.decrement("quakePlaceMagnitude", where: "placeFolded = \(prefix)placeFolded AND \(all)")
    }

    static var triggersSQL: String {
        KeptCount.triggers("quakeMagnitude", columns: ["magnitude", "placeFolded"], add: add, remove: remove)
    }
}

/// An import's quakes per tenth of magnitude, overall and per place (by
/// its number in the import's counts), added when it commits (see `BulkLoad`).
struct InsertedMagnitudes {
    /// Quakes per tenth of magnitude (its bits).
    private(set) var tenths = CountTable()
    /// Quakes per place (its number in the import's counts) and tenth.
    private(set) var placeTenths = CountTable()

    mutating func add(_ quake: Quake, place: Int) {
        let tenths = UInt64(bitPattern: Int64(KeptMagnitudes.tenths(quake.magnitude)))
        self.tenths.add(tenths)
        placeTenths.add(CountTable.Key(high: UInt64(place), low: tenths))
    }

    /// Counts what the tables hold back (`CountTable.settle`).
    mutating func settle() {
        tenths.settle()
        placeTenths.settle()
    }

    /// `places`: each place's folded text, by number.
    func write(_ db: Database, places: [String]) throws {
        let all = try KeptCount.addition("quakeMagnitude", keyColumns: 1, db)
        for (key, quakes) in tenths.entries { try all.execute(arguments: [Int64(bitPattern: key.low), quakes]) }
        let perPlace = try KeptCount.addition("quakePlaceMagnitude", keyColumns: 2, db)
        for (key, quakes) in placeTenths.entries {
            try perPlace.execute(arguments: [places[Int(key.high)], Int64(bitPattern: key.low), quakes])
        }
    }
}
