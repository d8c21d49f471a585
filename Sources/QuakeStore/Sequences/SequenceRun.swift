import Foundation
import GRDB
import GRDBSQLite
import QuakeSeismology

/// One declustering method's run, as `sequenceRun` keeps it.
public struct SequenceRun: Sendable, Equatable {
    /// `gk`, `gk-gruenthal`, `gk-uhrhammer`, `reasenberg` (`DeclusterAlgorithm.named`).
    public var method: String
    /// The method's parameters as a user reads them.
    public var settings: String
    /// The selection it read.
    public var scope: SequenceScope
    public var ranAt: Date
    public var quakes: Int
    public var clusters: Int
    public var isCurrent: Bool

    public init(method: String, settings: String, scope: SequenceScope, ranAt: Date, quakes: Int, clusters: Int, isCurrent: Bool) {
        self.method = method; self.settings = settings; self.scope = scope
        self.ranAt = ranAt; self.quakes = quakes; self.clusters = clusters; self.isCurrent = isCurrent
    }

    /// Every method run on the catalog, the current first; empty on a
    /// catalog never declustered (or not yet upgraded).
    static func all(_ db: Database) throws -> [SequenceRun] {
        guard try db.tableExists("sequenceRun") else { return [] }
        return try Row.fetchAll(db, sql: "SELECT * FROM sequenceRun ORDER BY isCurrent DESC, method").map {
            SequenceRun(method: $0["method"], settings: $0["settings"],
                        scope: try SequenceScope(text: $0["scope"], sql: $0["scopeSQL"], argumentsJSON: $0["scopeArguments"]),
                        ranAt: Date(epochMilliseconds: $0["ranAt"]), quakes: $0["quakes"], clusters: $0["clusters"],
                        isCurrent: $0["isCurrent"] as Int == 1)
        }
    }

    /// Replaces this method's results with `result` (index i: the quake
    /// `selection.ids[i]`) and keeps the run, current when `isCurrent`.
    /// Every other quake of the catalog gets a row with no verdict, and
    /// each row its section's rank and its time (see `SequenceTable`).
    @discardableResult
    func write(_ result: Declustering, selection: SequenceSelection, _ db: Database) throws -> Int {
        let ids = selection.ids
        precondition(ids.count == result.count, "one id per declustered quake")
        try db.execute(sql: SequenceTable.dropIndexesSQL)
        // The only method's rows go all at once (SQLite drops the table's
        // pages instead of deleting 1,000,000 rows one by one: 0.7 s).
        let others = try Int.fetchOne(db, sql: "SELECT count(*) FROM sequenceRun WHERE method <> ?", arguments: [method]) ?? 0
        for table in ["sequence", "sequenceSection"] {
            if others == 0 { try db.execute(sql: "DELETE FROM \(table)") }
            else { try db.execute(sql: "DELETE FROM \(table) WHERE method = ?", arguments: [method]) }
        }
        let rank = try writeSections(result, selection: selection, db)
        // In the key's order: appended to the table's B-tree, not scattered
        // through it; `rowsPerInsert` rows a statement, bound in place
        // (`ParameterBinder`; boxed into arguments, a million rows took
        // 0.6 s more). Plain INSERT: the method's rows were deleted above.
        let byId = ids.indices.sorted(by: { ids[$0] < ids[$1] })
        let full = try Self.insertStatement(rows: Self.rowsPerInsert, db)
        var start = 0
        while start < byId.count {
            let count = min(Self.rowsPerInsert, byId.count - start)
            let insert = count == Self.rowsPerInsert ? full : try Self.insertStatement(rows: count, db)
            sqlite3_reset(insert.sqliteStatement)
            var binder = ParameterBinder(insert)
            for i in byId[start..<start + count] {
                let mainshock = result.mainshock[i]
                try binder.bind(ids[i]); try binder.bind(method); try binder.bind(Int64(result.cluster[i]))
                try binder.bind(result.role[i].rawValue); try binder.bind(ids[mainshock]); try binder.bind(Int64(rank[mainshock]))
                try binder.bind(Int64((selection.columns.times[i] * 1000).rounded()))
            }
            try insert.stepToDone()
            start += count
        }
        var rows = ids.count
        if try QuakeCatalog.keptQuakeCount(db) != ids.count { rows += try SequenceTable.addUnplacedRows(method: method, db) }
        try db.execute(sql: SequenceTable.indexesSQL + SequenceTable.sectionIndexSQL)
        if isCurrent { try db.execute(sql: "UPDATE sequenceRun SET isCurrent = 0 WHERE isCurrent = 1") }
        try db.execute(sql: """
            INSERT OR REPLACE INTO sequenceRun (method, settings, scope, scopeSQL, scopeArguments, ranAt, quakes, clusters,
                                                isCurrent, rows)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [method, settings, scope.text, scope.sql, scope.argumentsJSON, ranAt.epochMilliseconds,
                             quakes, clusters, isCurrent ? 1 : 0, rows])
        return rows
    }

    /// Verdicts written a statement: one statement a row spent as long
    /// stepping and resetting as inserting.
    static let rowsPerInsert = 64

    /// INSERT of `rows` verdicts, their parameters numbered from ?1 row by row.
    private static func insertStatement(rows: Int, _ db: Database) throws -> Statement {
        let values = (0..<rows).map { row in "(" + (1...7).map { "?\(row * 7 + $0)" }.joined(separator: ", ") + ")" }
        let statement = try db.makeStatement(sql: """
            INSERT INTO sequence (quakeId, method, cluster, role, mainshock, sectionRank, quakeTime) VALUES \(values.joined(separator: ", "))
            """)
        statement.setUncheckedArguments(StatementArguments())   // the bindings are ours, as the upserter's
        return statement
    }

    /// Keeps each sequence's title and count, ranked in the titles' byte
    /// order (SQLite's): returns the rank of each quake that is a mainshock,
    /// by its index in the selection (0 for the others). The titles are
    /// made and ranked in SQL from a temporary table of the mainshocks'
    /// rows, read in the table's order: made one statement at a time from
    /// Swift, by id, a million quakes' 156,000 titles took 1.7 s (1.5 s by
    /// id in SQL, the pages read in no order).
    private func writeSections(_ result: Declustering, selection: SequenceSelection, _ db: Database) throws -> [Int] {
        var members = [Int](repeating: 0, count: selection.count)
        for mainshock in result.mainshock { members[mainshock] += 1 }
        try db.execute(sql: """
            CREATE TEMP TABLE sectionMainshock (quakeRow INTEGER PRIMARY KEY, position INTEGER NOT NULL, quakes INTEGER NOT NULL);
            """)
        defer { try? db.execute(sql: "DROP TABLE temp.sectionMainshock; DROP TABLE IF EXISTS temp.sectionRanked") }
        let insert = try db.makeStatement(sql: "INSERT INTO sectionMainshock VALUES (?, ?, ?)")
        for (position, quakes) in members.enumerated() where quakes > 0 {
            try insert.execute(arguments: [selection.rowids[position], position, quakes])
        }
        try db.execute(sql: """
            CREATE TEMP TABLE sectionRanked AS
                SELECT position, row_number() OVER (ORDER BY title) * \(GardnerKnopoffIncrement.rankSpacing) AS rank, title, quakes
                FROM (SELECT t.position, \(SequenceTable.titleSQL(of: "m", id: "m.id")) AS title, t.quakes
                      FROM sectionMainshock AS t CROSS JOIN quake AS m ON m.rowid = t.quakeRow);
            INSERT INTO sequenceSection (method, rank, title, quakes) SELECT ?, rank, title, quakes FROM sectionRanked ORDER BY rank;
            """, arguments: [method])
        var rank = [Int](repeating: 0, count: selection.count)
        let ranks = try Row.fetchCursor(db, sql: "SELECT position, rank FROM sectionRanked")
        while let row = try ranks.next() { rank[row[0] as Int] = row[1] }
        return rank
    }
}
