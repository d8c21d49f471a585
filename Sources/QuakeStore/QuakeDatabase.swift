import BundledData
import Foundation
import GRDB

/// The quake catalog: one SQLite file in WAL mode behind a GRDB
/// `DatabasePool`, so readers (the UI) never wait for a writer (an import).
public final class QuakeDatabase: Sendable {
    public let pool: DatabasePool
    public let path: String

    /// Opens (creating and migrating if needed) the catalog at `path`. A new
    /// catalog is seeded from the bundled feed when `seedIfNew` is set.
    /// `busyTimeout`: how long a write waits for another process's write
    /// to end. Importers wait long (another import of a big file may hold
    /// the catalog for a minute); the browser's own writes (delete) less.
    public init(path: String, seedIfNew: Bool = false, busyTimeout: TimeInterval = 30) throws {
        self.path = path
        let isNew = try Self.checkPath(path)
        var config = Configuration()
        config.busyMode = .timeout(busyTimeout)   // concurrent importers wait, not fail
        config.foreignKeysEnabled = true
        config.prepareDatabase { db in SQLFunctions.register(in: db) }
        do {
            pool = try DatabasePool(path: path, configuration: config)
            try Schema.migrator.migrate(pool)
        } catch let error as DatabaseError {
            throw CatalogError.cannotOpen(path: path, reason: Self.describe(error))
        }
        try settleSeed(isNew: isNew, seedIfNew: seedIfNew)
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
            state = try pool.read { db in
                if let state = try String.fetchOne(db, sql: "SELECT value FROM catalogInfo WHERE key = 'seed'") { return state }
                // No state: an older catalog (seeded if it says so), or one whose
                // creation was cut short before the state was written.
                let legacySeed = try String.fetchOne(db, sql: "SELECT value FROM catalogInfo WHERE key = 'seededFrom'")
                let empty = try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM quake)") ?? false
                return legacySeed == nil && empty ? "pending" : nil
            }
        } catch let error as DatabaseError {
            throw CatalogError.cannotRead(path: path, reason: Self.describe(error))
        }
        guard state == "pending" else { return }
        _ = try QuakeImporter(database: self).importFile(at: feed.path, name: BundledFeed.fileName)
        try write { db in try Self.setSeedState(BundledFeed.fileName, db) }
    }

    private static func setSeedState(_ state: String, _ db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO catalogInfo(key, value) VALUES ('seed', ?)", arguments: [state])
    }

    /// A write to the catalog, its errors said as the catalog's.
    private func write<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.write(body)
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
    public static func open(explicitPath: String?, seedIfNew: Bool, busyTimeout: TimeInterval = 30) throws -> QuakeDatabase {
        if let explicitPath { return try QuakeDatabase(path: explicitPath, seedIfNew: seedIfNew, busyTimeout: busyTimeout) }
        let path = defaultPath()
        try? FileManager.default.createDirectory(atPath: folder(of: path), withIntermediateDirectories: true)
        return try QuakeDatabase(path: path, seedIfNew: seedIfNew, busyTimeout: busyTimeout)
    }

    public func count() throws -> Int {
        try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM quake") ?? 0 }
    }

    /// Says, before SQLite does it less clearly, why a path cannot hold a
    /// catalog. Returns whether the catalog file is new.
    private static func checkPath(_ path: String) throws -> Bool {
        var isDirectory: ObjCBool = false
        let folder = Self.folder(of: path)
        let fm = FileManager.default
        if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw CatalogError.cannotOpen(path: path, reason: "is a directory") }
            // Honour the file's mode even for root, who may write anything:
            // a catalog made read-only is not to be written.
            if !isWritable(path) { throw CatalogError.cannotOpen(path: path, reason: "read-only (permission denied)") }
            if !isWritable(folder) {
                throw CatalogError.cannotOpen(path: path, reason: "its folder is read-only (SQLite needs to write a journal next to it)")
            }
            return false
        }
        guard fm.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CatalogError.cannotOpen(path: path, reason: "folder \(folder) does not exist")
        }
        if !isWritable(folder) { throw CatalogError.cannotOpen(path: path, reason: "folder \(folder) is read-only") }
        return true
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

    private static func isWritable(_ path: String) -> Bool {
        guard access(path, W_OK) == 0 else { return false }
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & 0o222 != 0
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

/// A catalog that cannot be opened or written, said in one line.
public enum CatalogError: Error, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    case cannotRead(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "database \(path): \(reason)"
        case .cannotWrite(let path, let reason): "database \(path): cannot write: \(reason)"
        case .cannotRead(let path, let reason): "database \(path): cannot read: \(reason)"
        }
    }

    /// A failed read of an open catalog (a corrupt page, a disk error) as
    /// one line: `database PATH: cannot read: database is corrupt`. Other
    /// errors are returned as they are. For the code that reads through the
    /// query layer (`list`, the browser), which sees GRDB's errors raw.
    public static func reading(_ error: any Error, path: String) -> any Error {
        guard let error = error as? DatabaseError else { return error }
        return CatalogError.cannotRead(path: path, reason: QuakeDatabase.describe(error))
    }
}
