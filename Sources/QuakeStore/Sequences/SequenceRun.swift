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
    /// An import changed the quakes since: the method runs again after the
    /// import's commit (`QuakeCatalog.runWaitingDeclusterings`).
    public var isWaiting: Bool

    public init(method: String, settings: String, scope: SequenceScope, ranAt: Date, quakes: Int, clusters: Int, isCurrent: Bool,
                isWaiting: Bool = false) {
        self.method = method; self.settings = settings; self.scope = scope
        self.ranAt = ranAt; self.quakes = quakes; self.clusters = clusters; self.isCurrent = isCurrent; self.isWaiting = isWaiting
    }

    /// Every method run on the catalog, the current first; empty on a
    /// catalog never declustered (or not yet upgraded).
    static func all(_ db: Database) throws -> [SequenceRun] {
        guard try db.tableExists("sequenceRun") else { return [] }
        return try Row.fetchAll(db, sql: "SELECT * FROM sequenceRun ORDER BY isCurrent DESC, method").map {
            SequenceRun(method: $0["method"], settings: $0["settings"],
                        scope: try SequenceScope(text: $0["scope"], sql: $0["scopeSQL"], argumentsJSON: $0["scopeArguments"]),
                        ranAt: Date(epochMilliseconds: $0["ranAt"]), quakes: $0["quakes"], clusters: $0["clusters"],
                        isCurrent: $0["isCurrent"] as Int == 1, isWaiting: $0["isWaiting"] as Int == 1)
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
        // through it. Plain INSERT: the method's rows were deleted above.
        let byId = ByteOrder.sortedIndices(ids)
        let mainshocks = result.mainshock, clusterNumbers = result.cluster, roles = result.role, times = selection.columns.times
        try BatchInsert.insert("INSERT INTO sequence (quakeId, method, cluster, role, mainshock, sectionRank, quakeTime)",
                               columns: 7, rows: byId.count, db) { row, binder in
            let i = byId[row], mainshock = mainshocks[i]
            try binder.bind(ids[i]); try binder.bind(method); try binder.bind(Int64(clusterNumbers[i]))
            try binder.bind(roles[i].rawValue); try binder.bind(ids[mainshock]); try binder.bind(Int64(rank[mainshock]))
            try binder.bind(Int64((times[i] * 1000).rounded()))
        }
        var rows = ids.count
        if try QuakeCatalog.keptQuakeCount(db) != ids.count { rows += try SequenceTable.addUnplacedRows(method: method, db) }
        // A helper thread for SQLite's sorter: 2.8 → 2.1 s at 1,000,000 verdicts.
        try db.execute(sql: "PRAGMA threads = 2")
        defer { try? db.execute(sql: "PRAGMA threads = 0") }
        try db.execute(sql: SequenceTable.sectionIndexSQL + SequenceTable.sectionClusterIndexSQL)
        if isCurrent { try db.execute(sql: "UPDATE sequenceRun SET isCurrent = 0 WHERE isCurrent = 1") }
        try db.execute(sql: """
            INSERT OR REPLACE INTO sequenceRun (method, settings, scope, scopeSQL, scopeArguments, ranAt, quakes, clusters,
                                                isCurrent, rows, isWaiting)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
            """, arguments: [method, settings, scope.text, scope.sql, scope.argumentsJSON, ranAt.epochMilliseconds,
                             quakes, clusters, isCurrent ? 1 : 0, rows])
        return rows
    }

    /// Keeps each sequence's title, count and cluster, ranked in the
    /// titles' byte order (SQLite's): returns the rank of each quake that
    /// is a mainshock, by its index in the selection (0 for the others).
    /// The titles are made in SQL from the mainshocks' rows, read in the
    /// table's order through a temporary table of their rowids, and ranked
    /// here: made one statement at a time from Swift, by id, a million
    /// quakes' 156,000 titles took 1.7 s; ranked in SQL by a window
    /// function into another temporary table, 1.6–2.0 s in all.
    private func writeSections(_ result: Declustering, selection: SequenceSelection, _ db: Database) throws -> [Int] {
        var members = [Int](repeating: 0, count: selection.count)
        for mainshock in result.mainshock { members[mainshock] += 1 }
        // In the rowids' order: appended to the temporary table, not
        // scattered through it (0.55 s for 156,000 mainshocks in time order).
        let mainshocks = members.indices.filter { members[$0] > 0 }.sorted { selection.rowids[$0] < selection.rowids[$1] }
        try db.execute(sql: "CREATE TEMP TABLE sectionMainshock (quakeRow INTEGER PRIMARY KEY, position INTEGER NOT NULL)")
        defer { try? db.execute(sql: "DROP TABLE temp.sectionMainshock") }
        try BatchInsert.insert("INSERT INTO sectionMainshock (quakeRow, position)", columns: 2, rows: mainshocks.count, db) { row, binder in
            try binder.bind(selection.rowids[mainshocks[row]]); try binder.bind(Int64(mainshocks[row]))
        }
        var positions: [Int] = [], titles: [String] = []
        positions.reserveCapacity(mainshocks.count); titles.reserveCapacity(mainshocks.count)
        let read = try db.makeStatement(sql: """
            SELECT t.position, \(SequenceTable.titleSQL(of: "m", id: "m.id")) FROM sectionMainshock AS t CROSS JOIN quake AS m ON m.rowid = t.quakeRow
            """)
        try StatementRows(read) { _ in }.forEach { row in
            positions.append(Int(row.int64(0))); titles.append(row.text(1))
            return true
        }
        let order = ByteOrder.sortedIndices(titles)
        var rank = [Int](repeating: 0, count: selection.count)
        try BatchInsert.insert("INSERT INTO sequenceSection (method, rank, title, quakes, cluster)", columns: 5,
                               rows: order.count, db) { place, binder in
            let index = order[place], position = positions[index]
            let sectionRank = Int64(place + 1) * GardnerKnopoffIncrement.rankSpacing
            rank[position] = Int(sectionRank)
            try binder.bind(method); try binder.bind(sectionRank); try binder.bind(titles[index])
            try binder.bind(Int64(members[position])); try binder.bind(Int64(result.cluster[position]))
        }
        return rank
    }
}
