import Foundation
import QuakeStore

/// Parses the predicate format language (NSPredicate's, which Linux lacks)
/// into a `PredicateNode`. Precedence: NOT > AND > OR.
struct PredicateParser {
    private var tokens: [PredicateToken]
    private var position = 0
    private var arguments: [any Sendable]
    private var nextArgument = 0
    /// What `DISTANCE()` measures from; nil when no home is set.
    let home: Home?

    init(_ text: String, arguments: [any Sendable], home: Home? = nil) throws {
        tokens = try PredicateLexer.tokens(text)
        self.arguments = arguments
        self.home = home
    }

    static func parse(_ text: String, arguments: [any Sendable] = [], home: Home? = nil) throws -> PredicateNode {
        do {
            return try parseSingleLine(text, arguments: arguments, home: home)
        } catch var error as QuakePredicate.ParseError {
            // Positions are counted over the whole text; say line and column.
            let before = Array(text).prefix(error.column - 1)
            if let lastNewline = before.lastIndex(of: "\n") {
                error.line = before.filter { $0 == "\n" }.count + 1
                error.column = error.column - 1 - lastNewline
            }
            throw error
        }
    }

    private static func parseSingleLine(_ text: String, arguments: [any Sendable], home: Home?) throws -> PredicateNode {
        var parser = try PredicateParser(text, arguments: arguments, home: home)
        let node = try parser.parseOr().node
        let token = parser.peek
        if token.kind == .punct(")") {
            throw QuakePredicate.ParseError(message: "unmatched ')'", column: token.column)
        }
        guard token.kind == .end else {
            throw QuakePredicate.ParseError(message: "unexpected \(describe(token)) after a complete predicate; join conditions with AND or OR",
                                 column: token.column)
        }
        if parser.nextArgument < parser.arguments.count {
            let given = parser.arguments.count == 1 ? "1 argument given" : "\(parser.arguments.count) arguments given"
            let used = parser.nextArgument == 0 ? "the format has no %@ or %K" : "the format uses \(parser.nextArgument)"
            throw QuakePredicate.ParseError(message: "\(given) but \(used)", column: token.column)
        }
        return node
    }

    // MARK: Tokens

    var peek: PredicateToken { tokens[position] }
    private var previous: PredicateToken { tokens[max(0, position - 1)] }
    mutating func advance() -> PredicateToken { defer { position += 1 }; return tokens[position] }

    private func isKeyword(_ token: PredicateToken, _ words: String...) -> Bool {
        if case .word(let w) = token.kind { return words.contains(w.uppercased()) }
        return false
    }

    static func describe(_ token: PredicateToken) -> String {
        switch token.kind {
        case .end: "end of input"
        case .string: "string \(token.text)"
        case .number: token.text
        default: "'\(token.text)'"
        }
    }

    func error(_ message: String, _ token: PredicateToken) -> QuakePredicate.ParseError {
        QuakePredicate.ParseError(message: message, column: token.column)
    }

    // MARK: Grammar

    /// How deep a predicate may nest: in levels of its tree (each NOT, and
    /// each switch between AND and OR, adds one; a run of one operator is
    /// one level), which are levels of parentheses in its SQL, and in
    /// parentheses and NOTs while parsing.
    /// SQLite parses with a fixed stack (100 entries in the 3.40 Debian 12
    /// ships) that overflows from about 33 levels; the parser, the evaluator
    /// and the printer recurse once per level.
    static let maxDepth = 24

    /// How many conditions one AND or OR may join: SQLite refuses an
    /// expression tree deeper than 1000, and a run is as deep as it is long.
    static let maxChain = 400

    private static func tooLong(_ op: String) -> String {
        "more than \(maxChain) conditions joined by \(op); for many alternatives use IN {…}"
    }

    /// Open parentheses and NOTs around the token being parsed.
    private var nesting = 0

    /// A parsed node and the height of its tree.
    private typealias Parsed = (node: PredicateNode, height: Int)

    private static var tooDeep: String {
        "the predicate nests too deeply: more than \(maxDepth) levels of NOT, parentheses and alternating AND/OR"
    }

    private mutating func enter(_ token: PredicateToken) throws {
        nesting += 1
        if nesting > Self.maxDepth { throw error(Self.tooDeep, token) }
    }

    /// A run of one operator (`a OR b OR c…`) is one level however long:
    /// the SQL lists it flat.
    private func joined(_ left: Parsed, _ right: Parsed, at token: PredicateToken,
                        _ make: (PredicateNode, PredicateNode) -> PredicateNode) throws -> Parsed {
        let node = make(left.node, right.node)
        let continuesChain: Bool
        switch (left.node, node) {
        case (.and, .and), (.or, .or): continuesChain = true
        default: continuesChain = false
        }
        let height = continuesChain ? max(left.height, right.height + 1) : max(left.height, right.height) + 1
        if height > Self.maxDepth { throw error(Self.tooDeep, token) }
        return (node, height)
    }

    private mutating func parseOr() throws -> Parsed {
        var parsed = try parseAnd()
        var conditions = 1
        while isKeyword(peek, "OR") || peek.kind == .op("||") {
            let token = advance()
            conditions += 1
            if conditions > Self.maxChain { throw error(Self.tooLong("OR"), token) }
            parsed = try joined(parsed, try parseAnd(), at: token, PredicateNode.or)
        }
        return parsed
    }

    private mutating func parseAnd() throws -> Parsed {
        var parsed = try parseNot()
        var conditions = 1
        while isKeyword(peek, "AND") || peek.kind == .op("&&") {
            let token = advance()
            conditions += 1
            if conditions > Self.maxChain { throw error(Self.tooLong("AND"), token) }
            parsed = try joined(parsed, try parseNot(), at: token, PredicateNode.and)
        }
        return parsed
    }

    private mutating func parseNot() throws -> Parsed {
        if isKeyword(peek, "NOT") || peek.kind == .op("!") {
            let token = advance()
            try enter(token)
            defer { nesting -= 1 }
            let inner = try parseNot()
            if inner.height >= Self.maxDepth { throw error(Self.tooDeep, token) }
            return (.not(inner.node), inner.height + 1)
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws -> Parsed {
        let token = peek
        if token.kind == .punct("(") {
            _ = advance()
            try enter(token)
            defer { nesting -= 1 }
            let parsed = try parseOr()
            guard peek.kind == .punct(")") else {
                throw error("expected ')' to close the '(' at column \(token.column), found \(Self.describe(peek))", peek)
            }
            _ = advance()
            return parsed
        }
        if isKeyword(token, "TRUEPREDICATE") { _ = advance(); return (.constant(true), 1) }
        if isKeyword(token, "FALSEPREDICATE") { _ = advance(); return (.constant(false), 1) }
        if token.kind == .end { throw error("expected a condition, found end of input", token) }
        return (try parseComparison(), 1)
    }

    /// One side of a comparison: a key or a value.
    enum Operand {
        case key(QuakeField)
        case value(Literal)
    }

    /// A value before it is checked against its key.
    enum Literal {
        case null
        case number(Double, String)
        case string(String)
        case bool(Bool)
        case date(Int64)
        /// Values and where each was written.
        case list([(Literal, PredicateToken)])

        var shown: String {
            switch self {
            case .null: "NULL"
            case .number(_, let text): text
            case .string(let s): "\"\(s)\""
            case .bool(let b): b ? "TRUE" : "FALSE"
            case .date(let ms): ISOTime.string(epochMilliseconds: ms)
            case .list(let items): "{" + items.map(\.0.shown).joined(separator: ", ") + "}"
            }
        }
    }

    static let keywords: Set<String> = ["AND", "OR", "NOT", "BETWEEN", "IN", "CONTAINS", "BEGINSWITH", "ENDSWITH",
                                        "LIKE", "MATCHES", "TRUEPREDICATE", "FALSEPREDICATE"]

    mutating func parseOperand(after context: String?) throws -> (Operand, PredicateToken) {
        let token = advance()
        switch token.kind {
        case .word(let word):
            switch word.uppercased() {
            case "NULL", "NIL": return (.value(.null), token)
            case "TRUE", "YES": return (.value(.bool(true)), token)
            case "FALSE", "NO": return (.value(.bool(false)), token)
            case let keyword where Self.keywords.contains(keyword):
                let what = context.map { "expected a value after '\($0)'" } ?? "expected a condition"
                throw error("\(what), found '\(word)'", token)
            case "DISTANCE":
                return (.key(try parseDistance(token)), token)
            default:
                guard let field = QuakeField.named(word) else { throw unknownKey(word, token, afterOperator: context != nil) }
                return (.key(field), token)
            }
        case .number(let value, let text): return (.value(.number(value, text)), token)
        case .string(let s): return (.value(.string(s)), token)
        case .argument("K"):
            let argument = try takeArgument(token)
            guard let name = argument as? String else { throw error("%K needs a key name, found \(argument)", token) }
            guard let field = QuakeField.named(name) else { throw unknownKey(name, token, afterOperator: false) }
            return (.key(field), token)
        case .argument:
            return (.value(try literal(fromArgument: takeArgument(token), token)), token)
        case .punct("{"):
            position -= 1
            return (.value(try parseList()), token)
        default:
            let what = context.map { "expected a value after '\($0)'" } ?? "expected a key or a value"
            throw error("\(what), found \(Self.describe(token))", token)
        }
    }

    private mutating func takeArgument(_ token: PredicateToken) throws -> any Sendable {
        guard nextArgument < arguments.count else {
            throw error("missing argument for %\(token.text.dropFirst()) (only \(arguments.count) given)", token)
        }
        defer { nextArgument += 1 }
        return arguments[nextArgument]
    }

    private func literal(fromArgument argument: any Sendable, _ token: PredicateToken) throws -> Literal {
        let mirror = Mirror(reflecting: argument)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return .null }
            return try literal(fromArgument: wrapped as! any Sendable, token)
        }
        switch argument {
        case is NSNull: return .null
        case let s as String:
            if s.contains("\0") { throw error(PredicateLexer.nulInString, token) }
            return .string(s)
        case let s as Substring:
            if s.contains("\0") { throw error(PredicateLexer.nulInString, token) }
            return .string(String(s))
        case let b as Bool: return .bool(b)
        case let d as Date: return .date(d.epochMilliseconds)
        case let n as any BinaryInteger: return .number(Double(n), "\(n)")
        case let n as Double: return .number(n, String(n))
        case let n as Float: return .number(Double(n), String(n))
        case let items as [any Sendable]: return .list(try items.map { (try literal(fromArgument: $0, token), token) })
        default: throw error("unsupported argument type \(type(of: argument))", token)
        }
    }

    private mutating func parseList() throws -> Literal {
        let open = advance()
        var items: [(Literal, PredicateToken)] = []
        if peek.kind == .punct("}") { _ = advance(); return .list(items) }
        while true {
            let (operand, token) = try parseOperand(after: items.isEmpty ? "{" : ",")
            guard case .value(let value) = operand else { throw error("a list holds values, not keys", token) }
            items.append((value, token))
            let next = advance()
            if next.kind == .punct("}") { return .list(items) }
            guard next.kind == .punct(",") else {
                throw error("expected ',' or '}' in the list opened at column \(open.column), found \(Self.describe(next))", next)
            }
        }
    }

    private func unknownKey(_ name: String, _ token: PredicateToken, afterOperator: Bool) -> QuakePredicate.ParseError {
        let candidates = QuakeField.all.flatMap { [$0.name] + $0.aliases }
        if let close = candidates.min(by: { editDistance(name.lowercased(), $0.lowercased()) < editDistance(name.lowercased(), $1.lowercased()) }),
           editDistance(name.lowercased(), close.lowercased()) <= max(1, name.count / 3) {
            return error("unknown key '\(name)' (did you mean '\(close)'?)", token)
        }
        if afterOperator { return error("unknown key '\(name)'; to compare with text, put it in quotes: \"\(name)\"", token) }
        return error("unknown key '\(name)'; keys are \(QuakeField.all.map(\.name).joined(separator: ", "))", token)
    }

    private mutating func parseComparison() throws -> PredicateNode {
        let (left, leftToken) = try parseOperand(after: nil)
        let opToken = advance()
        var options: StringOptions = []
        func readModifier() {
            if case .modifier(let o) = peek.kind { options = o; _ = advance() }
        }
        switch opToken.kind {
        case .op(let symbol) where !["&&", "||", "!"].contains(symbol):
            readModifier()
            let op = ComparisonOperator(rawValue: symbol)!
            let (right, rightToken) = try parseOperand(after: opToken.text)
            switch (left, right) {
            case (.key(let field), .value(let value)):
                return try comparison(field, op, value, options, opToken: opToken, valueToken: rightToken)
            case (.value(let value), .key(let field)):
                return try comparison(field, op.flipped, value, options, opToken: opToken, valueToken: leftToken)
            case (.key, .key):
                throw error("comparing two keys is not supported; compare a key with a value", rightToken)
            case (.value, .value):
                throw error("a comparison needs a key on one side", leftToken)
            }
        case .word(let word):
            let upper = word.uppercased()
            guard let field = { if case .key(let f) = left { return f } else { return nil } }() else {
                if ["BETWEEN", "IN", "CONTAINS", "BEGINSWITH", "ENDSWITH", "LIKE", "MATCHES"].contains(upper) {
                    throw error("\(upper) needs a key on its left", leftToken)
                }
                throw error("expected an operator after \(Self.describe(leftToken)), found \(Self.describe(opToken))", opToken)
            }
            if upper == "BETWEEN" {
                let (right, rightToken) = try parseOperand(after: "BETWEEN")
                guard case .value(.list(let bounds)) = right, bounds.count == 2 else {
                    throw error("BETWEEN needs two values in braces, {low, high}", rightToken)
                }
                let low = try coerce(bounds[0].0, for: field, valueToken: bounds[0].1)
                let high = try coerce(bounds[1].0, for: field, valueToken: bounds[1].1)
                if low == .null || high == .null { throw error("BETWEEN bounds cannot be NULL", rightToken) }
                return .between(field, low, high)
            }
            if upper == "IN" {
                readModifier()
                let (right, rightToken) = try parseOperand(after: "IN")
                guard case .value(.list(let items)) = right else {
                    throw error("IN needs a list of values in braces, {a, b, c}", rightToken)
                }
                var values = try items.map { try coerce($0.0, for: field, valueToken: $0.1) }
                guard field.kind == .text else { return .oneOf(field, values, []) }
                if !options.isEmpty { values = values.map { if case .text(let t) = $0 { .text(options.fold(t)) } else { $0 } } }
                return .oneOf(field, values, options)
            }
            guard let op = StringOperator(rawValue: upper) else {
                throw error("expected an operator after \(Self.describe(leftToken)), found \(Self.describe(opToken))", opToken)
            }
            guard field.kind == .text else {
                throw error("\(upper) needs a text key; \(field.name) is a \(field.kind == .time ? "time" : "number")", opToken)
            }
            readModifier()
            let (right, rightToken) = try parseOperand(after: upper)
            guard case .value(let value) = right, case .string(var text) = value else {
                let found: String
                switch right {
                case .key(let f): found = "the key \(f.name)"
                case .value(let v): found = v.shown
                }
                throw error("\(upper) needs a string, found \(found)", opToken)
            }
            _ = rightToken
            if op == .matches {
                if options.contains(.diacriticInsensitive) { text = TextFolding.foldDiacritics(text) }
                if RegexCache.shared.regex(text) == nil {
                    throw error("invalid regular expression \"\(text)\"", rightToken)
                }
            } else {
                text = options.fold(text)
            }
            return .string(field, op, text, options)
        case .end:
            throw error("expected an operator after \(Self.describe(leftToken)), found end of input", opToken)
        default:
            throw error("expected an operator after \(Self.describe(leftToken)), found \(Self.describe(opToken))", opToken)
        }
    }

    private func comparison(_ field: QuakeField, _ op: ComparisonOperator, _ literal: Literal, _ options: StringOptions,
                            opToken: PredicateToken, valueToken: PredicateToken) throws -> PredicateNode {
        let value = try coerce(literal, for: field, valueToken: valueToken)
        if value == .null, op != .equal, op != .notEqual {
            throw error("'\(op.rawValue)' cannot compare with NULL; use == or !=", opToken)
        }
        if case .text(let t) = value, !options.isEmpty { return .comparison(field, op, .text(options.fold(t)), options) }
        return .comparison(field, op, value, field.kind == .text ? options : [])
    }

    /// Checks a literal against the key's kind: numbers for numeric keys,
    /// ISO 8601 text or dates for times, text for text keys.
    private func coerce(_ literal: Literal, for field: QuakeField, valueToken: PredicateToken) throws -> PredicateValue {
        switch (field.kind, literal) {
        case (_, .null): return .null
        case (_, .list): throw error("\(field.name) is compared with one value, not a list", valueToken)
        case (.number, .number(let n, _)), (.time, .number(let n, _)): return .number(n)
        case (.number, .bool(let b)): return .number(b ? 1 : 0)
        case (.time, .date(let ms)): return .number(Double(ms))
        case (.time, .string(let s)):
            if let ms = ISOTime.epochMilliseconds(s) { return .number(Double(ms)) }
            if let age = Self.age(s) { return age }
            throw error("\(field.name) needs an ISO 8601 time like \"2018-06-10\" or \"2018-06-10T12:00:00Z\", "
                        + "or an age like \"7d\" or \"24h\", found \"\(s)\"", valueToken)
        case (.text, .string(let s)): return .text(s)
        case (.text, .number(_, let text)): return .text(text)
        case (.text, .date(let ms)):
            return .text(field == .day ? UTCDay.string(epochMilliseconds: ms) : ISOTime.string(epochMilliseconds: ms))
        default: throw error("\(field.name) needs \(field.kind == .text ? "a string" : "a number"), found \(literal.shown)", valueToken)
        }
    }
}

extension PredicateParser {
    /// `"now"`, or a duration with its unit (`"7d"`, `"24h"`, `"1h30m"`;
    /// `"-24h"` too): that long before the predicate is used. A bare number
    /// is not an age (a time in seconds or milliseconds would be misread).
    static func age(_ text: String) -> PredicateValue? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "now" { return .age(seconds: 0, text: trimmed) }
        let duration = trimmed.hasPrefix("-") ? String(trimmed.dropFirst()) : trimmed
        guard duration.contains(where: \.isLetter), let seconds = DurationText.seconds(duration) else { return nil }
        return .age(seconds: seconds, text: trimmed)
    }
}

/// Levenshtein distance, for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int { editDistance(Array(a), Array(b)) }

/// Levenshtein distance between two sequences (characters, scalars).
func editDistance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
    if a.isEmpty { return b.count }
    var row = Array(0...b.count)
    for i in 1...a.count {
        var previous = row[0]
        row[0] = i
        for j in stride(from: 1, through: b.count, by: 1) {
            let saved = row[j]
            row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
            previous = saved
        }
    }
    return row[b.count]
}
