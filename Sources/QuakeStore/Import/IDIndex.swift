import GRDB

/// The unique index on a quake's id, which every upsert looks rows up by and
/// the aliases' foreign key needs. A catalog made by this version has it as
/// a named index (`quake_id`); an older one as the table's UNIQUE
/// constraint (`sqlite_autoindex_quake_1`), the same B-tree, which SQLite
/// cannot drop. The named one can be: a streaming import into an empty
/// catalog (`quakes-tui FILE`) inserts without it and builds it once, after
/// its rows: first of the index builds after the read, unless the import's
/// end looks quakes up by id (`Upserter.finish`). Random ids made each commit rewrite most of its
/// pages (measured opening 760,857 CSV rows: 7.7, 9.2, 6.8 s to browsable
/// with it, 6.6, 6.4, 5.8 without; building it afterwards takes 0.4 s).
/// An import in one transaction keeps it: its pages stay in the cache.
/// (Dropped there too, with every batch freed on the reading thread,
/// 1,000,000 GeoJSON features took 6.9–7.3 s against 5.9–6.5; the two
/// were not measured apart, and the reading thread is the one a GeoJSON
/// import waits for.)
enum IDIndex {
    static let name = "quake_id"
    /// The UNIQUE constraint's index, in catalogs made before `quake_id`.
    private static let constraintName = "sqlite_autoindex_quake_1"
    /// What it serves, in the user's words (`indexing 1 of 8 (quakes by id)…`).
    static let purpose = "quakes by id"

    /// Builds the named index unless it is there.
    static func build(_ db: Database) throws {
        try db.execute(sql: "CREATE UNIQUE INDEX IF NOT EXISTS \(name) ON quake(id)")
    }

    /// Whether the index is the named one, which can be dropped.
    static func canBeDropped(_ db: Database) throws -> Bool {
        try QuakeCatalog.indexNames(db).contains(name)
    }

    /// Whether the catalog has a unique index on id, named or the constraint's.
    static func exists(_ db: Database) throws -> Bool {
        try isAmong(QuakeCatalog.indexNames(db))
    }

    /// Whether `indexNames` (a catalog's) hold it, named or the constraint's.
    static func isAmong(_ indexNames: Set<String>) -> Bool {
        !indexNames.isDisjoint(with: [name, constraintName])
    }

    /// Builds the index when a load that dropped it did not end (a kill,
    /// a stop): the ids are unique, as the load wrote each once.
    static func ensure(_ db: Database) throws {
        if try !exists(db) { try build(db) }
    }

    static func drop(_ db: Database) throws {
        try db.execute(sql: "DROP INDEX \(name)")
    }
}
