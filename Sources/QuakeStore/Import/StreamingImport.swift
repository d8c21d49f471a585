import Foundation
import GRDB
import Synchronization

/// An import that commits as it reads, so that a browser on the same
/// catalog shows the quakes read so far (`quakes-tui FILE`): the first
/// commit after `firstCommitRows` rows (the first screen), then one every
/// `commitInterval`. Meant for a catalog that holds nothing yet (a cache
/// catalog): its count triggers and most indexes are dropped for the read
/// (a bulk load), so a read that does not end leaves a catalog that is
/// only for throwing away; the caller marks it complete once the import
/// returns. Each commit adds what its rows add to the stored counts, so
/// the count, the map and the charts between commits are those of the rows
/// read. A commit costs more as the catalog grows (its counts' upserts, the
/// index pages it writes to the WAL): the interval grows to ten times what
/// the last commit took, so that showing the rows takes at most about a
/// tenth of the read (measured at 1,000,000 rows: 0.5 s apart, commits took
/// 3.1 of 13 s, 0.08–0.2 s each).
public struct StreamingImport: Sendable {
    public var firstCommitRows: Int
    /// The shortest time between two commits.
    public var commitInterval: Duration
    /// Asked before each row: true ends the read with `ImportStopped`
    /// (the rows committed so far stay).
    public var shouldStop: @Sendable () -> Bool
    /// Written in the last transaction, with the last rows (the cache's
    /// mark that the read is complete), when the import ends well.
    public var finishing: (@Sendable (Database) throws -> Void)?

    public init(firstCommitRows: Int = 1_000, commitInterval: Duration = .milliseconds(500),
                shouldStop: @escaping @Sendable () -> Bool = { false },
                finishing: (@Sendable (Database) throws -> Void)? = nil) {
        self.firstCommitRows = firstCommitRows
        self.commitInterval = commitInterval
        self.shouldStop = shouldStop
        self.finishing = finishing
    }
}

/// How far a read is: quakes read, and bytes, when the reader tells them.
public struct ImportProgress: Sendable, Equatable {
    public var rows: Int
    /// Nil while the reader has not said.
    public var bytesRead: Int?
    public var totalBytes: Int

    public init(rows: Int, bytesRead: Int?, totalBytes: Int) {
        self.rows = rows
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
    }

    /// The share of the bytes read, 0…1, when known.
    public var fraction: Double? {
        guard let bytesRead, totalBytes > 0 else { return nil }
        return min(1, Double(bytesRead) / Double(totalBytes))
    }

    /// How many quakes the whole input holds, estimated from the rows per
    /// byte read so far; nil when the bytes read are not known.
    public var estimatedRows: Int? {
        guard let fraction, fraction > 0 else { return nil }
        return max(rows, Int((Double(rows) / fraction).rounded()))
    }
}

/// A streaming import was stopped (`StreamingImport.shouldStop`).
public struct ImportStopped: Error, CustomStringConvertible {
    public var description: String { "the read was stopped before its end" }
}

/// The commits of one streaming import, on the writer's connection: a
/// transaction is open between them. A commit that is due is asked of the
/// reader (`request`), and made after the row that brings the counts of
/// the rows read since the last one (`commit(counts:)`).
final class StreamingCommits {
    private let db: Database
    private let options: StreamingImport
    private var rowsSinceCommit = 0
    private var lastCommit = ContinuousClock.now
    /// What the last commit took, its counts' upserts included.
    private var lastCommitCost = Duration.zero
    private var committedOnce = false
    /// Set once the bulk load began: each commit inserts the upserter's
    /// batch, then adds the rows' counts.
    var counting: (bulk: BulkLoad, upserter: Upserter)?
    /// Asks the reader for the counts to commit with.
    let request = CommitRequest()
    /// A commit was asked for and not yet made.
    private var asked = false

    /// The aliases' foreign key is not enforced during this load (see
    /// `run`): the upserter may then insert without the id index.
    let relaxesForeignKeys: Bool

    private init(db: Database, options: StreamingImport, relaxesForeignKeys: Bool) {
        self.db = db
        self.options = options
        self.relaxesForeignKeys = relaxesForeignKeys
    }

    /// Runs `body` in a transaction that `rowTaken` commits and begins
    /// again when a commit is due; commits at the end, rolls back the open
    /// transaction on a failure (what was committed stays).
    static func run<T>(_ writer: any DatabaseWriter, _ options: StreamingImport,
                       _ body: (Database, StreamingCommits) throws -> T) throws -> T {
        try BulkLoad.restoringCheckpoints(writer) {
            try writer.writeWithoutTransaction { db in
                // Into an empty catalog, the load inserts without the id
                // index and several rows a statement (`Upserter`, `IDIndex`,
                // `InsertBatch`); SQLite refuses such a statement while the
                // aliases' foreign key, which needs that index, is enforced.
                // Nothing the load does leans on it: every quake it deletes
                // has its aliases moved first. Enforced again after.
                let relaxingForeignKeys = try Upserter.catalogIsEmpty(db)
                    && Bool.fetchOne(db, sql: "PRAGMA foreign_keys") == true
                if relaxingForeignKeys { try db.execute(sql: "PRAGMA foreign_keys = OFF") }
                defer { if relaxingForeignKeys { try? db.execute(sql: "PRAGMA foreign_keys = ON") } }
                let commits = StreamingCommits(db: db, options: options, relaxesForeignKeys: relaxingForeignKeys)
                try db.beginTransaction(.immediate)
                do {
                    let result = try body(db, commits)
                    try options.finishing?(db)
                    try db.commit()
                    return result
                } catch {
                    if db.isInsideTransaction { try? db.rollback() }
                    // The commits' rows stay: they were loaded without the
                    // id index, which every later write needs (`IDIndex`).
                    try? IDIndex.ensure(db)
                    throw error
                }
            }
        }
    }

    /// The rows the reader lets through before the first commit (the first screen).
    var firstCommitRows: Int { options.firstCommitRows }

    /// After each row: stops when asked, asks the reader for a commit when
    /// due (the first is the reader's own, at `firstCommitRows`).
    func rowTaken() throws {
        if options.shouldStop() { throw ImportStopped() }
        rowsSinceCommit += 1
        let due = committedOnce && rowsSinceCommit % 256 == 0
            && ContinuousClock.now - lastCommit >= max(options.commitInterval, lastCommitCost * 10)
        // Asked once: the reader answers on its next row, rows later.
        if due && !asked {
            request.ask()
            asked = true
        }
    }

    /// Commits the rows taken so far, with `counts`: the reader's counts of
    /// the rows read since the last commit.
    func commit(counts: InsertedCounts?) throws {
        let start = ContinuousClock.now
        try counting?.upserter.flushInserts()   // the batch's rows are in what is committed
        if let counting, let counts = counting.upserter.exactCounts(counts) { try counting.bulk.add(counts) }
        try db.commit()
        counting?.upserter.transactionEnded()
        try db.beginTransaction(.immediate)
        committedOnce = true
        asked = false
        rowsSinceCommit = 0
        lastCommit = .now
        lastCommitCost = lastCommit - start
    }
}

/// The offset a reader has read to, told from its thread and read from the importer's.
final class ReadOffset: Sendable {
    private let value = Mutex<Int?>(nil)
    func set(_ offset: Int) { value.withLock { $0 = offset } }
    var current: Int? { value.withLock { $0 } }
}
