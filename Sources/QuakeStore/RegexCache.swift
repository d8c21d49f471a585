import Foundation
import Synchronization

/// Compiled regular expressions by pattern: a query calls `quake_matches`
/// once per row with the same pattern.
public final class RegexCache: Sendable {
    public static let shared = RegexCache()
    private let cache = Mutex<[String: NSRegularExpression]>([:])

    /// Why a match gave no answer.
    public enum Failure: Error, Sendable, Equatable {
        /// Over `tickLimit` of ICU's progress ticks: catastrophic backtracking.
        case tooLong
        /// ICU stopped on its own (its backtracking stack is full) and said so.
        case gaveUp
        /// The query it serves was abandoned (`RegexInterruption`).
        case interrupted
    }

    /// ICU reports progress every 10,000 steps of its matcher; a match may
    /// take this many reports (1,000,000 steps, tens of milliseconds), a
    /// thousand times what an ordinary pattern needs on a place, so one that
    /// takes more is backtracking out of hand (`(.*[a-z]){15}X` takes from
    /// 0.03 s to minutes on a place, growing with its letters).
    public static let tickLimit = 100

    /// Whether `pattern` matches the whole of `text`; false for a pattern
    /// that does not compile (the parser rejects those before any query).
    /// Throws rather than answer false when the match was cut short.
    public func wholeMatch(_ pattern: String, _ text: String, tickLimit: Int = RegexCache.tickLimit) throws(Failure) -> Bool {
        guard let regex = regex(pattern) else { return false }
        let range = NSRange(text.startIndex..., in: text)
        var interruption: (() -> Bool)??   // looked up at the first report: most matches make none
        var matched = false, ticks = 0
        var failure: Failure?
        regex.enumerateMatches(in: text, options: [.anchored, .reportProgress, .reportCompletion], range: range) { match, flags, stop in
            if let match {
                matched = match.range == range
                stop.pointee = true
            } else if flags.contains(.internalError) {
                failure = .gaveUp
            } else if flags.contains(.progress) {
                ticks += 1
                if interruption == nil { interruption = RegexInterruption.current }
                if ticks > tickLimit { failure = .tooLong } else if interruption??() == true { failure = .interrupted }
                if failure != nil { stop.pointee = true }
            }
        }
        if let failure { throw failure }
        return matched
    }

    public func regex(_ pattern: String) -> NSRegularExpression? {
        cache.withLock { cache in
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
}
