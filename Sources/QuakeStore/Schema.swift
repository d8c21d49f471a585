import GRDB

/// The catalog's schema, created and evolved by one migrator. Every column a
/// user can sort by has an index ending in `id`, the tie-breaker, so any sort
/// order walks an index.
public enum Schema {
    /// Floor of the magnitude, without SQLite's optional math functions.
    /// The query layer's magnitude-band sections use this exact text, so
    /// SQLite matches them to the `quake_band` index.
    public static let magnitudeBandSQL = "(CAST(magnitude AS INTEGER) - (magnitude < CAST(magnitude AS INTEGER)))"

    /// The migrations, in order. Their identifiers are kept in
    /// `grdb_migrations`, the table GRDB's migrator kept them in before.
    static let migrations: [(identifier: String, run: @Sendable (Database) throws -> Void)] = [
        ("v1: quake catalog", createCatalog),
        ("v2: change times", addChangeTimes),
        ("v3: fast sorting, sections and place filters", addSortAndCountIndexes),
        ("v4: quakes per map cell", KeptCells.create),
        ("v5: quakes per tenth of magnitude", KeptMagnitudes.create),
        ("v6: fetched sources and their windows", FetchLedger.create),
        ("v7: places folded without strokes", refoldPlaces),
        ("v8: measurements, sources and unknown significance", addMeasurements),
        ("v9: events of several origins", OriginTable.create),
        ("v10: declustered sequences", SequenceTable.create),
        ("v11: quakes per map cell of two more grids", KeptCells.addLevels),
        ("v12: sequence sections in order", SequenceTable.addSections),
        ("v13: when each quake was first stored", addAdditionTimes),
        ("v14: sequence clusters found by their sections", SequenceTable.findClustersBySections),
        ("v15: declusterings run again after an import's commit", SequenceTable.addWaitingMarks),
    ]

    /// The index of `changedAt`, which the marks of changed quakes read.
    public static let changesIndex = "quake_changedAt"

    /// The quake indexes a large import builds after it commits, each in a
    /// short transaction of its own, while readers already browse (see
    /// `QuakeCatalog.buildPendingIndexes`). Only the time index, which the
    /// first screen walks, is built inside the import's transaction. Until
    /// one of these exists its sort is a full sort, a place filter scans
    /// the time index (which carries the folded place), and no row is
    /// marked changed (`changesIndex`). The same indexes the
    /// migrations create: an index on this list that the catalog lacks is
    /// pending, so a build cut short by a kill is finished later.
    /// Each with what it serves, in the user's words (`indexing 3 of 8
    /// (magnitude sections)…`).
    static let deferredIndexes: [(name: String, purpose: String, sql: String)] = [
        // What each snapshot's marks read (`RecentChanges`): a streaming
        // load's rows are no news, and kept up row by row it was 7 % of the
        // writing thread opening 760,857 CSV rows (2,004–2,021 samples
        // against 2,114–2,203); built from the rows, it takes a fraction of
        // a second. Built first: the marks wait for it.
        (changesIndex, "marks of changed quakes", "quake(changedAt)"),
        // A place filter's matches in time, magnitude, depth or place order
        // from the index alone, then only a window's rows read (see
        // QueryPlan.windowSQL); day carried for day sections. Replaces
        // `quake_placeFolded`, which lacked time, and `quake_placeTime`,
        // which lacked magnitude and depth: they cost nothing measurable to
        // build (1,000,000 rows: 0.79–0.86 s either way) and spare a row
        // read a match (`kod` by depth at 5,000,000 rows: 21 → 2.1 ms).
        ("quake_placeSort", "place filter", "quake(placeFolded, time, id, day, magnitude, depth)"),
        ("quake_magnitude", "sort by magnitude", "quake(magnitude, id)"),
        ("quake_band", "magnitude sections", "quake(\(magnitudeBandSQL), time, id)"),
        ("quake_day_time", "day sections", "quake(day, time, id)"),
        ("quake_depth", "sort by depth", "quake(depth, id)"),
        // Latitude and longitude sorts, and a map's view read from the index
        // alone: a zoomed map's rows without a lookup each (measured at
        // 1,000,000 rows: 5,835 quakes in view, 54 ms to 1.7 ms). Depth
        // carried for a cross-section's dots, placed from the index alone
        // too (`SectionQuery`); they replace `quake_latitudeBox` and
        // `quake_longitudeBox`, which lacked it.
        ("quake_latitudeBoxDepth", "sort by latitude, map", "quake(latitude, id, longitude, magnitude, depth)"),
        ("quake_longitudeBoxDepth", "sort by longitude, map", "quake(longitude, id, latitude, magnitude, depth)"),
    ].map { (name: $0.0, purpose: $0.1, sql: "CREATE INDEX IF NOT EXISTS \($0.0) ON \($0.2)") }

    /// Indexes of columns rarely sorted or filtered (`net`, `type`,
    /// `status`: a few distinct values; `sig`, `felt`: NULL in every
    /// CSV feed), never a place filter's plan: a large import drops them
    /// and none is built until the browser sorts or groups by its column or
    /// a predicate compares it (until then the sort is a full sort:
    /// 0.1 s for the first window at 1,000,000 rows). Each costs about as
    /// much to build as the depth index (0.4–0.6 s at 1,000,000 rows).
    /// Each is wanted when a configuration reads all of its `columns`.
    ///
    /// `quake_timeBox`: a distance or region filter's window in time order
    /// tests the box on the index's entries, and reads only the rows in it
    /// (`DistanceBox.Access.entries`); without it each entry is tested
    /// against the box's rowids, read first from a band's index, as many as
    /// the box holds (`DISTANCE("Anchorage") < 100` at 5,000,000 rows: 21 ms
    /// to 3.5 ms in the sqlite3 shell; 4.2 s to build).
    static let onDemandIndexes: [(name: String, columns: [String], sql: String)] = [
        ("quake_net", ["net"], "quake(net, id)"),
        ("quake_type", ["type"], "quake(type, id)"),
        ("quake_status", ["status"], "quake(status, id)"),
        ("quake_sig", ["sig"], "quake(sig, id)"),
        ("quake_felt", ["felt"], "quake(felt, id)"),
        ("quake_timeBox", ["time", "latitude", "longitude"], "quake(time, id, latitude, longitude)"),
    ].map { (name: $0.0, columns: $0.1, sql: "CREATE INDEX IF NOT EXISTS \($0.0) ON \($0.2)") }

    /// Indexes of earlier versions that a deferred index replaces: each is
    /// dropped in the transaction that builds its replacement (a read-only
    /// catalog keeps it, and is read through it as before).
    static let obsoleteIndexes = ["quake_placeFolded": "quake_placeSort", "quake_placeTime": "quake_placeSort",
                                  "quake_latitude": "quake_latitudeBoxDepth", "quake_longitude": "quake_longitudeBoxDepth",
                                  "quake_latitudeBox": "quake_latitudeBoxDepth", "quake_longitudeBox": "quake_longitudeBoxDepth"]

    /// Builds the deferred index `name` and drops what it replaces.
    static func buildIndex(_ name: String, _ db: Database) throws {
        if name == IDIndex.name { return try IDIndex.ensure(db) }
        guard let index = deferredIndexes.first(where: { $0.name == name }) else { return }
        try db.execute(sql: index.sql)
        for (old, replacement) in obsoleteIndexes where replacement == name {
            try db.execute(sql: "DROP INDEX IF EXISTS \(old)")
        }
    }

    /// Creates every deferred index the catalog lacks and drops the ones
    /// they replace.
    static func completeIndexes(_ db: Database) throws {
        for index in deferredIndexes { try buildIndex(index.name, db) }
    }

    static var migrationIdentifiers: [String] { migrations.map(\.identifier) }

    /// Brings a new or older catalog to this build's schema and marks it as
    /// ours, in one IMMEDIATE transaction: two processes creating the same
    /// catalog take turns like any two writers, and the second finds the
    /// work done. (GRDB's migrator reads what is applied before its write
    /// transaction, so both would create the tables.)
    static func upgrade(_ writer: any DatabaseWriter) throws {
        try writer.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                let applied = try Set(String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
                if !applied.isSubset(of: migrationIdentifiers) { throw SchemaError.madeByNewerVersion }
                for migration in migrations where !applied.contains(migration.identifier) {
                    try migration.run(db)
                    try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.identifier])
                }
                // A streaming import that was killed left it out (`IDIndex`).
                try IDIndex.ensure(db)
                // An empty catalog gets its deferred indexes at once: nothing to sort.
                if try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM quake)") == true {
                    try completeIndexes(db)
                }
                if try Int32.fetchOne(db, sql: "PRAGMA application_id") != CatalogInspection.applicationID {
                    try db.execute(sql: "PRAGMA application_id = \(CatalogInspection.applicationID)")
                }
                return .commit
            }
        }
    }

    private static func createCatalog(_ db: Database) throws {
        try db.create(table: "quake") { t in
            // Unique through the named index below (`IDIndex`), which a
            // streaming import into an empty catalog drops while it reads;
            // catalogs made before had `.unique()` here, the same B-tree
            // under another name.
            t.column("id", .text).notNull()
            t.column("code", .text).notNull()
            t.column("net", .text).notNull()
            t.column("ids", .text).notNull()
            t.column("magnitude", .double)
            t.column("magType", .text).notNull()
            t.column("place", .text).notNull()
            t.column("placeFolded", .text).notNull()
            t.column("time", .integer).notNull()       // epoch ms, UTC
            t.column("updated", .integer).notNull()    // epoch ms, UTC
            t.column("day", .text).notNull()           // UTC YYYY-MM-DD
            t.column("depth", .double).notNull()
            t.column("latitude", .double).notNull()
            t.column("longitude", .double).notNull()
            t.column("felt", .integer)
            t.column("cdi", .double)
            t.column("mmi", .double)
            t.column("alert", .text)
            t.column("status", .text).notNull()
            t.column("tsunami", .integer).notNull()
            t.column("sig", .integer).notNull()
            t.column("type", .text).notNull()
            t.column("title", .text).notNull()
            t.column("url", .text).notNull()
        }
        try IDIndex.build(db)
        for column in ["time", "magnitude", "placeFolded", "depth"] {
            try db.create(index: "quake_\(column)", on: "quake", columns: [column, "id"])
        }
        try db.create(index: "quake_day_time", on: "quake", columns: ["day", "time", "id"])

        // Former ids of events USGS re-associated under a new preferred id,
        // so an old id arriving later is recognised as the same quake.
        try db.create(table: "quakeAlias") { t in
            t.primaryKey("alias", .text)
            t.column("quakeId", .text).notNull()
                .references("quake", column: "id", onDelete: .cascade)
        }
        try db.create(index: "quakeAlias_quakeId", on: "quakeAlias", columns: ["quakeId"])

        // Substring search over the folded place. Trigram cannot match
        // patterns under 3 characters: the query layer falls back to LIKE.
        try db.create(virtualTable: "quakeSearch", using: FTS5()) { t in
            t.tokenizer = FTS5TokenizerDescriptor(components: ["trigram"])
            t.synchronize(withTable: "quake")
            t.column("placeFolded")
        }

        // Small key-value facts about the catalog (seeding, last update).
        try db.create(table: "catalogInfo") { t in
            t.primaryKey("key", .text)
            t.column("value", .text).notNull()
        }
    }

    /// Places stored before folding dropped strokes (`łodz` for `Łódź`)
    /// folded again, so a filter `lodz` finds them. Only places with a
    /// letter outside ASCII can change; the count triggers move their
    /// kept counts along.
    private static func refoldPlaces(_ db: Database) throws {
        try db.execute(sql: """
            UPDATE quake SET placeFolded = quake_fold(place)
            WHERE placeFolded GLOB '*[^ -~]*' AND placeFolded IS NOT quake_fold(place)
            """)
    }

    /// The columns USGS's CSV and GeoJSON, FDSN text and QuakeML carry
    /// beyond the first schema's (`Quake.measurementColumns`), NULL in the
    /// rows already stored: unknown until imported again. `tsunami` and
    /// `sig` lose NOT NULL, so a source that does not give them stores
    /// NULL, not 0. SQLite cannot alter a constraint and rewriting the
    /// table would copy every row, so the table's text is edited in place:
    /// the change SQLite's documentation calls safe (dropping NOT NULL
    /// changes nothing on disk). Rows stored before keep their 0s: nothing
    /// says which were the source's.
    private static func addMeasurements(_ db: Database) throws {
        let types: [String: Database.ColumnType] = ["nst": .integer, "magNst": .integer, "locationSource": .text,
                                                    "magSource": .text, "catalog": .text, "contributor": .text,
                                                    "evaluationMode": .text, "evaluationStatus": .text]
        try db.alter(table: "quake") { t in
            for column in Quake.measurementColumns { t.add(column: column, types[column] ?? .double) }
        }
        let version = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
        try db.execute(sql: "PRAGMA writable_schema = ON")
        try db.execute(sql: """
            UPDATE sqlite_master SET sql = replace(replace(sql,
                '"tsunami" INTEGER NOT NULL', '"tsunami" INTEGER'), '"sig" INTEGER NOT NULL', '"sig" INTEGER')
            WHERE type = 'table' AND name = 'quake'
            """)
        try db.execute(sql: "PRAGMA schema_version = \(version + 1)")
        try db.execute(sql: "PRAGMA writable_schema = OFF")
        db.clearSchemaCache()
    }

    private static func addChangeTimes(_ db: Database) throws {
        // When an import last inserted or replaced the row (epoch ms, this
        // machine's clock): the browser marks rows changed while it is open.
        try db.alter(table: "quake") { t in t.add(column: "changedAt", .integer).notNull().defaults(to: 0) }
        try db.create(index: "quake_changedAt", on: "quake", columns: ["changedAt"])
    }

    private static func addAdditionTimes(_ db: Database) throws {
        // When an import first inserted the row (epoch ms, as changedAt):
        // the browser tells a new quake from a changed one. NULL for rows
        // stored before, and for an event row remade from one of its
        // origins (the event was known already). No index: it is only read
        // for the few rows the changedAt index finds. Adding a column is
        // constant time, whatever the catalog's size.
        try db.alter(table: "quake") { t in t.add(column: "addedAt", .integer) }
    }

    private static func addSortAndCountIndexes(_ db: Database) throws {
        // Every sortable column gets its index, so any sort walks one.
        for column in ["latitude", "longitude", "net", "type", "status", "sig", "felt"] {
            try db.create(index: "quake_\(column)", on: "quake", columns: [column, "id"])
        }
        try db.execute(sql: "CREATE INDEX quake_band ON quake(\(magnitudeBandSQL), time, id)")
        // Carrying placeFolded in the time index lets a place filter be
        // tested on index entries while scanning newest first, without
        // reading each row (measured at 1M rows: 33 ms to 3 ms for a
        // common letter, 2 s to 0.16 s for a text that matches nothing);
        // carrying day in the place index counts a filter's day sections
        // from the index alone.
        try db.execute(sql: """
            DROP INDEX quake_time;
            CREATE INDEX quake_time ON quake(time, id, placeFolded);
            DROP INDEX quake_placeFolded;
            CREATE INDEX quake_placeFolded ON quake(placeFolded, id, day);
            """)

        // The distinct places below answer every place search, of any
        // length (trigram cannot match one or two characters), with
        // exact counts; the trigram index doubled the cost of every
        // imported row (measured: 80 of 170 µs) and is dropped.
        try db.execute(sql: """
            DROP TRIGGER IF EXISTS "__quakeSearch_ai";
            DROP TRIGGER IF EXISTS "__quakeSearch_ad";
            DROP TRIGGER IF EXISTS "__quakeSearch_au";
            DROP TABLE IF EXISTS quakeSearch;
            """)

        // Quakes per UTC day, kept by triggers: day sections of the whole
        // catalog without counting a million rows. And each distinct
        // folded place with how many quakes have it, kept by triggers. A place filter first searches these few strings:
        // that gives its exact count at once, and when few quakes match,
        // their rows through the placeFolded index instead of a scan.
        try db.execute(sql: """
            CREATE TABLE quakePlace (placeFolded TEXT PRIMARY KEY NOT NULL, quakes INTEGER NOT NULL) WITHOUT ROWID;
            INSERT INTO quakePlace SELECT placeFolded, count(*) FROM quake GROUP BY placeFolded;
            CREATE TRIGGER quakePlace_insert AFTER INSERT ON quake BEGIN
                INSERT INTO quakePlace VALUES (new.placeFolded, 1)
                ON CONFLICT(placeFolded) DO UPDATE SET quakes = quakes + 1;
            END;
            CREATE TRIGGER quakePlace_delete AFTER DELETE ON quake BEGIN
                UPDATE quakePlace SET quakes = quakes - 1 WHERE placeFolded = old.placeFolded;
                DELETE FROM quakePlace WHERE placeFolded = old.placeFolded AND quakes <= 0;
            END;
            CREATE TABLE quakeDay (day TEXT PRIMARY KEY NOT NULL, quakes INTEGER NOT NULL) WITHOUT ROWID;
            INSERT INTO quakeDay SELECT day, count(*) FROM quake GROUP BY day;
            CREATE TRIGGER quakeDay_insert AFTER INSERT ON quake BEGIN
                INSERT INTO quakeDay VALUES (new.day, 1) ON CONFLICT(day) DO UPDATE SET quakes = quakes + 1;
            END;
            CREATE TRIGGER quakeDay_delete AFTER DELETE ON quake BEGIN
                UPDATE quakeDay SET quakes = quakes - 1 WHERE day = old.day;
                DELETE FROM quakeDay WHERE day = old.day AND quakes <= 0;
            END;
            CREATE TRIGGER quakeDay_update AFTER UPDATE OF day ON quake WHEN old.day IS NOT new.day BEGIN
                UPDATE quakeDay SET quakes = quakes - 1 WHERE day = old.day;
                DELETE FROM quakeDay WHERE day = old.day AND quakes <= 0;
                INSERT INTO quakeDay VALUES (new.day, 1) ON CONFLICT(day) DO UPDATE SET quakes = quakes + 1;
            END;
            CREATE TRIGGER quakePlace_update AFTER UPDATE OF placeFolded ON quake
            WHEN old.placeFolded IS NOT new.placeFolded BEGIN
                UPDATE quakePlace SET quakes = quakes - 1 WHERE placeFolded = old.placeFolded;
                DELETE FROM quakePlace WHERE placeFolded = old.placeFolded AND quakes <= 0;
                INSERT INTO quakePlace VALUES (new.placeFolded, 1)
                ON CONFLICT(placeFolded) DO UPDATE SET quakes = quakes + 1;
            END;
            """)
    }
}

/// A catalog this build cannot open as it is.
enum SchemaError: Error {
    /// Its migrations include one this build does not know.
    case madeByNewerVersion
}
