import Foundation

/// Lets a regular expression match stop when the query it serves is no
/// longer wanted. SQLite's progress handler runs only between its own
/// steps, never inside one call of `quake_matches`, and a single match can
/// run for a long time; the matcher looks at the check set here, for its
/// thread, at each of ICU's progress reports.
public enum RegexInterruption {
    private final class Check {
        let isStale: () -> Bool
        init(_ isStale: @escaping () -> Bool) { self.isStale = isStale }
    }

    private static let key = "QuakeStore.RegexInterruption"

    /// Runs `body` with matches on this thread stopping once `isStale` is true.
    public static func run<T>(whenStale isStale: @escaping () -> Bool, _ body: () throws -> T) rethrows -> T {
        let dictionary = Thread.current.threadDictionary
        let previous = dictionary[key]
        dictionary[key] = Check(isStale)
        defer { dictionary[key] = previous }
        return try body()
    }

    /// The check set for this thread, if any.
    static var current: (() -> Bool)? {
        (Thread.current.threadDictionary[key] as? Check)?.isStale
    }
}
