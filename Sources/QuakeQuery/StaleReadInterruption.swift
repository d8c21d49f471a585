import GRDB
import GRDBSQLite
import QuakeStore

/// Abandons a read whose results nobody will see. A fetch runs on the
/// controller's one queue; a slow part of it (counting where the followed
/// quake sits in a new order walks millions of index entries at 5,000,000
/// rows: half a second) would hold up the next keystroke's fetch queued
/// behind it. SQLite calls a progress handler every few thousand virtual
/// machine steps; when the configuration has moved on, the handler stops
/// the statement, and the read ends with nothing instead of an error.
enum StaleReadInterruption {
    private final class Check {
        let isStale: () -> Bool
        init(_ isStale: @escaping () -> Bool) { self.isStale = isStale }
    }

    /// SQLite steps between two looks: about 0.1 ms of work here.
    static let stepsBetweenChecks: Int32 = 4096

    /// Runs `body`, or returns nil when `isStale` turned true while it ran
    /// (its statement interrupted). Other errors are thrown as they are.
    static func run<T>(_ db: Database, abandonWhen isStale: @escaping () -> Bool, _ body: () throws -> T) throws -> T? {
        guard let connection = db.sqliteConnection else { return try body() }
        let check = Unmanaged.passRetained(Check(isStale))
        sqlite3_progress_handler(connection, stepsBetweenChecks, { context in
            guard let context else { return 0 }
            return Unmanaged<Check>.fromOpaque(context).takeUnretainedValue().isStale() ? 1 : 0
        }, check.toOpaque())
        defer {
            sqlite3_progress_handler(connection, 0, nil, nil)
            check.release()
        }
        do {
            // One call of a SQL function is one step: a regular expression
            // match looks for itself (`RegexInterruption`).
            return try RegexInterruption.run(whenStale: isStale, body)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT && isStale() {
            return nil
        }
    }

    /// `run` inside a read of `reader`.
    static func read<T>(_ reader: any DatabaseReader, abandonWhen isStale: @escaping () -> Bool,
                        _ body: (Database) throws -> T) throws -> T? {
        try reader.read { db in try run(db, abandonWhen: isStale) { try body(db) } }
    }
}
