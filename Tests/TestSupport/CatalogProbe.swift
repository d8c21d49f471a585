import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Looks at a catalog file from outside, the way a user's `sqlite3` would:
/// through a plain connection of its own, opened and closed per question,
/// so a catalog another process left behind (killed mid-write, a WAL to
/// recover) is seen exactly as the next run of quakes-tui will see it.
public enum CatalogProbe {
    private static func read<T>(_ path: String, _ body: (Database) throws -> T) throws -> T {
        try connection(path).read(body)
    }

    /// A plain connection that waits for a writer's lock (a WAL recovered
    /// by the catalog's own opening, say) rather than failing at once.
    private static func connection(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    /// Runs `sql` on the file through a plain connection: to make a file
    /// that is not ours, or a catalog as another version would have left it.
    public static func execute(_ path: String, _ sql: String) throws {
        try connection(path).write { db in try db.execute(sql: sql) }
    }

    /// `PRAGMA integrity_check`'s lines: `["ok"]` for a sound file.
    public static func integrityCheck(_ path: String) throws -> [String] {
        try read(path) { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    /// How many quakes are stored, or how many meet the SQL `condition`.
    public static func count(_ path: String, where condition: String = "1") throws -> Int {
        try read(path) { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM quake WHERE \(condition)") ?? -1 }
    }

    /// Every stored quake id, sorted.
    public static func ids(_ path: String) throws -> [String] {
        try read(path) { db in try String.fetchAll(db, sql: "SELECT id FROM quake ORDER BY id") }
    }

    /// Every stored quake, every column, in id order.
    public static func rows(_ path: String) throws -> [[DatabaseValue]] {
        try read(path) { db in try Row.fetchAll(db, sql: "SELECT * FROM quake ORDER BY id").map { Array($0.databaseValues) } }
    }

    /// The first column of every row `sql` selects, as text.
    public static func column(_ path: String, _ sql: String) throws -> [String] {
        try read(path) { db in try String.fetchAll(db, sql: sql) }
    }

    /// The schema's tables, indexes and triggers (`index quake_time`…),
    /// sorted: a bulk import drops and rebuilds indexes and triggers inside
    /// its transaction, so a crash must leave them all.
    public static func schemaObjects(_ path: String) throws -> [String] {
        try read(path) { db in
            try String.fetchAll(db, sql: "SELECT type || ' ' || name FROM sqlite_master ORDER BY type, name")
        }
    }

    /// The per-day and per-place counts the triggers keep, summed: both equal
    /// the number of quakes in a consistent catalog.
    public static func keptCounts(_ path: String) throws -> (days: Int, places: Int) {
        try read(path) { db in
            (try Int.fetchOne(db, sql: "SELECT coalesce(sum(quakes), 0) FROM quakeDay") ?? -1,
             try Int.fetchOne(db, sql: "SELECT coalesce(sum(quakes), 0) FROM quakePlace") ?? -1)
        }
    }

    /// The process holding SQLite's WAL write lock on the catalog (byte 120
    /// of the `-shm` file, a POSIX record lock), or nil when no one writes.
    /// Asked with F_GETLK, which takes no lock. Do not call it while this
    /// process has a connection open to the same catalog: closing any
    /// descriptor of a file drops the process's POSIX locks on it.
    public static func walWriter(_ path: String) -> pid_t? {
        let fd = open(path + "-shm", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = 120
        lock.l_len = 1
        guard fcntl(fd, F_GETLK, &lock) == 0, lock.l_type != Int16(F_UNLCK) else { return nil }
        return lock.l_pid
    }

    /// Waits until `writer` has held the catalog's write lock for `held`
    /// seconds without a break: it is inside a long write transaction, not
    /// opening the catalog. Returns false if that did not happen within
    /// `timeout`, or the writer ended.
    public static func waitForWriteTransaction(_ path: String, by writer: ChildProcess, held: TimeInterval,
                                               timeout: TimeInterval = 60) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var since: Date?
        while Date() < deadline && writer.isRunning {
            if walWriter(path) == writer.pid {
                let start = since ?? Date()
                since = start
                if Date().timeIntervalSince(start) >= held { return true }
            } else {
                since = nil
            }
            usleep(10_000)
        }
        return false
    }
}
