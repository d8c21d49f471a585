import Foundation
import QuakeStore

/// A parsed predicate: the tree both the SQL compiler and the in-memory
/// evaluator walk, so the two cannot disagree about what it means.
public indirect enum PredicateNode: Sendable, Hashable {
    case constant(Bool)
    case not(PredicateNode)
    case and(PredicateNode, PredicateNode)
    case or(PredicateNode, PredicateNode)
    /// `key <op> value`; `==`/`!=` against NULL test for NULL.
    case comparison(QuakeField, ComparisonOperator, PredicateValue, StringOptions)
    /// `key BETWEEN {lo, hi}`, inclusive.
    case between(QuakeField, PredicateValue, PredicateValue)
    /// `key IN {a, b, …}`.
    case oneOf(QuakeField, [PredicateValue], StringOptions)
    /// `key CONTAINS "x"` and the other string operators.
    case string(QuakeField, StringOperator, String, StringOptions)
}

public enum ComparisonOperator: String, Sendable, Hashable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="

    /// The operator with its operands swapped (`5 < mag` is `mag > 5`).
    var flipped: ComparisonOperator {
        switch self {
        case .equal, .notEqual: self
        case .less: .greater
        case .lessOrEqual: .greaterOrEqual
        case .greater: .less
        case .greaterOrEqual: .lessOrEqual
        }
    }
}

public enum StringOperator: String, Sendable, Hashable {
    case contains = "CONTAINS", beginsWith = "BEGINSWITH", endsWith = "ENDSWITH", like = "LIKE", matches = "MATCHES"
}

/// `[c]`, `[d]`, `[cd]`: case- and diacritic-insensitive comparison.
public struct StringOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let caseInsensitive = StringOptions(rawValue: 1)
    public static let diacriticInsensitive = StringOptions(rawValue: 2)

    /// How text is folded before comparing, in Swift and in SQL.
    func fold(_ text: String) -> String {
        switch (contains(.caseInsensitive), contains(.diacriticInsensitive)) {
        case (true, true): TextFolding.fold(text)
        case (true, false): TextFolding.foldCase(text)
        case (false, true): TextFolding.foldDiacritics(text)
        case (false, false): text
        }
    }

    var sqlFunction: String? {
        switch (contains(.caseInsensitive), contains(.diacriticInsensitive)) {
        case (true, true): "quake_fold"
        case (true, false): "quake_foldcase"
        case (false, true): "quake_folddiacritics"
        case (false, false): nil
        }
    }

    var suffix: String {
        (contains(.caseInsensitive) ? "c" : "") + (contains(.diacriticInsensitive) ? "d" : "")
    }
}

/// The moment ages are measured from: the clock's, or one a task fixes
/// (`PredicateClock.$fixed.withValue(date) { … }`: tests set the boundary
/// of `time > "7d"` to the millisecond).
public enum PredicateClock {
    @TaskLocal public static var fixed: Date?

    static var now: Date { fixed ?? Date() }
}

/// A literal after the parser has checked it against its key's kind: times
/// are epoch milliseconds, booleans are 1 and 0.
public enum PredicateValue: Sendable, Hashable, CustomStringConvertible {
    case null
    case number(Double)
    case text(String)
    /// A time this long before the moment the predicate is used (`"7d"`,
    /// `"24h"`, `"now"`), kept as written so a saved view stays relative.
    case age(seconds: Int, text: String)

    /// An age as the time it stands for now (epoch ms, `PredicateClock`);
    /// any other value as it is.
    public var resolved: PredicateValue {
        guard case .age(let seconds, _) = self else { return self }
        return .number(Double(PredicateClock.now.epochMilliseconds - Int64(seconds) * 1000))
    }

    public var description: String {
        switch self {
        case .age(_, let text): "\"" + text + "\""
        case .null: "NULL"
        case .number(let n): n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
        case .text(let t):
            "\"" + t.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
                .replacingOccurrences(of: "\r", with: "\\r") + "\""
        }
    }
}
