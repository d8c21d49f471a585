import Foundation
import GRDB
import QuakeStore

/// Which quakes newly match a predicate as imports change the catalog:
/// `quakes-tui watch` and the browser's `--alert`.
///
/// `begin()` remembers the ids that match now (one query, the only read of
/// every match) and a change mark, the newest `changedAt` in the same read.
/// `check()` reads only the rows changed at or after the mark (a range on
/// the `quake_changedAt` index, the predicate's WHERE computed as a column
/// of the same read) and returns, oldest first, the quakes that match now
/// and did not match before: new since `begin()`, or matching after a
/// revision. A changed row that no longer matches is forgotten, so a later
/// revision that matches again alerts again.
///
/// An event gathering several services' reports alerts once: a second
/// service's report joining it changes its row, which matched before; when
/// that report becomes the preferred origin the row takes its id, and the
/// event is known by its other origins' ids. It alerts again only when its
/// preferred magnitude grows by `upgrade` (0.5) or more over the one it
/// alerted with: a larger quake than announced. Other revisions (a moved
/// epicentre, a smaller magnitude, another agency's time) do not alert.
///
/// Imports stamp every row they insert or change with their clock, taken
/// once they hold the write lock, so a later commit's stamp is never older
/// than an earlier one's, but may be the same millisecond. The rows of the
/// mark's millisecond are therefore read again by the next check: whether
/// a quake alerts depends only on whether it matches now and matched
/// before, so reading a row twice never alerts twice, and a row another
/// commit wrote in that same millisecond is not missed. Those rows are
/// read again only when their number changed since the last look (an
/// index count): a million rows of one import carry the same mark, and
/// reading them all at each check would cost a second a check.
public struct AlertMatcher: Sendable {
    public let catalog: QuakeCatalog
    public let predicate: QuakePredicate?
    /// The newest change seen, epoch milliseconds (`changedAt`).
    public private(set) var mark: Int64 = 0
    /// How many rows carried the mark at the last look.
    private var rowsAtMark = 0
    /// The ids that matched at the last look, with the magnitude each alerted with.
    private var matching: [String: Double?] = [:]
    /// How much larger a matching event's magnitude must grow to alert again.
    public static let upgrade = 0.5
    private var begun = false

    /// Fetched in batches: SQLite binds at most 32,766 arguments.
    static let batchSize = 500

    public init(catalog: QuakeCatalog, predicate: QuakePredicate?) {
        self.catalog = catalog
        self.predicate = predicate
    }

    /// How many quakes match now (after `begin()` or a `check()`), deleted ones included.
    public var matchingCount: Int { matching.count }

    /// Remembers what matches now and the change mark: one read.
    public mutating func begin() throws {
        let (whereSQL, arguments) = whereClause
        let result = try read { db -> ([String: Double?], Int64, Int) in
            let mark = try Int64.fetchOne(db, sql: "SELECT coalesce(max(changedAt), 0) FROM \(QuakeField.table)") ?? 0
            var ids: [String: Double?] = [:]
            let cursor = try Row.fetchCursor(db, sql: "SELECT id, magnitude FROM \(QuakeField.table) WHERE \(whereSQL)",
                                             arguments: arguments)
            while let row = try cursor.next() { ids[row[0]] = .some(row[1]) }
            return (ids, mark, try Self.rows(at: mark, db))
        }
        (matching, mark, rowsAtMark) = result
        begun = true
    }

    /// The quakes that match now and did not at the last look, in time
    /// order (then id); `begin()` first if it was not called.
    public mutating func check() throws -> [Quake] {
        if !begun { try begin(); return [] }
        let (whereSQL, arguments) = whereClause
        let (since, seenAtMark) = (mark, rowsAtMark)
        let known = matching
        let (fresh, gone, newMark, newRowsAtMark) = try read { db -> ([Quake], [String: String?], Int64, Int) in
            let rereadMark = try Self.rows(at: since, db) != seenAtMark
            let rows = try Row.fetchCursor(db, sql: """
                SELECT id, changedAt, (\(whereSQL)), magnitude FROM \(QuakeField.table)
                WHERE changedAt \(rereadMark ? ">=" : ">") ?
                """, arguments: arguments + [since])
            var newIDs: [String] = []
            // Forgotten ids, each with the id its event is known by now (a re-keyed event), if any.
            var gone: [String: String?] = [:]
            var (newMark, atNewMark) = (since, rereadMark ? 0 : seenAtMark)
            while let row = try rows.next() {
                let id: String = row[0]
                let changedAt: Int64 = row[1]
                if changedAt > newMark { (newMark, atNewMark) = (changedAt, 1) } else if changedAt == newMark { atNewMark += 1 }
                let matches = (row[2] as Int64?).map { $0 != 0 } ?? false
                let magnitude: Double? = row[3]
                if matches, let alerted = known[id] {
                    if Self.grew(magnitude, from: alerted) { newIDs.append(id) }
                } else if matches, let former = try Self.knownOrigin(of: id, among: known, db) {
                    gone[former] = .some(id)
                    if Self.grew(magnitude, from: known[former] ?? nil) { newIDs.append(id) }
                } else if matches {
                    newIDs.append(id)
                }
                if !matches && known[id] != nil { gone[id] = .some(nil) }
            }
            var quakes: [Quake] = []
            var start = 0
            while start < newIDs.count {
                let batch = Array(newIDs[start..<min(start + Self.batchSize, newIDs.count)])
                quakes += try Quake.fetchAll(db, sql: """
                    SELECT * FROM \(QuakeField.table) WHERE id IN (\(batch.map { _ in "?" }.joined(separator: ",")))
                    """, arguments: StatementArguments(batch))
                start += Self.batchSize
            }
            return (quakes, gone, newMark, atNewMark)
        }
        for (id, successor) in gone {
            let alerted = matching.removeValue(forKey: id)
            if let successor, let alerted { matching[successor] = alerted }
        }
        for quake in fresh { matching[quake.id] = .some(quake.magnitude) }
        (mark, rowsAtMark) = (newMark, newRowsAtMark)
        return fresh.sorted { ($0.time, $0.id) < ($1.time, $1.id) }
    }

    /// Whether `magnitude` is an upgrade worth a second alert over `alerted`.
    private static func grew(_ magnitude: Double?, from alerted: Double?) -> Bool {
        guard let magnitude, let alerted else { return false }
        return magnitude >= alerted + upgrade - 1e-9
    }

    /// For an event of several origins, the id of one of its origins that
    /// alerted before: the event was known under that id.
    private static func knownOrigin(of event: String, among known: [String: Double?], _ db: Database) throws -> String? {
        guard try db.tableExists("origin") else { return nil }   // a catalog not yet upgraded (read-only)
        let ids = try String.fetchAll(db.cachedStatement(sql: "SELECT id FROM origin WHERE eventId = ? ORDER BY id"),
                                      arguments: [event])
        return ids.first { known[$0] != nil }
    }

    /// Rows stamped `mark`: an index count.
    private static func rows(at mark: Int64, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM \(QuakeField.table) WHERE changedAt = ?", arguments: [mark]) ?? 0
    }

    private var whereClause: (String, StatementArguments) {
        predicate.map { $0.sql } ?? ("1", StatementArguments())
    }

    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try catalog.dbWriter.read(body) } catch {
            throw CatalogError.reading(error, path: catalog.path)
        }
    }
}
