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
    public init(path: String, seedIfNew: Bool = false) throws {
        self.path = path
        let isNew = try Self.checkPath(path)
        var config = Configuration()
        config.busyMode = .timeout(30)   // concurrent importers wait, not fail
        config.foreignKeysEnabled = true
        config.prepareDatabase { db in SQLFunctions.register(in: db) }
        do {
            pool = try DatabasePool(path: path, configuration: config)
            try Schema.migrator.migrate(pool)
        } catch let error as DatabaseError {
            throw CatalogError.cannotOpen(path: path, reason: Self.describe(error))
        }
        if isNew && seedIfNew, let feed = BundledFeed.url {
            _ = try QuakeImporter(database: self).importFile(at: feed.path, name: BundledFeed.fileName)
            try pool.write { db in
                try db.execute(sql: "INSERT OR REPLACE INTO catalogInfo(key, value) VALUES ('seededFrom', ?)",
                               arguments: [BundledFeed.fileName])
            }
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
    public static func open(explicitPath: String?, seedIfNew: Bool) throws -> QuakeDatabase {
        if let explicitPath { return try QuakeDatabase(path: explicitPath, seedIfNew: seedIfNew) }
        let path = defaultPath()
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try QuakeDatabase(path: path, seedIfNew: seedIfNew)
    }

    public func count() throws -> Int {
        try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM quake") ?? 0 }
    }

    /// Says, before SQLite does it less clearly, why a path cannot hold a
    /// catalog. Returns whether the catalog file is new.
    private static func checkPath(_ path: String) throws -> Bool {
        var isDirectory: ObjCBool = false
        let folder = (path as NSString).deletingLastPathComponent
        let fm = FileManager.default
        if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw CatalogError.cannotOpen(path: path, reason: "is a directory") }
            // Honour the file's mode even for root, who may write anything:
            // a catalog made read-only is not to be written.
            if !isWritable(path) { throw CatalogError.cannotOpen(path: path, reason: "read-only (permission denied)") }
            if !isWritable(folder.isEmpty ? "." : folder) {
                throw CatalogError.cannotOpen(path: path, reason: "its folder is read-only (SQLite needs to write a journal next to it)")
            }
            return false
        }
        let parent = folder.isEmpty ? "." : folder
        guard fm.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CatalogError.cannotOpen(path: path, reason: "folder \(parent) does not exist")
        }
        if !isWritable(parent) { throw CatalogError.cannotOpen(path: path, reason: "folder \(parent) is read-only") }
        return true
    }

    private static func isWritable(_ path: String) -> Bool {
        guard access(path, W_OK) == 0 else { return false }
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & 0o222 != 0
    }

    static func describe(_ error: DatabaseError) -> String {
        switch error.resultCode {
        case .SQLITE_NOTADB: return "not a SQLite database (file is corrupt or of another kind)"
        case .SQLITE_CORRUPT: return "database is corrupt"
        case .SQLITE_READONLY: return "read-only"
        case .SQLITE_CANTOPEN: return "cannot open file"
        case .SQLITE_FULL: return "disk is full"
        case .SQLITE_BUSY: return "database is locked by another process"
        default: return error.message ?? "\(error.resultCode)"
        }
    }
}

/// A catalog that cannot be opened or written, said in one line.
public enum CatalogError: Error, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "database \(path): \(reason)"
        case .cannotWrite(let path, let reason): "database \(path): cannot write: \(reason)"
        }
    }
}
