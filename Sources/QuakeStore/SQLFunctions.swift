import Foundation
import GRDB

/// SQL functions every catalog connection offers, for queries that SQLite's
/// ASCII-only `LIKE` and `lower()` cannot answer correctly:
/// `quake_fold(x)` (case and diacritics), `quake_foldcase(x)`,
/// `quake_folddiacritics(x)`, and `quake_matches(pattern, x)`, true when the
/// regular expression matches the whole of `x`.
enum SQLFunctions {
    static func register(in db: Database) {
        db.add(function: fold)
        db.add(function: foldCase)
        db.add(function: foldDiacritics)
        db.add(function: matches)
    }

    private static func textFunction(_ name: String, _ transform: @escaping @Sendable (String) -> String) -> DatabaseFunction {
        DatabaseFunction(name, argumentCount: 1, pure: true) { values in
            String.fromDatabaseValue(values[0]).map(transform)
        }
    }

    static let fold = textFunction("quake_fold", TextFolding.fold)
    static let foldCase = textFunction("quake_foldcase", TextFolding.foldCase)
    static let foldDiacritics = textFunction("quake_folddiacritics", TextFolding.foldDiacritics)

    static let matches = DatabaseFunction("quake_matches", argumentCount: 2, pure: true) { values in
        guard let pattern = String.fromDatabaseValue(values[0]),
              let text = String.fromDatabaseValue(values[1]) else { return nil }
        return RegexCache.shared.wholeMatch(pattern, text)
    }
}
