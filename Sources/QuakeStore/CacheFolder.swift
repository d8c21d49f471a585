import Foundation
import GRDB

/// The catalogs `quakes-tui FILE` makes, in `$XDG_CACHE_HOME/quakes-tui/`
/// (an absolute XDG_CACHE_HOME only, else `~/.cache/quakes-tui/`): one per
/// source, named `<key>.sqlite` by what the source is (`key(forFiles:)`), so an
/// unchanged file is opened again without being read. A catalog is marked
/// complete (`markComplete`) once its read ended; while it is read, its
/// reader holds a lock (`ReadLock`), so another open of the same file
/// shows what is read instead of starting over. The time of last use is
/// the file's modification time.
public struct CacheFolder: Sendable {
    public let path: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        path = XDGDirectory.path("XDG_CACHE_HOME", orHome: ".cache", environment: environment) + "/quakes-tui"
    }

    /// 2 GB: the total the cache's catalogs are kept under.
    public static let defaultLimit = 2_000_000_000

    /// One cached catalog, as `quakes-tui cache` lists it.
    public struct Entry: Sendable, Equatable {
        public var path: String
        /// What it was read from (`catalog.csv`, a URL), or nil if it does not say.
        public var source: String?
        /// The file's bytes, its `-wal`'s included.
        public var size: Int
        public var lastUsed: Date
    }

    /// The catalog's path for `key`.
    public func catalogPath(key: String) -> String { path + "/" + key + ".sqlite" }

    /// Makes the folder (and its parents) if it is missing; one error
    /// line with the system's reason when it cannot (`Not a directory`).
    public func create() throws {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            guard mkdir(prefix, 0o700) != 0, errno != EEXIST else { continue }
            let code = errno
            throw CacheError("cannot create the cache folder \(path): \(String(cString: strerror(code)))",
                             cause: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO))
        }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw CacheError("cannot create the cache folder \(path): \(String(cString: strerror(ENOTDIR)))",
                             cause: POSIXError(.ENOTDIR))
        }
    }

    /// A name for regular files by their resolved paths, sizes and
    /// modification times (in order): a touched or changed file has
    /// another. Nil when a path is not a regular file (a pipe, a FIFO),
    /// whose bytes cannot be known without reading them.
    public static func key(forFiles paths: [String]) -> String? {
        var description = ""
        for path in paths {
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            var info = stat()
            guard stat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            description += "\(String(cString: resolved))\u{0}\(info.st_size)\u{0}"
                + "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)\n"
        }
        return hexHash(description)
    }

    /// A name no other open has: standard input, a pipe, a URL.
    public static func uniqueKey() -> String { hexHash(UUID().uuidString + "\(getpid())") }

    /// 64-bit FNV-1a, twice (two offset bases), as 32 hex digits.
    static func hexHash(_ text: String) -> String {
        func fnv(_ basis: UInt64) -> UInt64 {
            text.utf8.reduce(basis) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        }
        return [fnv(0xcbf2_9ce4_8422_2325), fnv(0x6c62_272e_07bb_0142)]
            .map { String(repeating: "0", count: 16 - String($0, radix: 16).count) + String($0, radix: 16) }.joined()
    }

    /// Marks the catalog at `catalogPath` used now (the order `evict` removes in).
    public func markUsed(_ catalogPath: String) {
        _ = utimensat(AT_FDCWD, catalogPath, nil, 0)
    }

    /// The complete catalogs, least recently used first.
    public func entries() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter(Self.isCatalogName).compactMap { name in
            let file = path + "/" + name
            var info = stat()
            guard stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            var wal = stat()
            let walSize = stat(file + "-wal", &wal) == 0 ? Int(wal.st_size) : 0
            let used = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
            return Entry(path: file, source: Self.source(ofCatalog: file), size: Int(info.st_size) + walSize, lastUsed: used)
        }.sorted { ($0.lastUsed, $0.path) < ($1.lastUsed, $1.path) }
    }

    /// Removes the least recently used catalogs until all of them take at
    /// most `limit` bytes; never `keeping` (the one being opened), which
    /// may alone be over the limit. Returns the paths removed.
    @discardableResult
    public func evict(limit: Int, keeping: String) -> [String] {
        let all = entries()
        var total = all.reduce(0) { $0 + $1.size }
        var removed: [String] = []
        for entry in all where total > limit && entry.path != keeping {
            Self.forget(catalog: entry.path)
            total -= entry.size
            removed.append(entry.path)
        }
        return removed
    }

    /// Removes every catalog (one an open is reading too). Returns how
    /// many catalogs were removed.
    @discardableResult
    public func clear() -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for name in names where Self.isCatalogName(name) {
            Self.forget(catalog: path + "/" + name)
        }
        return names.filter(Self.isCatalogName).count
    }

    /// Removes a catalog file and what SQLite keeps beside it (not its
    /// reader's lock file, which a process may hold: see `forget`).
    public static func remove(catalog: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(catalog + suffix) }
    }

    /// Removes a catalog that is no longer wanted, its lock file too.
    public static func forget(catalog: String) {
        remove(catalog: catalog)
        unlink(catalog + ReadLock.suffix)
    }

    /// Held by the process reading a catalog of the cache, from before it
    /// is made until its read ends (or the process does: the kernel lets
    /// go of the lock). A lock file beside the catalog, never the catalog:
    /// closing any descriptor of a database drops SQLite's locks on it.
    public final class ReadLock: Sendable {
        static let suffix = ".reading"
        private let descriptor: Int32
        private let path: String

        /// The lock of `catalogPath`, or nil when another process holds it
        /// (it is reading that catalog). Where no lock file can be made,
        /// there is no lock to hold, and none is needed to read.
        public init?(catalogPath: String) {
            path = catalogPath + Self.suffix
            let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
            guard descriptor < 0 || flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                close(descriptor)
                return nil
            }
            self.descriptor = descriptor
        }

        /// Once the catalog is marked complete: no open locks it again
        /// (it opens from the cache), so the lock file can go.
        public func removeFile() { unlink(path) }

        deinit { if descriptor >= 0 { close(descriptor) } }
    }

    /// `<32 hex digits>.sqlite`: only what this type named.
    static func isCatalogName(_ name: String) -> Bool {
        guard name.hasSuffix(".sqlite") else { return false }
        let key = name.dropLast(".sqlite".count)
        return key.count == 32 && key.allSatisfy(\.isHexDigit)
    }

    /// The key under which a catalog remembers what it was read from.
    static let sourceKey = "openedFrom"

    /// Writes into `catalog` what it was read from, for `quakes-tui cache`.
    public static func recordSource(_ source: String, in catalog: QuakeCatalog) throws {
        try CatalogError.wrappingErrors(path: catalog.path, operation: .write) {
            try catalog.dbWriter.write { db in
                try db.execute(sql: "INSERT OR REPLACE INTO catalogInfo(key, value) VALUES (?, ?)",
                               arguments: [sourceKey, source])
            }
        }
    }

    /// What the catalog says it was read from; nil if it cannot be read.
    static func source(ofCatalog file: String) -> String? {
        info(sourceKey, ofCatalog: file)
    }

    /// The key set once every quake of the sources is in: a catalog
    /// without it was left by a read that did not end, and is read again.
    static let completeKey = "readComplete"

    /// Marks the catalog as holding all its sources hold, in the
    /// transaction of `db`: a streaming read's last (`StreamingImport.finishing`),
    /// so that the mark lands with the last rows, before anything else may write.
    public static func markComplete(_ db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO catalogInfo(key, value) VALUES (?, 'yes')", arguments: [completeKey])
    }

    /// Whether the catalog at `file` was read to its end (`markComplete`).
    public static func isComplete(catalogAt file: String) -> Bool {
        info(completeKey, ofCatalog: file) == "yes"
    }

    private static func info(_ key: String, ofCatalog file: String) -> String? {
        // A reading connection leaves no `-wal` or `-shm` behind, and writes nothing.
        guard let queue = try? CatalogLocation(checking: file).readingConnection() else { return nil }
        return try? queue.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM catalogInfo WHERE key = ?", arguments: [key])
        }
    }
}

/// The cache folder cannot be used: one line naming it.
public struct CacheError: Error, CustomStringConvertible {
    public let description: String
    /// What failed underneath, if anything.
    public let cause: (any Error)?
    public init(_ description: String, cause: (any Error)? = nil) {
        self.description = description
        self.cause = cause
    }
}
