import Foundation
import GRDB
import QuakeSeismology

/// One declustering method's run, as `sequenceRun` keeps it.
public struct SequenceRun: Sendable, Equatable {
    /// `gk`, `gk-gruenthal`, `gk-uhrhammer`, `reasenberg`.
    public var method: String
    /// The method's parameters as a user reads them (`window gk, foreshocks 1.0 T`).
    public var settings: String
    /// The selection it read: a predicate's text, or empty for every quake.
    public var scope: String
    public var ranAt: Date
    public var quakes: Int
    public var clusters: Int
    public var isCurrent: Bool

    public init(method: String, settings: String, scope: String, ranAt: Date, quakes: Int, clusters: Int, isCurrent: Bool) {
        self.method = method; self.settings = settings; self.scope = scope
        self.ranAt = ranAt; self.quakes = quakes; self.clusters = clusters; self.isCurrent = isCurrent
    }
}

extension QuakeCatalog {
    /// Replaces `run.method`'s results with `result` (index i: the quake
    /// `ids[i]`), makes it the current method, in one transaction: a reader
    /// sees the old results or the new, never a mix.
    public func writeDeclustering(_ result: Declustering, ids: [String], run: SequenceRun) throws {
        precondition(ids.count == result.count, "one id per declustered quake")
        try CatalogError.wrappingErrors(path: path, operation: .write) {
            try dbWriter.write { db in
                try db.execute(sql: "DELETE FROM sequence WHERE method = ?", arguments: [run.method])
                let insert = try db.makeStatement(sql: """
                    INSERT OR REPLACE INTO sequence (quakeId, method, cluster, role, mainshock) VALUES (?, ?, ?, ?, ?)
                    """)
                for i in 0..<ids.count {
                    try insert.execute(arguments: [ids[i], run.method, result.cluster[i], result.role[i].rawValue,
                                                   ids[result.mainshock[i]]])
                }
                try db.execute(sql: "UPDATE sequenceRun SET isCurrent = 0 WHERE isCurrent = 1")
                try db.execute(sql: """
                    INSERT OR REPLACE INTO sequenceRun (method, settings, scope, ranAt, quakes, clusters, isCurrent)
                    VALUES (?, ?, ?, ?, ?, ?, 1)
                    """, arguments: [run.method, run.settings, run.scope, run.ranAt.epochMilliseconds, run.quakes, run.clusters])
            }
        }
    }

    /// Every method run on this catalog, the current first; empty on a
    /// catalog never declustered (or not yet upgraded).
    public func sequenceRuns() throws -> [SequenceRun] {
        try CatalogError.wrappingErrors(path: path, operation: .read) {
            try dbWriter.read { db in try Self.sequenceRuns(db) }
        }
    }

    public static func sequenceRuns(_ db: Database) throws -> [SequenceRun] {
        guard try db.tableExists("sequenceRun") else { return [] }
        return try Row.fetchAll(db, sql: "SELECT * FROM sequenceRun ORDER BY isCurrent DESC, method").map {
            SequenceRun(method: $0["method"], settings: $0["settings"], scope: $0["scope"],
                        ranAt: Date(epochMilliseconds: $0["ranAt"]), quakes: $0["quakes"], clusters: $0["clusters"],
                        isCurrent: $0["isCurrent"] as Int == 1)
        }
    }

    /// Makes an earlier run of `method` current again; false when it never ran.
    public func makeCurrent(method: String) throws -> Bool {
        try CatalogError.wrappingErrors(path: path, operation: .write) {
            try dbWriter.write { db in
                guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sequenceRun WHERE method = ?)",
                                        arguments: [method]) == true else { return false }
                try db.execute(sql: "UPDATE sequenceRun SET isCurrent = (method = ?)", arguments: [method])
                return true
            }
        }
    }
}
