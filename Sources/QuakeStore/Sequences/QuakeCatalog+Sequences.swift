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

    /// Declusters again, with each kept method (`runs`: `SequenceRun.all`)
    /// over its kept selection, after an import changed quakes: the
    /// verdicts stay those of the catalog as it is. A method this version
    /// does not know is left as it was. When the import only added rows
    /// (`addedAt`: their `changedAt`), and at most `largestIncrement`, a
    /// Gardner–Knopoff result takes them in place where that is exact
    /// (`GardnerKnopoffIncrement`).
    static func refreshDeclusterings(_ runs: [SequenceRun], _ db: Database, addedAt: Int64? = nil, now: Date = Date()) throws {
        guard !runs.isEmpty else { return }
        let added = try addedAt.map {
            try String.fetchAll(db, sql: "SELECT id FROM quake WHERE changedAt = ? LIMIT ?", arguments: [$0, largestIncrement + 1])
        }
        for run in runs {
            guard let algorithm = DeclusterAlgorithm.named(run.method) else { continue }
            if let added, added.count <= largestIncrement, let method = algorithm.gardnerKnopoff,
               try GardnerKnopoffIncrement(method: method, run: run, db: db).place(added) {
                continue
            }
            _ = try decluster(algorithm, scope: run.scope, isCurrent: run.isCurrent, now: now, progress: { _ in true }, db)
        }
    }

    /// The most new quakes placed without running the method again.
    static let largestIncrement = 64
}
