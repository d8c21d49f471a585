import Foundation
import GRDB

/// What an existing file at a catalog path holds, found out before anything
/// is written to it: another application's database is never changed, and a
/// catalog that is up to date is read without a single write.
struct CatalogInspection {
    enum Kind: Equatable {
        /// No tables yet (an empty file, or an empty SQLite database): ours to create.
        case empty
        /// A quakes-tui catalog, perhaps made by an earlier version.
        case catalog
        /// Another application's: what it holds, for the refusal.
        case foreign(ForeignContent)
        /// A catalog with migrations this build does not know.
        case newer
    }

    typealias ForeignContent = CatalogError.ForeignContent

    var kind: Kind
    /// The catalog lacks migrations or its mark (an earlier version made it).
    var needsUpgrade: Bool
    /// A seed from the bundled feed was started and not finished.
    var seedPending: Bool

    /// SQLite's `PRAGMA application_id` of a quakes-tui catalog: "QUAK".
    static let applicationID: Int32 = 0x5155_414B

    /// Reads the file's identity through `connection`, a reading
    /// connection to it (`CatalogLocation.readingConnection`).
    /// `checkIntegrity` runs SQLite's `quick_check`, so a damaged catalog is
    /// refused before a writer touches it.
    static func inspect(_ connection: DatabaseQueue, checkIntegrity: Bool) throws -> CatalogInspection {
        try connection.read { db in
            let inspection = try inspect(db)
            if checkIntegrity, inspection.isOurs {
                let result = try String.fetchAll(db, sql: "PRAGMA quick_check")
                // What quick_check found is kept in the error, for whoever looks further.
                if result != ["ok"] {
                    throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: result.prefix(3).joined(separator: "; "))
                }
            }
            return inspection
        }
    }

    /// A catalog this build can read as it is: nothing to create, upgrade or seed.
    var isCurrent: Bool { kind == .catalog && !needsUpgrade }

    /// Ours to read: a catalog, or nothing yet (a newer catalog is read too, to be refused).
    var isOurs: Bool {
        if case .foreign = kind { return false }
        return true
    }

    private static func inspect(_ db: Database) throws -> CatalogInspection {
        let schema = try Row.fetchAll(db, sql: """
            SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'
            """)
        let tables = Set(schema.filter { $0["type"] == "table" }.map { $0["name"] as String })
        let mark = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if tables.isEmpty {
            // Ours to create only when nothing else claims it: no views, no other application's id.
            let foreign: ForeignContent? = !schema.isEmpty ? .views
                : mark != 0 && mark != applicationID ? .applicationID(mark) : nil
            return foreign.map { CatalogInspection(kind: .foreign($0), needsUpgrade: false, seedPending: false) }
                ?? CatalogInspection(kind: .empty, needsUpgrade: true, seedPending: false)
        }
        let marked = mark == applicationID
        // Catalogs made before the mark carry our tables and GRDB's migration list.
        let ourTables: Set = ["quake", "catalogInfo", "grdb_migrations"]
        guard marked || ourTables.isSubset(of: tables) else {
            return CatalogInspection(kind: .foreign(.tables), needsUpgrade: false, seedPending: false)
        }
        let applied = tables.contains("grdb_migrations")
            ? try Set(String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")) : []
        let known = Set(Schema.migrationIdentifiers)
        if !applied.isSubset(of: known) { return CatalogInspection(kind: .newer, needsUpgrade: false, seedPending: false) }
        let seedPending = tables.contains("catalogInfo") ? try seedState(db) == "pending" : false
        return CatalogInspection(kind: .catalog, needsUpgrade: !marked || applied != known, seedPending: seedPending)
    }

    /// `pending` while a seed is unfinished, else the feed seeded from or
    /// `none`. A catalog older than the seed state counts as pending when it
    /// is empty and was never seeded.
    static func seedState(_ db: Database) throws -> String? {
        if let state = try String.fetchOne(db, sql: "SELECT value FROM catalogInfo WHERE key = 'seed'") { return state }
        let legacySeed = try String.fetchOne(db, sql: "SELECT value FROM catalogInfo WHERE key = 'seededFrom'")
        let empty = try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM quake)") ?? false
        return legacySeed == nil && empty ? "pending" : nil
    }
}
