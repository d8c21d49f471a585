import GRDB

/// Where the reports of an event of several origins are kept. An event of
/// one origin (nearly every event: one service's catalog) is its `quake`
/// row alone, so a catalog of one service pays nothing. An event of several
/// is its `quake` row, holding its preferred origin's values under that
/// origin's id and `origins` (how many), and one `origin` row per origin,
/// the preferred one included, with the same columns as `quake` plus
/// `eventId` (the event's row) and `provider` (the service it came from,
/// `EventIdentity`). One service's origin at most per event.
///
/// `originPairing` keeps the user's overrides (`quakes-tui merge` and
/// `split`): two origins kept `together` whatever their distance, or apart
/// whatever their closeness. `catalogProvider` lists the services the
/// catalog holds origins of: with one only, nothing can associate and an
/// import skips looking.
enum OriginTable {
    /// The columns copied between `quake` and `origin`, `id` first.
    static let copiedColumns = Quake.storedColumns + ["changedAt"]
    static var copiedList: String { copiedColumns.joined(separator: ", ") }
    /// `copiedColumns` without `id`: what an event's row takes from its preferred origin.
    static var valueList: String { copiedColumns.dropFirst().joined(separator: ", ") }

    /// SQL naming a stored id's service, as `EventIdentity.provider(ofStoredID:)`.
    static func providerSQL(_ id: String) -> String {
        "CASE WHEN instr(\(id), ':') > 0 THEN substr(\(id), 1, instr(\(id), ':') - 1) ELSE '\(EventIdentity.comCat)' END"
    }

    /// The v9 migration: every stored quake becomes an event of one origin.
    static func create(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE quake ADD COLUMN origins INTEGER NOT NULL DEFAULT 1")
        let types = Dictionary(try Row.fetchAll(db, sql: "PRAGMA table_info(quake)").map { ($0["name"] as String, $0["type"] as String) },
                               uniquingKeysWith: { a, _ in a })
        let columns = copiedColumns.map { "\($0) \(types[$0] ?? "")" }.joined(separator: ", ")
        try db.execute(sql: """
            CREATE TABLE origin (eventId TEXT NOT NULL, provider TEXT NOT NULL, \(columns));
            CREATE UNIQUE INDEX origin_id ON origin(id);
            CREATE UNIQUE INDEX origin_event ON origin(eventId, provider);
            CREATE TRIGGER origin_eventDeleted AFTER DELETE ON quake WHEN old.origins > 1 BEGIN
                DELETE FROM origin WHERE eventId = old.id;
            END;
            CREATE TABLE originPairing (a TEXT NOT NULL, b TEXT NOT NULL, together INTEGER NOT NULL,
                                        PRIMARY KEY (a, b)) WITHOUT ROWID;
            CREATE TABLE catalogProvider (provider TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
            INSERT OR IGNORE INTO catalogProvider SELECT DISTINCT \(providerSQL("id")) FROM quake;
            """)
    }
}
