import BundledData
import Foundation
import GRDB

/// The quake catalog: one SQLite file in WAL mode behind a GRDB
/// `DatabasePool`, so readers (the UI) never wait for a writer (an import).
public final class QuakeCatalog: Sendable {
    /// What a command does with the catalog, which decides how it is opened.
    public enum Purpose: Sendable {
        /// `import`, `fetch`: writes. A read-only or damaged catalog is
        /// refused before anything is written.
        case write
        /// The browser: writes when it may (delete, refresh), else reads a
        /// read-only catalog and says so.
        case browse
        /// `list`: reads. A catalog that is up to date is not written at
        /// all, not even its header; a read-only one is read.
        case read
    }

    /// The connection to the catalog: a `DatabasePool` when it may be
    /// written, else a single connection (read-only, or one that only reads).
    public let dbWriter: any DatabaseWriter
    public let path: String
    /// The catalog cannot be written (its file or folder is read-only):
    /// the browser says so and refuses deletes and refreshes.
    public let isReadOnly: Bool
    private let location: CatalogLocation

    /// Opens the catalog at `path`, creating or upgrading it if needed and
    /// allowed. Another application's database, or a catalog made by a newer
    /// quakes-tui, is refused unchanged. A new catalog is seeded from the
    /// bundled feed when `seedIfNew` is set.
    /// `busyTimeout`: how long a write waits for another process's write
    /// to end. Importers wait long (another import of a big file may hold
    /// the catalog for a minute); the browser's own writes (delete) less.
    public init(path: String, seedIfNew: Bool = false, busyTimeout: TimeInterval = 30,
                purpose: Purpose = .write) throws {
        self.path = path
        let location = try CatalogLocation(checking: path)
        self.location = location
        var config = Configuration()
        config.busyMode = .timeout(busyTimeout)   // concurrent importers wait, not fail
        config.foreignKeysEnabled = true
        config.prepareDatabase { db in SQLFunctions.register(in: db) }

        // An existing file is looked at through a reading connection first;
        // when reading is all that is needed, that connection is kept.
        var reader: DatabaseQueue?
        var inspection: CatalogInspection?
        if location.exists {
            (inspection, reader) = try Self.inspect(location, configuration: config,
                                                    checkIntegrity: purpose == .write && location.isWritable)
        }
        let isNew = inspection.map { $0.kind == .empty } ?? true
        if let reason = location.readOnlyReason {
            guard purpose != .write else { throw CatalogError.cannotOpen(path: path, reason: reason) }
            guard inspection?.isCurrent == true else {
                throw CatalogError.cannotOpen(path: path, reason: isNew
                    ? "read-only and empty (not a catalog yet)"
                    : "read-only, and made by an earlier quakes-tui: open it once where it can be written to upgrade it")
            }
        }
        isReadOnly = !location.isWritable
        if let reader, let inspection,
           isReadOnly || (purpose == .read && inspection.isCurrent && !(seedIfNew && inspection.seedPending)) {
            dbWriter = reader
            return
        }
        reader = nil   // closed before the pool opens: it must not outlive the checks
        dbWriter = try Self.opening(path) { try DatabasePool(path: path, configuration: config) }
        do {
            try Schema.upgrade(dbWriter)
        } catch SchemaError.madeByNewerVersion {
            throw CatalogError.cannotOpen(path: path, reason: Self.newerVersion)
        } catch let error as DatabaseError {
            throw CatalogError.cannotOpen(path: path, reason: Self.describe(error))
        }
        try settleSeed(isNew: isNew, seedIfNew: seedIfNew)
    }

    static let newerVersion = "made by a newer quakes-tui; upgrade quakes-tui to open it"

    /// What is in the file, refusing what is not ours to open. A file that
    /// is not SQLite cannot be opened; a damaged one cannot be read.
    private static func inspect(_ location: CatalogLocation, configuration: Configuration,
                                checkIntegrity: Bool) throws -> (CatalogInspection, DatabaseQueue) {
        let path = location.path
        let inspection: CatalogInspection
        let connection: DatabaseQueue
        do {
            connection = try location.readingConnection(configuration: configuration)
            inspection = try CatalogInspection.inspect(connection, checkIntegrity: checkIntegrity)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw CatalogError.cannotOpen(path: path, reason: describe(error))
        } catch let error as DatabaseError {
            throw CatalogError.cannotRead(path: path, reason: describe(error))
        }
        switch inspection.kind {
        case .foreign:
            throw CatalogError.cannotOpen(path: path, reason: "not a quakes-tui catalog (it holds other tables); nothing was changed")
        case .newer:
            throw CatalogError.cannotOpen(path: path, reason: newerVersion)
        case .empty, .catalog:
            return (inspection, connection)
        }
    }

    /// Opens a connection, a failure said as the catalog's.
    private static func opening<Writer>(_ path: String, _ open: () throws -> Writer) throws -> Writer {
        do {
            return try open()
        } catch let error as DatabaseError {
            throw CatalogError.cannotOpen(path: path, reason: describe(error))
        }
    }

    /// A read-only connection of its own to the catalog, for watching it
    /// (`PRAGMA data_version`) beside the main connection.
    public func makeReadOnlyConnection() throws -> DatabaseQueue {
        var config = Configuration()
        config.readonly = true
        return try DatabaseQueue(path: location.connectionPath, configuration: config)
    }

    /// A catalog the browser or `list` creates is seeded with the bundled
    /// feed; one an import creates holds only what it imports. The state is
    /// kept in `catalogInfo.seed` ("pending", then the feed's name, or
    /// "none"), so a seed cut short by a kill or a full disk is finished on
    /// the next open instead of leaving an empty catalog for good. Seeding
    /// again is harmless: the import is an upsert.
    private func settleSeed(isNew: Bool, seedIfNew: Bool) throws {
        if isNew { try write { db in try Self.setSeedState(seedIfNew ? "pending" : "none", db) } }
        guard seedIfNew, let feed = BundledFeed.url else { return }
        let state: String?
        do {
            state = try dbWriter.read { db in try CatalogInspection.seedState(db) }
        } catch let error as DatabaseError {
            throw CatalogError.cannotRead(path: path, reason: Self.describe(error))
        }
        guard state == "pending" else { return }
        _ = try QuakeImporter(catalog: self).importFile(at: feed.path, name: BundledFeed.fileName)
        try write { db in try Self.setSeedState(BundledFeed.fileName, db) }
    }

    private static func setSeedState(_ state: String, _ db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO catalogInfo(key, value) VALUES ('seed', ?)", arguments: [state])
    }

    /// A write to the catalog, its errors said as the catalog's.
    private func write<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try dbWriter.write(body)
        } catch let error as DatabaseError {
            throw CatalogError.cannotWrite(path: path, reason: Self.describe(error))
        }
    }

    /// `$XDG_DATA_HOME/quakes-tui/quakes.sqlite`, else
    /// `~/.local/share/quakes-tui/quakes.sqlite`; `QUAKES_DB` overrides both.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let db = environment["QUAKES_DB"], !db.isEmpty { return db }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            dataHome = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            dataHome = home + "/.local/share"
        }
        return dataHome + "/quakes-tui/quakes.sqlite"
    }

    /// Opens the catalog the user asked for, or the default one (creating its
    /// folder), seeding a new catalog from the bundled feed if asked.
    public static func open(explicitPath: String?, seedIfNew: Bool, busyTimeout: TimeInterval = 30,
                            purpose: Purpose) throws -> QuakeCatalog {
        if let explicitPath {
            return try QuakeCatalog(path: explicitPath, seedIfNew: seedIfNew, busyTimeout: busyTimeout, purpose: purpose)
        }
        let path = defaultPath()
        try? FileManager.default.createDirectory(atPath: folder(of: path), withIntermediateDirectories: true)
        return try QuakeCatalog(path: path, seedIfNew: seedIfNew, busyTimeout: busyTimeout, purpose: purpose)
    }

    public func count() throws -> Int {
        try dbWriter.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM quake") ?? 0 }
    }

    /// The folder holding `path`: `.` for a bare name, `/` at the root.
    /// (Foundation's `deletingLastPathComponent` crashes on Linux for a
    /// one-character relative path such as `q`.)
    static func folder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        var folder = trimmed[..<slash]
        while folder.hasSuffix("/") { folder.removeLast() }
        return folder.isEmpty ? "/" : String(folder)
    }

    /// What went wrong, in words a user can act on, without SQL.
    static func describe(_ error: DatabaseError) -> String {
        switch error.extendedResultCode {
        // SQLite says "disk is full" only for ENOSPC. A write refused for
        // another reason (EFBIG over `ulimit -f`, EIO, a quota: EDQUOT) is a
        // write I/O error; the system's errno is not reliably kept for it.
        case .SQLITE_IOERR_WRITE, .SQLITE_IOERR_FSYNC, .SQLITE_IOERR_TRUNCATE, .SQLITE_IOERR_SHMSIZE:
            return "disk I/O error (the disk may be full, or the file over a size limit)"
        case .SQLITE_IOERR_READ, .SQLITE_IOERR_SHORT_READ:
            return "disk I/O error reading the file"
        default: break
        }
        switch error.resultCode {
        case .SQLITE_NOTADB: return "not a SQLite database (file is corrupt or of another kind)"
        case .SQLITE_CORRUPT: return "database is corrupt"
        case .SQLITE_READONLY: return "read-only"
        case .SQLITE_CANTOPEN: return "cannot open file"
        case .SQLITE_FULL: return "disk is full"
        case .SQLITE_BUSY: return "database is locked by another process"
        case .SQLITE_IOERR: return "disk I/O error"
        default: return error.message ?? "\(error.resultCode)"
        }
    }
}
