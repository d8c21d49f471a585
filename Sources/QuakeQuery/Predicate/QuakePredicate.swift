import Foundation
import GRDB
import QuakeStore

/// A filter over quakes in NSPredicate's format language:
/// `try QuakePredicate("place CONTAINS[cd] %@ AND magnitude >= %@", "alaska", 4.5)`.
/// It becomes a SQL WHERE clause with bound arguments (user text is never
/// spliced into SQL) and evaluates in memory against a `Quake` with the same
/// meaning, NULL handling included.
public struct QuakePredicate: Sendable, Hashable, CustomStringConvertible {
    public let root: PredicateNode

    /// `home` is where `DISTANCE()` measures from (none: it is an error).
    public init(_ format: String, _ arguments: any Sendable..., home: Home? = nil) throws {
        try self.init(format: format, arguments: arguments, home: home)
    }

    public init(format: String, arguments: [any Sendable], home: Home? = nil) throws {
        root = try PredicateParser.parse(format, arguments: arguments, home: home)
    }

    public init(_ root: PredicateNode) { self.root = root }

    /// The predicate in the format language, canonically spelled.
    public var description: String { root.description }

    /// `place CONTAINS[cd] text`: the browser's filter field. Nil when empty.
    public static func placeContains(_ text: String) -> QuakePredicate? {
        text.isEmpty ? nil : QuakePredicate(.string(.place, .contains, TextFolding.fold(text), [.caseInsensitive, .diacriticInsensitive]))
    }

    /// Both predicates; nil when both are nil.
    public static func and(_ a: QuakePredicate?, _ b: QuakePredicate?) -> QuakePredicate? {
        switch (a, b) {
        case (nil, nil): nil
        case (let a?, nil): a
        case (nil, let b?): b
        case (let a?, let b?): QuakePredicate(.and(a.root, b.root))
        }
    }

    /// Throws `RegexLimitError` when a `MATCHES` test cannot be answered.
    public func evaluate(_ quake: Quake) throws -> Bool { try root.evaluate(quake) }

    /// The WHERE clause and its arguments.
    public var sql: (sql: String, arguments: StatementArguments) { sql(placeLookups: []) }

    /// The WHERE clause, with `place CONTAINS[cd]` tests for the texts in
    /// `placeLookups` answered through the table of distinct places and the
    /// placeFolded index instead of a test on every row. Same rows, found
    /// faster when few quakes match.
    public func sql(placeLookups: Set<String>) -> (sql: String, arguments: StatementArguments) {
        sql(placeLookups: placeLookups, boxAccess: [:])
    }

    /// `boxAccess` says how to read the box of each distance test (without
    /// one SQLite chooses).
    func sql(placeLookups: Set<String>, boxAccess: [DistanceBox: DistanceBox.Access])
        -> (sql: String, arguments: StatementArguments) {
        let (sql, arguments) = sqlValues(placeLookups: placeLookups, boxAccess: boxAccess)
        return (sql, StatementArguments(arguments))
    }

    /// The WHERE clause and its arguments as values (a declustering keeps them).
    public var sqlValues: (sql: String, arguments: [DatabaseValue]) { sqlValues(placeLookups: [], boxAccess: [:]) }

    private func sqlValues(placeLookups: Set<String>, boxAccess: [DistanceBox: DistanceBox.Access])
        -> (sql: String, arguments: [DatabaseValue]) {
        var arguments: [DatabaseValue] = []
        let sql = root.sql(&arguments, placeLookups: placeLookups, boxAccess: boxAccess)
        return (sql, arguments)
    }

    /// The folded texts of this predicate's `place CONTAINS[cd]` tests.
    public var placeSearches: Set<String> { root.placeSearches }

    /// The distinct folded places holding the one argument's folded text:
    /// how a place search finds its matches (and the kept counts theirs).
    static let matchingPlacesSQL = "SELECT placeFolded FROM quakePlace WHERE instr(placeFolded, ?) > 0"

    /// The field and value when the whole predicate is one sequence's
    /// members, `mainshock == "…"` or `cluster == N` (`A` in the browser):
    /// their count is kept (`SequenceTable.keptMembersSQL`).
    public var singleSequenceMembership: (field: QuakeField, value: DatabaseValue)? {
        guard case .comparison(let field, .equal, let value, let options) = root, options.isEmpty,
              field == .mainshock || field == .cluster else { return nil }
        return (field, value.databaseValue)
    }

    /// The text when the whole predicate is one `place CONTAINS[cd]` test
    /// (the filter field alone).
    public var singlePlaceSearch: String? {
        if case .string(.place, .contains, let text, [.caseInsensitive, .diacriticInsensitive]) = root { return text }
        return nil
    }
}

// MARK: SQL

extension QuakePredicate {
    /// The columns its comparisons read.
    var columns: Set<String> { root.columns }
}

extension PredicateNode {
    var columns: Set<String> {
        switch self {
        case .constant: []
        case .not(let node): node.columns
        case .and(let a, let b), .or(let a, let b): a.columns.union(b.columns)
        case .comparison(let field, _, _, _), .between(let field, _, _), .oneOf(let field, _, _), .string(let field, _, _, _):
            // A distance is computed from the coordinates (and read through them).
            field.distanceOrigin == nil ? [field.column] : ["latitude", "longitude"]
        }
    }

    var placeSearches: Set<String> {
        switch self {
        case .not(let node): node.placeSearches
        case .and(let a, let b), .or(let a, let b): a.placeSearches.union(b.placeSearches)
        case .string(.place, .contains, let text, [.caseInsensitive, .diacriticInsensitive]): [text]
        default: []
        }
    }

    /// The operands of a run of the same operator (`a AND b AND c`), in order.
    func chain(isAnd: Bool) -> [PredicateNode] {
        switch (self, isAnd) {
        case (.and(let a, let b), true), (.or(let a, let b), false):
            return a.chain(isAnd: isAnd) + b.chain(isAnd: isAnd)
        default:
            return [self]
        }
    }

    func sql(_ arguments: inout [DatabaseValue], placeLookups: Set<String> = [],
             boxAccess: [DistanceBox: DistanceBox.Access] = [:]) -> String {
        // A distance test first tests a box on the indexed coordinates: the
        // same rows (the box holds every match), read without a distance
        // computed for every quake.
        if let box = distanceBox {
            let prefilter = box.sql(&arguments, access: boxAccess[box])
            return "(\(prefilter) AND \(conditionSQL(&arguments, placeLookups, boxAccess)))"
        }
        return conditionSQL(&arguments, placeLookups, boxAccess)
    }

    private func conditionSQL(_ arguments: inout [DatabaseValue], _ placeLookups: Set<String>,
                              _ boxAccess: [DistanceBox: DistanceBox.Access]) -> String {
        switch self {
        case .constant(let value):
            return value ? "1" : "0"
        case .not(let node):
            return "NOT (\(node.sql(&arguments, placeLookups: placeLookups, boxAccess: boxAccess)))"
        case .and, .or:
            // A chain of one operator is one flat list, not nested pairs:
            // SQLite's parser overflows its stack on deep parentheses.
            let isAnd: Bool
            if case .and = self { isAnd = true } else { isAnd = false }
            let terms = chain(isAnd: isAnd).map { $0.sql(&arguments, placeLookups: placeLookups, boxAccess: boxAccess) }
            return "(" + terms.joined(separator: isAnd ? " AND " : " OR ") + ")"
        case .string(.place, .contains, let text, [.caseInsensitive, .diacriticInsensitive]) where placeLookups.contains(text):
            arguments.append(text.databaseValue)
            return "placeFolded IN (\(QuakePredicate.matchingPlacesSQL))"
        case .comparison(let field, let op, .null, _):
            return op == .equal ? "\(field.column) IS NULL" : "\(field.column) IS NOT NULL"
        case .comparison(let field, .equal, let value, let options) where options.isEmpty && QuakeField.sequenceFields.contains(field):
            arguments.append(value.databaseValue)
            return SequenceTable.membersSQL(field.name)
        case .comparison(let field, let op, let value, let options):
            arguments.append(value.databaseValue)
            let lhs = Self.operand(field, options)
            // Two-valued logic as NSPredicate has it: NULL compares false,
            // so NOT (mag < 3) holds for a NULL magnitude.
            if op == .notEqual {
                return field.isNullable ? "(\(field.column) IS NULL OR \(lhs) <> ?)" : "\(lhs) <> ?"
            }
            let sqlOp = op == .equal ? "=" : op.rawValue
            return Self.guardNull(field, "\(lhs) \(sqlOp) ?")
        case .between(let field, let low, let high):
            arguments.append(low.databaseValue)
            arguments.append(high.databaseValue)
            return Self.guardNull(field, "\(field.column) BETWEEN ? AND ?")
        case .oneOf(let field, let values, let options):
            let present = values.filter { $0 != .null }
            arguments.append(contentsOf: present.map(\.databaseValue))
            let list = "\(Self.operand(field, options)) IN (\(present.map { _ in "?" }.joined(separator: ", ")))"
            if present.count < values.count { return "(\(field.column) IS NULL OR \(list))" }
            return Self.guardNull(field, list)
        case .string(let field, let op, let text, let options):
            let lhs = Self.operand(field, op == .matches ? options.subtracting(.caseInsensitive) : options)
            let test: String
            switch op {
            case .contains:
                arguments.append(text.databaseValue); test = "instr(\(lhs), ?) > 0"
            case .beginsWith:
                arguments.append(text.databaseValue); test = "instr(\(lhs), ?) = 1"
            case .endsWith:
                if text.isEmpty { return Self.guardNull(field, "1") }
                arguments.append(text.unicodeScalars.count.databaseValue)
                arguments.append(text.databaseValue)
                test = "substr(\(lhs), -?) = ?"
            case .like:
                arguments.append(Self.globPattern(text).databaseValue); test = "\(lhs) GLOB ?"
            case .matches:
                let pattern = options.contains(.caseInsensitive) ? "(?i)" + text : text
                arguments.append(pattern.databaseValue)
                arguments.append(description.databaseValue)
                test = "quake_matches(?, \(lhs), ?)"
            }
            return Self.guardNull(field, test)
        }
    }

    /// The column, folded as the options ask. Place folded for case and
    /// diacritics is the stored `placeFolded` column (indexed, searchable).
    static func operand(_ field: QuakeField, _ options: StringOptions) -> String {
        guard field.kind == .text, let function = options.sqlFunction else { return field.column }
        if field == .place && options == [.caseInsensitive, .diacriticInsensitive] { return "placeFolded" }
        return "\(function)(\(field.column))"
    }

    static func guardNull(_ field: QuakeField, _ test: String) -> String {
        field.isNullable ? "(\(field.column) IS NOT NULL AND \(test))" : test
    }

    /// LIKE's `*` and `?` as SQLite GLOB, every other character literal.
    static func globPattern(_ like: String) -> String {
        var out = ""
        for c in like {
            switch c {
            case "[": out += "[[]"
            default: out.append(c)
            }
        }
        return out
    }
}

extension PredicateValue {
    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .number(let n): n.databaseValue
        case .text(let t): t.databaseValue
        case .age: resolved.databaseValue
        }
    }
}

// MARK: In memory

extension PredicateNode {
    func evaluate(_ quake: Quake) throws -> Bool {
        switch self {
        case .constant(let value): return value
        case .not(let node): return try !node.evaluate(quake)
        case .and(let a, let b): return try a.evaluate(quake) && b.evaluate(quake)
        case .or(let a, let b): return try a.evaluate(quake) || b.evaluate(quake)
        case .comparison(let field, let op, let value, let options):
            let actual = Self.folded(field.value(of: quake), options)
            if value == .null { return (op == .equal) == actual.isNull }
            guard let order = Self.compare(actual, value) else { return op == .notEqual }
            switch op {
            case .equal: return order == 0
            case .notEqual: return order != 0
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            case .greaterOrEqual: return order >= 0
            }
        case .between(let field, let low, let high):
            let actual = field.value(of: quake)
            guard let a = Self.compare(actual, low), let b = Self.compare(actual, high) else { return false }
            return a >= 0 && b <= 0
        case .oneOf(let field, let values, let options):
            let actual = Self.folded(field.value(of: quake), options)
            if actual.isNull { return values.contains(.null) }
            return values.contains { Self.compare(actual, $0) == 0 }
        case .string(let field, let op, let text, let options):
            guard case .text(let raw?) = field.value(of: quake) else { return false }
            switch op {
            case .matches:
                let subject = options.contains(.diacriticInsensitive) ? TextFolding.foldDiacritics(raw) : raw
                let pattern = options.contains(.caseInsensitive) ? "(?i)" + text : text
                do throws(RegexCache.Failure) {
                    return try RegexCache.shared.wholeMatch(pattern, subject)
                } catch {
                    throw RegexLimitError(predicate: description, subject: subject, failure: error)
                }
            case .contains, .beginsWith, .endsWith, .like:
                let subject = Array(options.fold(raw).utf8), pattern = Array(text.utf8)
                switch op {
                case .contains: return pattern.isEmpty || Self.firstIndex(of: pattern, in: subject) != nil
                case .beginsWith: return subject.starts(with: pattern)
                case .endsWith: return subject.count >= pattern.count && subject.suffix(pattern.count).elementsEqual(pattern)
                default: return Self.likeMatches(Array(options.fold(raw).unicodeScalars), Array(text.unicodeScalars))
                }
            }
        }
    }

    static func folded(_ value: FieldValue, _ options: StringOptions) -> FieldValue {
        if case .text(let t?) = value, !options.isEmpty { return .text(options.fold(t)) }
        return value
    }

    /// -1, 0, 1 as SQLite orders the two (text by bytes); nil when the field is NULL.
    static func compare(_ actual: FieldValue, _ value: PredicateValue) -> Int? {
        switch (actual, value.resolved) {
        case (.number(let a?), .number(let b)): return a < b ? -1 : (a > b ? 1 : 0)
        case (.text(let a?), .text(let b)): return compareBytes(a, b)
        case (.number(let a?), .text): _ = a; return -1      // SQLite: numbers sort before text
        case (.text(let a?), .number): _ = a; return 1
        default: return nil
        }
    }

    static func compareBytes(_ a: String, _ b: String) -> Int {
        // Bytes, as SQLite compares: Swift's == calls "Î" and "I" + U+0302 equal.
        if a.utf8.elementsEqual(b.utf8) { return 0 }
        return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
    }

    static func firstIndex(of pattern: [UInt8], in subject: [UInt8]) -> Int? {
        guard pattern.count <= subject.count else { return nil }
        for start in 0...(subject.count - pattern.count) where subject[start..<start + pattern.count].elementsEqual(pattern) {
            return start
        }
        return nil
    }

    /// `*` any run, `?` one character (scalar, as GLOB counts), else literal.
    static func likeMatches(_ s: [Unicode.Scalar], _ p: [Unicode.Scalar]) -> Bool {
        var si = 0, pi = 0, starP = -1, starS = 0
        while si < s.count {
            if pi < p.count, p[pi] == "?" || (p[pi] != "*" && p[pi] == s[si]) { si += 1; pi += 1 }
            else if pi < p.count, p[pi] == "*" { starP = pi; starS = si; pi += 1 }
            else if starP >= 0 { pi = starP + 1; starS += 1; si = starS }
            else { return false }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}

// MARK: Text

extension PredicateNode: CustomStringConvertible {
    public var description: String { render(parent: 0) }

    /// Parenthesises only where precedence needs it: OR 1, AND 2, NOT 3.
    private func render(parent: Int) -> String {
        func wrap(_ text: String, _ level: Int) -> String { level < parent ? "(\(text))" : text }
        switch self {
        case .constant(let v): return v ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .not(let n): return wrap("NOT " + n.render(parent: 3), 3)
        case .and(let a, let b): return wrap(a.render(parent: 2) + " AND " + b.render(parent: 2), 2)
        case .or(let a, let b): return wrap(a.render(parent: 1) + " OR " + b.render(parent: 1), 1)
        case .comparison(let f, let op, let v, let o):
            return "\(f.name) \(op.rawValue)\(o.isEmpty ? "" : "[\(o.suffix)]") \(Self.show(v, f))"
        case .between(let f, let lo, let hi):
            return "\(f.name) BETWEEN {\(Self.show(lo, f)), \(Self.show(hi, f))}"
        case .oneOf(let f, let vs, let o):
            return "\(f.name) IN\(o.isEmpty ? "" : "[\(o.suffix)]") {\(vs.map { Self.show($0, f) }.joined(separator: ", "))}"
        case .string(let f, let op, let t, let o):
            return "\(f.name) \(op.rawValue)\(o.isEmpty ? "" : "[\(o.suffix)]") \(PredicateValue.text(t))"
        }
    }

    private static func show(_ value: PredicateValue, _ field: QuakeField) -> String {
        if field.kind == .time, case .number(let ms) = value, ms == ms.rounded(), isoTimes.contains(ms) {
            return "\"\(ISOTime.string(epochMilliseconds: Int64(ms)))\""
        }
        return value.description
    }

    /// Times that print as ISO 8601 and parse back as the same instant: whole
    /// milliseconds in the years 0000 to 9999. Others print as numbers.
    private static let isoTimes = -62_167_219_200_000.0 ... 253_402_300_799_999.0
}
