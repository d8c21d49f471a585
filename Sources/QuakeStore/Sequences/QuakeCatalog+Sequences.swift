import Foundation
import GRDB
import QuakeSeismology

/// A declustering's outcome: the run kept, the verdicts, the quakes read.
public struct DeclusterOutcome: Sendable {
    public var run: SequenceRun
    public var result: Declustering
    public var selection: SequenceSelection
}

extension QuakeCatalog {
    /// Declusters the quakes of `scope` with `algorithm` and keeps the
    /// result as the current method, in one transaction: a reader sees the
    /// old results or the new, never a mix.
    public func decluster(_ algorithm: DeclusterAlgorithm, scope: SequenceScope, now: Date = Date(),
                          progress: @escaping (Double) -> Bool = { _ in true }) throws -> DeclusterOutcome {
        try CatalogError.wrappingErrors(path: path, operation: .write) {
            try dbWriter.write { db in
                try Self.decluster(algorithm, scope: scope, isCurrent: true, now: now, progress: progress, db)
            }
        }
    }

    static func decluster(_ algorithm: DeclusterAlgorithm, scope: SequenceScope, isCurrent: Bool, now: Date,
                          progress: @escaping (Double) -> Bool, _ db: Database) throws -> DeclusterOutcome {
        let selection = try SequenceSelection.read(db, where: scope.sql, arguments: StatementArguments(scope.arguments))
        let result = try algorithm.run(selection.columns, progress)
        let run = SequenceRun(method: algorithm.method, settings: algorithm.settings, scope: scope, ranAt: now,
                              quakes: result.count, clusters: Set(result.cluster).count, isCurrent: isCurrent)
        try run.write(result, selection: selection, db)
        return DeclusterOutcome(run: run, result: result, selection: selection)
    }

    /// Every method run on this catalog, the current first.
    public func sequenceRuns() throws -> [SequenceRun] {
        try CatalogError.wrappingErrors(path: path, operation: .read) { try dbWriter.read { db in try SequenceRun.all(db) } }
    }

    /// Keeps each kept method (`runs`: `SequenceRun.all`) true to the
    /// catalog after an import changed quakes, inside the import's
    /// transaction. When the import only added rows (`addedAt`: their
    /// `changedAt`), and at most `largestIncrement`, a Gardner–Knopoff
    /// result takes them in place where that is exact
    /// (`GardnerKnopoffIncrement`). Any other method is marked waiting, to
    /// run again after the import's commit (`runWaitingDeclusterings`):
    /// the quakes are read at once, not after a method's whole run (20 s
    /// for Reasenberg at 1,000,000 quakes). A method this version does not
    /// know is left as it was. Returns whether a method waits.
    static func followImport(_ runs: [SequenceRun], _ db: Database, addedAt: Int64? = nil) throws -> Bool {
        guard !runs.isEmpty else { return false }
        let added = try addedAt.map {
            try String.fetchAll(db, sql: "SELECT id FROM quake WHERE changedAt = ? LIMIT ?", arguments: [$0, largestIncrement + 1])
        }
        var waiting = false
        for run in runs {
            guard let algorithm = DeclusterAlgorithm.named(run.method) else { continue }
            if !run.isWaiting, let added, added.count <= largestIncrement, let method = algorithm.gardnerKnopoff,
               try GardnerKnopoffIncrement(method: method, run: run, db: db).place(added) {
                continue
            }
            try db.execute(sql: "UPDATE sequenceRun SET isWaiting = 1 WHERE method = ?", arguments: [run.method])
            waiting = true
        }
        return waiting
    }

    /// Runs each method an import left waiting again, over its kept
    /// selection, each in a transaction of its own: a reader sees the
    /// quakes with the old verdicts, then the new. A method another
    /// import's run already brought up to date is not run twice. The
    /// importer calls it after a commit that left one waiting
    /// (`Upserter.finish`), so an import with none reads nothing more.
    func runWaitingDeclusterings(now: Date = Date()) throws {
        try CatalogError.wrappingErrors(path: path, operation: .write) {
            var another = true
            while another {
                another = try dbWriter.write { db in
                    // Only a method this version knows is marked (`followImport`).
                    guard let run = try SequenceRun.all(db).first(where: \.isWaiting),
                          let algorithm = DeclusterAlgorithm.named(run.method) else { return false }
                    _ = try Self.decluster(algorithm, scope: run.scope, isCurrent: run.isCurrent, now: now, progress: { _ in true }, db)
                    return try SequenceRun.all(db).contains(where: \.isWaiting)
                }
            }
        }
    }

    /// The most new quakes placed without running the method again.
    static let largestIncrement = 64
}
