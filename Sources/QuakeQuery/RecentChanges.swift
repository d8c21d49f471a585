import Foundation
import GRDB
import QuakeStore

/// Where a quake is, in degrees.
public struct Epicentre: Sendable, Hashable {
    public let latitude: Double
    public let longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude; self.longitude = longitude
    }
}

/// A row an import changed lately: when, and when it was first stored, so
/// that a new quake is told from one whose report changed.
public struct QuakeChange: Sendable, Hashable {
    public let changedAt: Date
    /// Nil for a row stored before the catalog kept it, or an event row
    /// remade from one of its origins: known before, not new.
    public let addedAt: Date?

    public init(changedAt: Date, addedAt: Date? = nil) {
        self.changedAt = changedAt; self.addedAt = addedAt
    }

    /// Whether the row was first stored after `moment` (else it was there,
    /// and changed).
    public func isAddition(after moment: Date) -> Bool { addedAt.map { $0 > moment } ?? false }
}

/// The rows imports changed lately, as each complete snapshot reports them:
/// when each changed and was added (the table's marks) and, for those the
/// configuration selects, where (the map marks their cells).
struct RecentChanges {
    var times: [String: QuakeChange] = [:]
    var epicentres: [String: Epicentre] = [:]

    /// At most this many rows are read, the newest first: a large import
    /// changes every row at once, no screen shows more marks than this, and
    /// a quake pushed after it must still be among them.
    static let limit = ResultsPage.recentChangesLimit
    private static let index = Schema.changesIndex

    /// One read of a range on the quake_changedAt index (the rows changed
    /// after `since`, a few), with whether the plan selects each computed
    /// as a column: the map's marks cost no second query, and stay those of
    /// this snapshot's configuration.
    /// Until a large import has built the index again (`Schema.deferredIndexes`),
    /// there are none: never a read of every row.
    static func read(since: Date, plan: QueryPlan, _ db: Database) throws -> RecentChanges {
        let sql = """
            SELECT id, changedAt, latitude, longitude, (\(plan.whereSQL)), addedAt FROM \(QuakeField.table)
            INDEXED BY \(index) WHERE changedAt > ? ORDER BY changedAt DESC LIMIT \(limit)
            """
        let rows: RowCursor
        do {
            rows = try Row.fetchCursor(db, sql: sql, arguments: plan.arguments + [since.epochMilliseconds])
        } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR && error.message == "no such index: \(index)" {
            return RecentChanges()
        }
        var changes = RecentChanges()
        while let row = try rows.next() {
            let id: String = row[0]
            changes.times[id] = QuakeChange(changedAt: Date(epochMilliseconds: row[1]),
                                            addedAt: (row[5] as Int64?).map(Date.init(epochMilliseconds:)))
            if (row[4] as Int64?).map({ $0 != 0 }) == true {
                changes.epicentres[id] = Epicentre(latitude: row[2], longitude: row[3])
            }
        }
        return changes
    }
}
