import Foundation
import QuakeSeismology
import QuakeStore

/// A declustering method as the catalog runs it: its stored name, its
/// settings as a user reads them, and the computation over columns.
public struct DeclusterAlgorithm: Sendable {
    /// The name results are kept under (`gk`, `gk-gruenthal`, `reasenberg`).
    public var method: String
    public var settings: String
    public var run: @Sendable (EventColumns, _ progress: @escaping (Double) -> Bool) throws -> Declustering

    public init(method: String, settings: String,
                run: @escaping @Sendable (EventColumns, _ progress: @escaping (Double) -> Bool) throws -> Declustering) {
        self.method = method; self.settings = settings; self.run = run
    }
}

/// Declusters a selection of the catalog and keeps the result: reads the
/// selection's columns (`SequenceSelection`), runs the method, writes each
/// quake's cluster, role and mainshock under the method's name and makes it
/// current (`QuakeCatalog.writeDeclustering`).
public enum Declusterer {
    /// `scope`: the predicate's text as the user gave it (kept with the
    /// run, so a later refresh reads the same selection).
    public static func run(_ algorithm: DeclusterAlgorithm, on catalog: QuakeCatalog, predicate: QuakePredicate?,
                           scope: String, now: Date = Date(),
                           progress: @escaping (Double) -> Bool = { _ in true }) throws -> SequenceSummary {
        let selection = try SequenceSelection.read(catalog, predicate: predicate)
        let result = try algorithm.run(selection.columns, progress)
        let clusters = Set(result.cluster).count
        let run = SequenceRun(method: algorithm.method, settings: algorithm.settings, scope: scope, ranAt: now,
                              quakes: result.count, clusters: clusters, isCurrent: true)
        try catalog.writeDeclustering(result, ids: selection.ids, run: run)
        return SequenceSummary(run: run, result: result, selection: selection)
    }
}

extension DeclusterAlgorithm {
    /// The algorithm a command line names: `gk` (with its window) or `reasenberg`; nil for another name.
    public static func named(_ method: String, window: String = "gk") -> DeclusterAlgorithm? {
        // Filled in when the methods land in QuakeSeismology.
        nil
    }
}
