import Foundation

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
