import Foundation
import GRDB
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
        try db.execute(sql: "DELETE FROM sequence WHERE method = ?; DELETE FROM sequenceSection WHERE method = ?",
                       arguments: [method, method])
        let rank = try writeSections(result, ids: ids, db)
        let insert = try db.makeStatement(sql: """
            INSERT OR REPLACE INTO sequence (quakeId, method, cluster, role, mainshock, sectionRank, quakeTime)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        // In the key's order: appended to the table's B-tree, not scattered through it.
        for i in ids.indices.sorted(by: { ids[$0] < ids[$1] }) {
            let mainshock = result.mainshock[i]
            let time = Int64((selection.columns.times[i] * 1000).rounded())
            try insert.execute(arguments: [ids[i], method, result.cluster[i], result.role[i].rawValue, ids[mainshock],
                                           rank[mainshock], time])
        }
        var rows = ids.count
        // The quakes it did not place (no magnitude, outside the selection).
        if try Int.fetchOne(db, sql: "SELECT count(*) FROM quake") != ids.count {
            try db.execute(sql: """
                INSERT INTO sequence (quakeId, method, quakeTime) SELECT id, ?, time FROM quake
                WHERE NOT EXISTS (SELECT 1 FROM sequence WHERE sequence.quakeId = quake.id AND sequence.method = ?)
                """, arguments: [method, method])
            rows += db.changesCount
        }
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

    /// Keeps each sequence's title and count, ranked in the titles' byte
    /// order (SQLite's): returns the rank of each quake that is a mainshock,
    /// by its index in `ids`.
    private func writeSections(_ result: Declustering, ids: [String], _ db: Database) throws -> [Int: Int] {
        var members: [Int: Int] = [:]
        for mainshock in result.mainshock { members[mainshock, default: 0] += 1 }
        let read = try db.makeStatement(sql: "SELECT \(SequenceTable.titleSQL(of: "m", id: "m.id")) FROM quake AS m WHERE m.id = ?")
        var titled: [(mainshock: Int, title: String)] = []
        titled.reserveCapacity(members.count)
        for mainshock in members.keys {
            titled.append((mainshock, try String.fetchOne(read, arguments: [ids[mainshock]]) ?? "? · \(ids[mainshock])"))
        }
        titled.sort { $0.title.utf8.lexicographicallyPrecedes($1.title.utf8) }
        let insert = try db.makeStatement(sql: "INSERT INTO sequenceSection (method, rank, title, quakes) VALUES (?, ?, ?, ?)")
        var rank: [Int: Int] = [:]
        rank.reserveCapacity(titled.count)
        for (i, section) in titled.enumerated() {
            rank[section.mainshock] = i + 1
            try insert.execute(arguments: [method, i + 1, section.title, members[section.mainshock]])
        }
        return rank
    }
}
