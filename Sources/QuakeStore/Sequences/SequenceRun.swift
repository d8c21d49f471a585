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
    /// `ids[i]`) and keeps the run, current when `isCurrent`.
    func write(_ result: Declustering, ids: [String], _ db: Database) throws {
        precondition(ids.count == result.count, "one id per declustered quake")
        try db.execute(sql: SequenceTable.dropIndexesSQL)
        try db.execute(sql: "DELETE FROM sequence WHERE method = ?", arguments: [method])
        let insert = try db.makeStatement(sql: "INSERT OR REPLACE INTO sequence (quakeId, method, cluster, role, mainshock) VALUES (?, ?, ?, ?, ?)")
        // In the key's order: appended to the table's B-tree, not scattered through it.
        for i in ids.indices.sorted(by: { ids[$0] < ids[$1] }) {
            try insert.execute(arguments: [ids[i], method, result.cluster[i], result.role[i].rawValue, ids[result.mainshock[i]]])
        }
        try db.execute(sql: SequenceTable.indexesSQL)
        if isCurrent { try db.execute(sql: "UPDATE sequenceRun SET isCurrent = 0 WHERE isCurrent = 1") }
        try db.execute(sql: """
            INSERT OR REPLACE INTO sequenceRun (method, settings, scope, scopeSQL, scopeArguments, ranAt, quakes, clusters, isCurrent)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [method, settings, scope.text, scope.sql, scope.argumentsJSON, ranAt.epochMilliseconds,
                             quakes, clusters, isCurrent ? 1 : 0])
    }
}
