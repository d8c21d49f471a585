import GRDB
import Foundation

/// A large import into a catalog of comparable size: inside the import's
/// transaction, the secondary indexes and the count triggers are dropped,
/// rows are inserted into the bare table, then the time index (what the
/// first screen walks) is built again, the triggers restored and the counts
/// recomputed. The other indexes (`Schema.deferredIndexes`) are left to be
/// built after the commit, while readers already browse. Building an index
/// from all rows at once is several times cheaper than updating fifteen
/// B-trees per row (measured here: 90 µs a row with them; 13 without, plus
/// 17 to build them after). The rows, the time index and the counts land in
/// the one transaction, so a failure or a kill leaves the catalog as it was.
struct BulkLoad {
    let db: Database
    private let indexesBuiltNow: [String]
    private let triggers: [String]

    /// Starts a bulk load when `expectedRows` is at least 10,000 and at
    /// least half the catalog; nil otherwise (row by row is cheaper).
    static func beginIfLarge(_ db: Database, expectedRows: Int) throws -> BulkLoad? {
        let existing = try Int.fetchOne(db, sql: "SELECT coalesce(max(rowid), 0) FROM quake") ?? 0
        guard expectedRows >= 10_000, expectedRows * 2 >= existing else { return nil }
        return try BulkLoad(db)
    }

    /// A streaming import's bulk load (`StreamingImport`), into a catalog
    /// that holds nothing yet: the indexes the first screen walks are kept
    /// and updated row by row, as readers browse between the commits.
    static func beginStreaming(_ db: Database, expectedRows: Int) throws -> BulkLoad {
        try BulkLoad(db, keepingIndexesBuiltNow: true, cacheKiB: streamingCacheKiB(rows: expectedRows))
    }

    /// SQLite's page cache for a streaming load of `rows`, in KiB: room for
    /// the time index (about 50 bytes a row) with some to spare, between 16
    /// and 128 MiB. A file out of time order inserts into the whole index:
    /// with 16 MiB, 1,000,000 such rows were browsable in 8.4 s against 4.6 s
    /// with 64 MiB and 5.3 s with 128; a file in time order only appends,
    /// and a larger cache only holds pages on their way to the WAL (the
    /// open of 760,857 rows peaked at 130 MB with 16 MiB, 255 MB with 128).
    static func streamingCacheKiB(rows: Int) -> Int {
        min(128 << 10, max(16 << 10, rows * 80 / 1024))
    }

    /// `cacheKiB`: one transaction's upserts look rows up by id, and the id
    /// index's pages stay in memory (128 MiB, as used); a streaming load
    /// looks nothing up by id (no id index, `IDIndex`).
    private init(_ db: Database, keepingIndexesBuiltNow: Bool = false, cacheKiB: Int = 128 << 10) throws {
        self.db = db
        // The unique index on id stays: the upsert looks rows up by id
        // (and drops it itself when it need not, `IDIndex`).
        let indexRows = try Row.fetchAll(db, sql: """
            SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'quake' AND sql IS NOT NULL
            AND name != '\(IDIndex.name)'
            """)
        let triggerRows = try Row.fetchAll(db, sql: """
            SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'quake'
            """)
        // Built after the commit, or (`onDemandIndexes`) when first sorted by.
        let deferred = Set(Schema.deferredIndexes.map(\.name)).union(Schema.obsoleteIndexes.keys)
            .union(Schema.onDemandIndexes.map(\.name))
        let builtNow = indexRows.filter { !deferred.contains($0["name"]) }
        indexesBuiltNow = keepingIndexesBuiltNow ? [] : builtNow.map { $0["sql"] }
        triggers = triggerRows.map { $0["sql"] }
        let kept = keepingIndexesBuiltNow ? Set(builtNow.map { $0["name"] as String }) : []
        for row in indexRows where !kept.contains(row["name"]) {
            try db.execute(sql: "DROP INDEX \"\(row["name"] as String)\"")
        }
        for row in triggerRows { try db.execute(sql: "DROP TRIGGER \"\(row["name"] as String)\"") }
        // The pages of a large import go to the WAL; copying them into the
        // file at commit (the automatic checkpoint) would double the wait
        // for the first screen. Building the deferred indexes checkpoints
        // first instead (`QuakeCatalog.buildPendingIndexes`).
        try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
        try db.execute(sql: "PRAGMA cache_size = -\(cacheKiB)")
    }

    /// `inserted`: what the rows written since `begin` add to the stored
    /// counts, when known; else the counts are taken from the table again.
    /// `buildingMore`: builds what else is built with the same settings (`IDIndex`).
    func finish(inserted: InsertedCounts?, buildingMore: () throws -> Void = {}) throws {
        try db.execute(sql: Self.indexBuildSettings)
        try buildingMore()
        for sql in indexesBuiltNow { try db.execute(sql: sql) }
        for sql in triggers { try db.execute(sql: sql) }
        if let inserted {
            try add(inserted)
        } else {
            try KeptCells.recount(db)
            try KeptMagnitudes.recount(db)
            try db.execute(sql: """
                DELETE FROM quakePlace;
                INSERT INTO quakePlace SELECT placeFolded, count(*) FROM quake GROUP BY placeFolded;
                DELETE FROM quakeDay;
                INSERT INTO quakeDay SELECT day, count(*) FROM quake GROUP BY day;
                """)
        }
        try db.execute(sql: "PRAGMA threads = 0")
    }

    /// Adds what rows inserted add to the stored counts (a streaming
    /// import does at each commit, for the readers between them).
    func add(_ inserted: InsertedCounts) throws {
        let folded = inserted.foldedPlaceNames
        try add(inserted.foldedPlaces(folded), to: "quakePlace")
        try add(inserted.dayStrings, to: "quakeDay")
        try inserted.cells.write(db, places: folded)
        try inserted.magnitudes.write(db, places: folded)
    }

    /// How indexes are built fastest here: SQLite's default 2 MiB cache
    /// and a helper thread for its sorter. A large cache slows a build
    /// down (measured at 1,000,000 rows: 0.64 s with these, 1.35 s with a
    /// 128 MiB cache, 0.72 s without the helper thread).
    static let indexBuildSettings = "PRAGMA cache_size = -2000; PRAGMA threads = 2"

    private func add(_ counts: [String: Int], to table: String) throws {
        let statement = try KeptCount.addition(table, keyColumns: 1, db)
        for (value, quakes) in counts { try statement.execute(arguments: [value, quakes]) }
    }

    /// Runs an import's write in one transaction (`restoringCheckpoints`).
    static func write<T>(_ writer: any DatabaseWriter, _ body: (Database) throws -> T) throws -> T {
        try restoringCheckpoints(writer) { try writer.write(body) }
    }

    /// Runs an import's writes (one transaction, or a streaming import's
    /// commits), then turns the automatic checkpoint back on (SQLite's
    /// default, 1,000 pages) and gives the writer SQLite's default cache
    /// (2 MiB) again and no memory map, whatever a bulk load or association
    /// raised them to, whether they landed or not.
    static func restoringCheckpoints<T>(_ writer: any DatabaseWriter, _ body: () throws -> T) throws -> T {
        defer {
            try? writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 1000; PRAGMA cache_size = -2000; PRAGMA mmap_size = 0") }
        }
        return try body()
    }
}
