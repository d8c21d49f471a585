import Foundation
import GRDB

/// What the catalog remembers of the sources it was fetched from, so that a
/// backfill cut short goes on where it stopped and `sync` knows what to
/// bring up to date: each FDSN query (its service, the query as written, the
/// times it resolved to, its time windows and which are done) and each
/// summary feed. Kept in the catalog, beside the quakes the windows brought,
/// and written in the same transactions: a window is done exactly when its
/// quakes landed.
public struct FetchLedger: Sendable {
    public let catalog: QuakeCatalog

    public init(catalog: QuakeCatalog) { self.catalog = catalog }

    /// One remembered source.
    public struct Source: Sendable, Equatable {
        public enum Kind: String, Sendable { case fdsn, feed }
        public var id: Int64
        public var kind: Kind
        /// A service's name (`usgs`), else its base URL; a feed's URL.
        public var service: String
        /// The query as the user wrote it (canonical, one line): the key a
        /// second run of the same command finds the source by.
        public var request: String
        /// The query's filter parameters as a URL query (`minmagnitude=4&…`),
        /// without the times.
        public var parameters: String
        public var format: String
        /// The backfill's range, in epoch milliseconds; `endsNow` when the
        /// query named no end, so `sync` goes on to the present.
        public var startTime: Int64
        public var endTime: Int64
        public var endsNow: Bool
        /// When every window of the backfill was done; nil while one is not.
        public var backfilledAt: Date?
        /// When the last fetch or sync of it began (`updatedafter` of the next).
        public var syncedAt: Date?
        /// Quakes new or updated through it, all runs together.
        public var events: Int
    }

    /// A time window of a backfill: `[startTime, endTime)` in epoch
    /// milliseconds (the last window also holds its end).
    public struct Window: Sendable, Equatable {
        public var startTime: Int64
        public var endTime: Int64
        public var done: Bool

        public init(startTime: Int64, endTime: Int64, done: Bool = false) {
            self.startTime = startTime; self.endTime = endTime; self.done = done
        }
    }

    /// The tables, created by the catalog's migration v6.
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE fetchSource (
                id INTEGER PRIMARY KEY,
                kind TEXT NOT NULL,
                service TEXT NOT NULL,
                request TEXT NOT NULL,
                parameters TEXT NOT NULL,
                format TEXT NOT NULL,
                startTime INTEGER NOT NULL,
                endTime INTEGER NOT NULL,
                endsNow INTEGER NOT NULL,
                backfilledAt INTEGER,
                syncedAt INTEGER,
                events INTEGER NOT NULL DEFAULT 0,
                UNIQUE (service, request)
            );
            CREATE TABLE fetchWindow (
                source INTEGER NOT NULL REFERENCES fetchSource(id) ON DELETE CASCADE,
                startTime INTEGER NOT NULL,
                endTime INTEGER NOT NULL,
                done INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (source, startTime)
            ) WITHOUT ROWID;
            """)
    }

    /// Every source, oldest first; none when the catalog predates them (a
    /// read-only catalog of an earlier version is not upgraded).
    public func sources() throws -> [Source] {
        try catalog.dbWriter.read { db in
            guard try db.tableExists("fetchSource") else { return [] }
            return try Row.fetchAll(db, sql: "SELECT * FROM fetchSource ORDER BY id").map(Self.source)
        }
    }

    /// The source `request` of `service`, if remembered.
    public func source(service: String, request: String) throws -> Source? {
        try catalog.dbWriter.read { db in
            guard try db.tableExists("fetchSource") else { return nil }
            return try Row.fetchOne(db, sql: "SELECT * FROM fetchSource WHERE service = ? AND request = ?",
                                    arguments: [service, request]).map(Self.source)
        }
    }

    /// Remembers a new backfill of `request` (replacing a finished one of the
    /// same request: its windows start again) with its windows planned.
    public func begin(kind: Source.Kind, service: String, request: String, parameters: String, format: String,
                      startTime: Int64, endTime: Int64, endsNow: Bool, windows: [Window]) throws -> Source {
        try catalog.dbWriter.write { db in
            try db.execute(sql: """
                INSERT INTO fetchSource (kind, service, request, parameters, format, startTime, endTime, endsNow)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (service, request) DO UPDATE SET parameters = excluded.parameters, format = excluded.format,
                    startTime = excluded.startTime, endTime = excluded.endTime, endsNow = excluded.endsNow,
                    backfilledAt = NULL
                """, arguments: [kind.rawValue, service, request, parameters, format, startTime, endTime, endsNow])
            let row = try Row.fetchOne(db, sql: "SELECT * FROM fetchSource WHERE service = ? AND request = ?",
                                       arguments: [service, request])!
            let source = Self.source(row)
            try db.execute(sql: "DELETE FROM fetchWindow WHERE source = ?", arguments: [source.id])
            for window in windows { try Self.insert(window, of: source.id, db) }
            return source
        }
    }

    /// The windows of a source, in time order.
    public func windows(of source: Source) throws -> [Window] {
        try catalog.dbWriter.read { db in
            try Row.fetchAll(db, sql: "SELECT startTime, endTime, done FROM fetchWindow WHERE source = ? ORDER BY startTime",
                             arguments: [source.id]).map { Window(startTime: $0[0], endTime: $0[1], done: $0[2]) }
        }
    }

    /// Replaces a window the service refused as too big by its parts.
    public func split(_ window: Window, of source: Source, into parts: [Window]) throws {
        try catalog.dbWriter.write { db in
            try db.execute(sql: "DELETE FROM fetchWindow WHERE source = ? AND startTime = ?",
                           arguments: [source.id, window.startTime])
            for part in parts { try Self.insert(part, of: source.id, db) }
        }
    }

    /// The time of the newest quake stored in `[start, end]`, if any: where
    /// a sync without `updatedafter` starts looking again (a day before).
    public func newestQuakeTime(from start: Int64, to end: Int64) throws -> Int64? {
        try catalog.dbWriter.read { db in
            try Int64.fetchOne(db, sql: "SELECT max(time) FROM quake WHERE time BETWEEN ? AND ?", arguments: [start, end])
        }
    }

    /// Writes records of an answer that held no quake (HTTP 204): what its
    /// import would have written.
    public func record(_ records: [ImportRecord]) throws {
        try catalog.dbWriter.write { db in
            for record in records { try record.write(db, events: 0) }
        }
    }

    /// Forgets a source and its windows.
    public func remove(_ source: Source) throws {
        try catalog.dbWriter.write { db in
            try db.execute(sql: "DELETE FROM fetchWindow WHERE source = ?", arguments: [source.id])
            try db.execute(sql: "DELETE FROM fetchSource WHERE id = ?", arguments: [source.id])
        }
    }

    private static func insert(_ window: Window, of source: Int64, _ db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO fetchWindow (source, startTime, endTime, done) VALUES (?, ?, ?, ?)",
                       arguments: [source, window.startTime, window.endTime, window.done])
    }

    private static func source(_ row: Row) -> Source {
        Source(id: row["id"], kind: Source.Kind(rawValue: row["kind"]) ?? .fdsn, service: row["service"],
               request: row["request"], parameters: row["parameters"], format: row["format"],
               startTime: row["startTime"], endTime: row["endTime"], endsNow: row["endsNow"],
               backfilledAt: (row["backfilledAt"] as Int64?).map(Date.init(epochMilliseconds:)),
               syncedAt: (row["syncedAt"] as Int64?).map(Date.init(epochMilliseconds:)),
               events: row["events"])
    }
}

/// What an import records in its own transaction besides the quakes, so the
/// catalog says a fetch happened, or a window is done, only if it landed.
public enum ImportRecord: Sendable {
    /// The catalog's last fetch (`fetch`, the browser's refresh).
    case lastFetch(LastFetch)
    /// A backfill window done; the quakes it brought (new + updated) are
    /// added to the source's count.
    case windowDone(source: Int64, startTime: Int64)
    /// The last window of a backfill done: the whole range is in.
    case backfilled(source: Int64, at: Date)
    /// A sync (or a feed's fetch) of a source landed, begun at `at`.
    case synced(source: Int64, at: Date)
    /// A summary feed fetched: remembered as a source for `sync`.
    case feed(url: String, at: Date)

    func write(_ db: Database, events imported: Int) throws {
        switch self {
        case .lastFetch(let fetch):
            try fetch.write(db)
        case .windowDone(let source, let startTime):
            try db.execute(sql: "UPDATE fetchWindow SET done = 1 WHERE source = ? AND startTime = ?",
                           arguments: [source, startTime])
            try db.execute(sql: "UPDATE fetchSource SET events = events + ? WHERE id = ?", arguments: [imported, source])
        case .backfilled(let source, let at):
            try db.execute(sql: "UPDATE fetchSource SET backfilledAt = ?, syncedAt = coalesce(syncedAt, ?) WHERE id = ?",
                           arguments: [at.epochMilliseconds, at.epochMilliseconds, source])
        case .synced(let source, let at):
            try db.execute(sql: "UPDATE fetchSource SET syncedAt = ?, events = events + ? WHERE id = ?",
                           arguments: [at.epochMilliseconds, imported, source])
        case .feed(let url, let at):
            try db.execute(sql: """
                INSERT INTO fetchSource (kind, service, request, parameters, format, startTime, endTime, endsNow,
                                         backfilledAt, syncedAt, events)
                VALUES ('feed', ?, '', '', 'geojson', 0, 0, 1, ?, ?, ?)
                ON CONFLICT (service, request) DO UPDATE SET syncedAt = excluded.syncedAt, events = events + excluded.events
                """, arguments: [url, at.epochMilliseconds, at.epochMilliseconds, imported])
        }
    }
}
