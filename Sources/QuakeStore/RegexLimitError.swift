import GRDB

/// A `MATCHES` test that could not be answered on one text: the pattern
/// backtracked past its limit, or ICU gave up. The query fails with this
/// rather than count the text as a non-match.
public struct RegexLimitError: Error, CustomStringConvertible, Sendable {
    /// `place MATCHES "(.*[a-z]){15}X": the pattern took too long on "12 km SSW of Volcano, Hawaii"`
    public let description: String

    /// `predicate` as the user's predicate spells it.
    public init(predicate: String, subject: String, failure: RegexCache.Failure) {
        let why = failure == .gaveUp ? "the regular expression library gave up (it backtracks too deeply)" : "the pattern took too long"
        description = "\(predicate): \(why) on \(Self.quoted(subject)); simplify the pattern"
    }

    /// The text shown, cut short so the line stays one line on a screen.
    static func quoted(_ subject: String) -> String {
        let shown = subject.count > 80 ? subject.prefix(79) + "…" : Substring(subject)
        return "\"" + shown.replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    /// How `quake_matches` raises it in SQLite, whose error carries text only.
    static let sqlPrefix = "quake_matches: "

    var databaseError: DatabaseError {
        DatabaseError(resultCode: .SQLITE_ERROR, message: Self.sqlPrefix + description)
    }

    /// The error a query failed with when `quake_matches` raised one.
    public init?(_ error: DatabaseError) {
        guard error.resultCode == .SQLITE_ERROR, let message = error.message, message.hasPrefix(Self.sqlPrefix) else { return nil }
        description = String(message.dropFirst(Self.sqlPrefix.count))
    }
}
