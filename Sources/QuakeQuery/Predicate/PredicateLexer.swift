/// Tokens of the predicate format language, with the 1-based column each
/// starts at (in characters, as the user sees them).
struct PredicateToken: Equatable {
    enum Kind: Equatable {
        case word(String)            // keys and keywords
        case number(Double, String)  // value and its text
        case string(String)
        case op(String)              // == != < <= > >= && || !
        case modifier(StringOptions) // [c] [d] [cd]
        case punct(Character)        // ( ) { } ,
        case argument(Character)     // %@ or %K
        case end
    }
    var kind: Kind
    var column: Int
    var text: String
}

struct PredicateLexer {
    private let chars: [Character]
    private var i = 0

    init(_ text: String) { chars = Array(text) }

    static func tokens(_ text: String) throws -> [PredicateToken] {
        var lexer = PredicateLexer(text)
        var tokens: [PredicateToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func error(_ message: String, at index: Int) -> QuakePredicate.ParseError {
        QuakePredicate.ParseError(message: message, column: index + 1)
    }

    mutating func next() throws -> PredicateToken {
        while i < chars.count, chars[i].isWhitespace { i += 1 }
        let start = i
        func token(_ kind: PredicateToken.Kind) -> PredicateToken {
            PredicateToken(kind: kind, column: start + 1, text: String(chars[start..<i]))
        }
        guard i < chars.count else { return token(.end) }
        let c = chars[i]
        if c.isLetter || c == "_" {
            while i < chars.count, chars[i].isLetter || chars[i].isNumber || chars[i] == "_" { i += 1 }
            return token(.word(String(chars[start..<i])))
        }
        if c.isASCII && c.isNumber || (c == "." && i + 1 < chars.count && chars[i + 1].isASCII && chars[i + 1].isNumber)
            || (c == "-" && i + 1 < chars.count && (chars[i + 1].isASCII && chars[i + 1].isNumber || chars[i + 1] == ".")) {
            i += 1
            while i < chars.count, chars[i].isASCII && chars[i].isNumber || chars[i] == "." { i += 1 }
            if i < chars.count, chars[i] == "e" || chars[i] == "E" {
                var j = i + 1
                if j < chars.count, chars[j] == "+" || chars[j] == "-" { j += 1 }
                if j < chars.count, chars[j].isASCII && chars[j].isNumber {
                    i = j
                    while i < chars.count, chars[i].isASCII && chars[i].isNumber { i += 1 }
                }
            }
            let text = String(chars[start..<i])
            guard let value = Double(text) else { throw error("invalid number '\(text)'", at: start) }
            guard value.isFinite else { throw error("number '\(text)' is out of range", at: start) }
            return token(.number(value, text))
        }
        switch c {
        case "\"", "'":
            return token(.string(try readString(quote: c)))
        case "[":
            i += 1
            var options: StringOptions = []
            while i < chars.count, chars[i] != "]" {
                switch chars[i].lowercased() {
                case "c": options.insert(.caseInsensitive)
                case "d": options.insert(.diacriticInsensitive)
                case _ where chars[i].isWhitespace || chars[i] == "\"" || chars[i] == "'":
                    throw error("unclosed modifier, expected ']'", at: start)
                default: throw error("unknown modifier '\(chars[i])': use [c], [d] or [cd]", at: i)
                }
                i += 1
            }
            guard i < chars.count else { throw error("unclosed modifier, expected ']'", at: start) }
            i += 1
            return token(.modifier(options))
        case "(", ")", "{", "}", ",":
            i += 1
            return token(.punct(c))
        case "%":
            i += 1
            guard i < chars.count, chars[i] == "@" || chars[i] == "K" else {
                throw error("expected %@ or %K", at: start)
            }
            i += 1
            return token(.argument(chars[i - 1]))
        default:
            break
        }
        let two = i + 1 < chars.count ? String(chars[i...i + 1]) : ""
        let canonical: [String: String] = ["==": "==", "!=": "!=", "<>": "!=", "<=": "<=", "=<": "<=",
                                           ">=": ">=", "=>": ">=", "&&": "&&", "||": "||"]
        if let op = canonical[two] { i += 2; return token(.op(op)) }
        switch c {
        case "=": i += 1; return token(.op("=="))
        case "<", ">", "!": i += 1; return token(.op(String(c)))
        default: throw error("unexpected character '\(c)'", at: start)
        }
    }

    static let nulInString = "a string cannot hold the NUL character"

    private mutating func readString(quote: Character) throws -> String {
        let start = i
        i += 1
        var out = ""
        while i < chars.count {
            let c = chars[i]
            if c == quote { i += 1; return out }
            // SQLite's text functions stop at a NUL, so SQL and the in-memory
            // evaluation would disagree about such a string: refused.
            if c == "\0" { throw error(Self.nulInString, at: i) }
            if c == "\\" {
                i += 1
                guard i < chars.count else { break }
                switch chars[i] {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                case "0", "\0": throw error(Self.nulInString, at: i - 1)
                case "u":
                    let hex = String(chars[min(i + 1, chars.count)..<min(i + 5, chars.count)])
                    guard hex.count == 4, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                        throw error("invalid \\u escape, expected 4 hex digits", at: i - 1)
                    }
                    if scalar == "\0" { throw error(Self.nulInString, at: i - 1) }
                    out.unicodeScalars.append(scalar)
                    i += 4
                default: out.append(chars[i])   // \" \' \\ and any other character as itself
                }
                i += 1
                continue
            }
            out.append(c)
            i += 1
        }
        throw error("unterminated string, expected \(quote)", at: start)
    }
}
