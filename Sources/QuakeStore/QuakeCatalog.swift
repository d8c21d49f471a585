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
    /// How long a write waits for another process's write to end (SQLite's
    /// busy timeout, in seconds).
    public let busyTimeout: TimeInterval
    let location: CatalogLocation
    /// Refuses writes once the path names another file (nil when only read).
    let fileGuard: CatalogFileGuard?

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
        self.busyTimeout = busyTimeout
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
        if let readOnlyError = location.readOnlyError {
            guard purpose != .write else { throw readOnlyError }
            guard inspection?.isCurrent == true else {
                throw CatalogError(path: path, operation: .open, reason: isNew ? .readOnlyAndEmpty : .readOnlyAndOutdated)
            }
        }
        isReadOnly = !location.isWritable
        if let reader, let inspection,
           isReadOnly || (purpose == .read && inspection.isCurrent && !(seedIfNew && inspection.seedPending)) {
            dbWriter = reader
            fileGuard = nil
            return
        }
        reader = nil   // closed before the pool opens: it must not outlive the checks
        var poolConfig = config
        if isNew { poolConfig.prepareDatabase { db in try db.execute(sql: "PRAGMA page_size = \(Self.newPageSize)") } }
        let pool = try CatalogError.wrappingErrors(path: path, operation: .open) {
            try Self.openPool(path, configuration: poolConfig, busyTimeout: busyTimeout)
        }
        OpenCatalogs.register(pool)
        dbWriter = pool
        let fileGuard = CatalogFileGuard(path: path)
        self.fileGuard = fileGuard
        pool.writeWithoutTransaction { db in db.add(transactionObserver: fileGuard, extent: .databaseLifetime) }
        do {
            try Schema.upgrade(dbWriter)
        } catch SchemaError.madeByNewerVersion {
            throw CatalogError(path: path, operation: .open, reason: .madeByNewerVersion)
        } catch {
            throw CatalogError.wrapping(error, path: path, operation: .open)
        }
        try settleSeed(isNew: isNew, seedIfNew: seedIfNew)
    }

    /// The page size of a new catalog (SQLite's default is 4 KiB; an
    /// existing catalog keeps its own). An import writes every page to the
    /// WAL as a frame of a page and 24 bytes, so each frame starts inside a
    /// file system block the kernel zeroes first: fewer, larger frames cost
    /// less, and a B-tree of larger pages splits less often. Measured on
    /// the open of 760,857 CSV rows (`quakes-tui FILE`, to browsable, three
    /// runs each): 4 KiB 6.80–6.98 s, 16 KiB 6.34–6.44 s, 64 KiB 6.05–6.71 s.
    static let newPageSize = 16_384

    /// GRDB's pool checks the `-wal`'s size after seeing that it exists: a
    /// process closing the catalog in between removes it, and the open
    /// failed with Foundation's "The file doesn't exist" (seen with two
    /// imports and a list started at once). Opened again, it finds no
    /// `-wal` and makes one.
    ///
    /// The pool's `PRAGMA journal_mode = WAL` reads the file, then needs it
    /// alone: while another process is creating the catalog (its write
    /// lock taken), SQLite answers SQLITE_BUSY at once, without waiting,
    /// as waiting could deadlock two readers wanting to write. The open is
    /// tried again until that process is done, within `busyTimeout` (seen
    /// with two imports and a list started at once on a catalog that did
    /// not exist: "database is locked", about 1 in 40 under load).
    private static func openPool(_ path: String, configuration: Configuration,
                                 busyTimeout: TimeInterval) throws -> DatabasePool {
        var attempt = 1
        let deadline = Date(timeIntervalSinceNow: busyTimeout)
        while true {
            do {
                return try DatabasePool(path: path, configuration: configuration)
            } catch let error as NSError where error.domain == NSCocoaErrorDomain
                        && error.code == CocoaError.fileReadNoSuchFile.rawValue && attempt < 5 {
                attempt += 1
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
    }

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
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_READONLY_ROLLBACK {
            // Our catalogs are WAL only: a rollback journal to replay is another program's.
            throw CatalogError(path: path, operation: .open, reason: .notACatalog(.unfinishedTransaction))
        } catch let error as DatabaseError {
            // A file SQLite cannot open at all is refused; one it opens and cannot read is damaged.
            throw CatalogError(wrapping: error, path: path, operation: error.resultCode == .SQLITE_NOTADB ? .open : .read)
        }
        switch inspection.kind {
        case .foreign(let content):
            throw CatalogError(path: path, operation: .open, reason: .notACatalog(content))
        case .newer:
            throw CatalogError(path: path, operation: .open, reason: .madeByNewerVersion)
        case .empty, .catalog:
            return (inspection, connection)
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
        let state = try CatalogError.wrappingErrors(path: path, operation: .read) {
            try dbWriter.read { db in try CatalogInspection.seedState(db) }
        }
        guard state == "pending" else { return }
        _ = try QuakeImporter(catalog: self).importFile(at: feed.path, name: BundledFeed.fileName)
        try write { db in try Self.setSeedState(BundledFeed.fileName, db) }
    }

    private static func setSeedState(_ state: String, _ db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO catalogInfo(key, value) VALUES ('seed', ?)", arguments: [state])
    }

    /// Closes the catalog's connections now (a pool checkpoints its WAL into
    /// the file it opened, and removes the `-wal` and `-shm`), instead of
    /// when the last reference goes. Nothing may use the catalog after this.
    /// A failed read of this catalog as one line naming it: the file
    /// replaced or removed since it was opened is said so; a damaged one
    /// (SQLITE_CORRUPT) is from then on never closed (see
    /// `OpenCatalogs.abandon`), so nothing more is written to its file by
    /// this process.
    public func readFailure(_ error: any Error) -> any Error {
        if let replaced = replacement(operation: .read) { return replaced }
        let failure = CatalogError.reading(error, path: path)
        if (failure as? CatalogError)?.reason == .corrupt, let pool = dbWriter as? DatabasePool {
            OpenCatalogs.abandon(pool)
        }
        return failure
    }

    public func close() throws {
        guard let pool = dbWriter as? DatabasePool, !OpenCatalogs.isAbandoned(pool) else { return }
        try CatalogError.wrappingErrors(path: path, operation: .write) {
            // Emptied first: should the close fail (a connection still in use), the WAL
            // under the path's name holds no frame to replay into another file.
            try pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
            try pool.close()
        }
    }

    /// The refusal to write when the catalog's path no longer names the
    /// file this catalog opened (replaced or removed since), else nil.
    public func replacement(operation: CatalogError.Operation) -> CatalogError? {
        fileGuard?.replacement(operation: operation)
    }

    /// A write to the catalog, its errors said as the catalog's.
    private func write<T>(_ body: (Database) throws -> T) throws -> T {
        try CatalogError.wrappingErrors(path: path, operation: .write) { try dbWriter.write(body) }
    }

    /// `$XDG_DATA_HOME/quakes-tui/quakes.sqlite` (an absolute XDG_DATA_HOME only), else
    /// `~/.local/share/quakes-tui/quakes.sqlite`; `QUAKES_DB` overrides both.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let db = environment["QUAKES_DB"], !db.isEmpty { return db }
        return XDGDirectory.path("XDG_DATA_HOME", orHome: ".local/share", environment: environment) + "/quakes-tui/quakes.sqlite"
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

    /// How many quakes the catalog holds, as the triggers' day counts keep
    /// it (a few thousand rows summed, not every row counted).
    public static func keptQuakeCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT coalesce(sum(quakes), 0) FROM quakeDay") ?? 0
    }

    /// The folder holding `path`: `.` for a bare name, `/` at the root.
    /// (Foundation's `deletingLastPathComponent` crashes on Linux for a
    /// one-character relative path such as `q`.)
    public static func folder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        var folder = trimmed[..<slash]
        while folder.hasSuffix("/") { folder.removeLast() }
        return folder.isEmpty ? "/" : String(folder)
    }
}
