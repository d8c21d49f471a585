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

/// Compiled regular expressions by pattern: a query calls `quake_matches`
/// once per row with the same pattern.
public final class RegexCache: @unchecked Sendable {
    public static let shared = RegexCache()
    private let lock = NSLock()
    private var cache: [String: NSRegularExpression] = [:]

    /// Whether `pattern` matches the whole of `text`; false for a pattern
    /// that does not compile (the parser rejects those before any query).
    public func wholeMatch(_ pattern: String, _ text: String) -> Bool {
        guard let regex = regex(pattern) else { return false }
        let range = NSRange(text.startIndex..., in: text)
        guard let match = regex.firstMatch(in: text, options: [.anchored], range: range) else { return false }
        return match.range == range
    }

    public func regex(_ pattern: String) -> NSRegularExpression? {
        lock.lock(); defer { lock.unlock() }
        if let regex = cache[pattern] { return regex }
        // The pattern must compile on its own: wrapped first, an unbalanced
        // ")(" would pair with the wrapper's parentheses.
        guard pattern.isEmpty || (try? NSRegularExpression(pattern: pattern)) != nil,
              let regex = try? NSRegularExpression(pattern: "(?:" + pattern + ")\\z") else { return nil }
        if cache.count > 64 { cache.removeAll() }
        cache[pattern] = regex
        return regex
    }
}
