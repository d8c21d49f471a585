import Foundation
import GRDB
import QuakeSeismology
import QuakeStore

/// Declusters a selection of the catalog and keeps the result: the
/// predicate planned as the table's, the quakes it selects read as columns
/// (`SequenceSelection`), the method run, each quake's cluster, role and
/// mainshock kept under the method's name as the current method
/// (`QuakeCatalog.decluster`).
public enum Declusterer {
    /// `text`: the predicate as the user wrote it, kept with the run.
    public static func run(_ algorithm: DeclusterAlgorithm, on catalog: QuakeCatalog, predicate: QuakePredicate?,
                           text: String, now: Date = Date(),
                           progress: @escaping (Double) -> Bool = { _ in true }) throws -> SequenceSummary {
        let outcome = try catalog.decluster(algorithm, scope: scope(predicate, text: text), now: now, progress: progress)
        return SequenceSummary(run: outcome.run, result: outcome.result, selection: outcome.selection)
    }

    /// The predicate's selection as SQL (every quake without one).
    public static func scope(_ predicate: QuakePredicate?, text: String) -> SequenceScope {
        guard let predicate else { return .everyQuake }
        let (sql, arguments) = predicate.sqlValues
        return SequenceScope(text: text, sql: sql, arguments: arguments)
    }
}

extension SequenceSelection {
    /// The quakes `predicate` selects (every quake when nil), read as the table's query plans them.
    public static func read(_ catalog: QuakeCatalog, predicate: QuakePredicate?) throws -> SequenceSelection {
        let scope = Declusterer.scope(predicate, text: "")
        do {
            return try catalog.dbWriter.read { db in
                try SequenceSelection.read(db, where: scope.sql, arguments: StatementArguments(scope.arguments))
            }
        } catch {
            throw CatalogError.reading(error, path: catalog.path)
        }
    }
}
