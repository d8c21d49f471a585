import GRDB

/// Where the reports of an event of several origins are kept. An event's
/// row in `quake` is its preferred origin, under that origin's id; its other
/// origins are rows of `origin`, with the same columns as `quake` plus
/// `eventId` (the event's row) and `provider` (the service each came from,
/// `EventIdentity`); one service's report at most per event. An event of one
/// origin (every event of a one-service catalog) is its row alone, and a
/// second service's report joining an event is one `origin` row: the
/// event's row is not written unless its preferred origin changes.
///
/// `originPairing` keeps the user's overrides (`quakes-tui merge` and
/// `split`): two origins kept `together` whatever their distance, or apart
/// however close. `catalogProvider` lists the services the catalog holds
/// reports of: with one only, nothing can associate and an import skips
/// looking.
enum OriginTable {
    /// The columns copied between `quake` and `origin`, `id` first.
    static let copiedColumns = Quake.storedColumns + ["changedAt"]
    static let copiedList = copiedColumns.joined(separator: ", ")
    /// The stored columns without `id`.
    static let storedValueList = Quake.storedColumns.dropFirst().joined(separator: ", ")

    /// SQL naming a stored id's service, as `EventIdentity.provider(ofStoredID:)`.
    static func providerSQL(_ id: String) -> String {
        "CASE WHEN instr(\(id), ':') > 0 THEN substr(\(id), 1, instr(\(id), ':') - 1) ELSE '\(EventIdentity.comCat)' END"
    }

    /// The v9 migration: every stored quake becomes an event of one origin.
    static func create(_ db: Database) throws {
        let types = Dictionary(try Row.fetchAll(db, sql: "PRAGMA table_info(quake)").map { ($0["name"] as String, $0["type"] as String) },
                               uniquingKeysWith: { a, _ in a })
        let columns = copiedColumns.map { "\($0) \(types[$0] ?? "")" }.joined(separator: ", ")
        try db.execute(sql: """
            CREATE TABLE origin (eventId TEXT NOT NULL, provider TEXT NOT NULL, \(columns));
            CREATE UNIQUE INDEX origin_id ON origin(id);
            CREATE UNIQUE INDEX origin_event ON origin(eventId, provider);
            CREATE TRIGGER origin_eventDeleted AFTER DELETE ON quake BEGIN
                DELETE FROM origin WHERE eventId = old.id;
            END;
            CREATE TABLE originPairing (a TEXT NOT NULL, b TEXT NOT NULL, together INTEGER NOT NULL,
                                        PRIMARY KEY (a, b)) WITHOUT ROWID;
            CREATE TABLE catalogProvider (provider TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
            INSERT OR IGNORE INTO catalogProvider SELECT DISTINCT \(providerSQL("id")) FROM quake;
            """)
    }
}
