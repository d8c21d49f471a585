import Foundation

/// A JSON syntax or type error at a byte offset of the input.
struct JSONScanError: Error {
    var message: String
    var offset: Int
}

/// A pull reader over JSON bytes. Foundation's decoders build the whole
/// document in memory and report no position; a USGS feed can be hundreds of
/// megabytes, so the importer walks it feature by feature with this, keeping
/// memory flat and naming the line and column of anything wrong.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var offset = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    enum Kind: String { case object, array, string, number, bool = "boolean", null, end = "end of input" }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    /// The kind of the next value, after whitespace.
    mutating func peekKind() throws -> Kind {
        skipWhitespace()
        guard offset < bytes.count else { return .end }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "N"), UInt8(ascii: "I"):
            return .number
        default: throw error("unexpected character \(describe(byte: bytes[offset]))")
        }
    }

    func error(_ message: String, at position: Int? = nil) -> JSONScanError {
        JSONScanError(message: message, offset: position ?? offset)
    }

    private func describe(byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: "byte 0x%02X", byte)
    }

    /// `what` is formatted only for the error: once per key it was a tenth of an import.
    private mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws {
        skipWhitespace()
        guard offset < bytes.count else { throw error("unexpected end of input, expected \(what())") }
        guard bytes[offset] == byte else { throw error("expected \(what()), found \(describe(byte: bytes[offset]))") }
        offset += 1
    }

    /// Walks an object, calling `body` with each key; `body` must consume the value.
    mutating func readObject(_ body: (inout JSONScanner, JSONKey) throws -> Void) throws {
        try expect(UInt8(ascii: "{"), "'{'")
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") { offset += 1; return }
        while true {
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of input, expected a key") }
            guard bytes[offset] == UInt8(ascii: "\"") else { throw error("expected a key in quotes, found \(describe(byte: bytes[offset]))") }
            // A key is matched on its bytes, not made into a String: a
            // feature has some 30 keys, each compared with up to 19 names.
            if let (slice, start, ascii) = try scanPlainString() {
                if !ascii { _ = try validated(slice, startingAt: start) }
                let key = JSONKey(bytes: slice)
                try expect(UInt8(ascii: ":"), "':' after key \"\(key.string)\"")
                try body(&self, key)
            } else {
                let unescaped = Array(try readEscapedString().utf8)
                try unescaped.withUnsafeBufferPointer { bytes in
                    let key = JSONKey(bytes: bytes)
                    try expect(UInt8(ascii: ":"), "':' after key \"\(key.string)\"")
                    try body(&self, key)
                }
            }
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of input, expected ',' or '}'") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            if bytes[offset] == UInt8(ascii: "}") { offset += 1; return }
            throw error("expected ',' or '}', found \(describe(byte: bytes[offset]))")
        }
    }

    /// Walks an array, calling `body` with each element's index; `body` must consume it.
    mutating func readArray(_ body: (inout JSONScanner, Int) throws -> Void) throws {
        try expect(UInt8(ascii: "["), "'['")
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") { offset += 1; return }
        var index = 0
        while true {
            try body(&self, index)
            index += 1
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of input, expected ',' or ']'") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            if bytes[offset] == UInt8(ascii: "]") { offset += 1; return }
            throw error("expected ',' or ']', found \(describe(byte: bytes[offset]))")
        }
    }

    mutating func readNull() throws -> Bool {
        if try peekKind() == .null { try readLiteral("null"); return true }
        return false
    }

    private mutating func readLiteral(_ word: StaticString) throws {
        let start = offset
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { throw error("unexpected end of input", at: start) }
        for i in 0..<count where bytes[offset + i] != word.utf8Start[i] {
            throw error("invalid literal, expected \(word)", at: start)
        }
        offset += count
    }

    mutating func readBool() throws -> Bool {
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "t") { try readLiteral("true"); return true }
        try readLiteral("false")
        return false
    }

    mutating func readString() throws -> String {
        guard let (slice, start, ascii) = try scanPlainString() else { return try readEscapedString() }
        return ascii ? String(decoding: slice, as: UTF8.self) : try validated(slice, startingAt: start)
    }

    /// The fast path: a string without escapes, its bytes, where they start
    /// and whether all are ASCII; nil (just past the opening quote) when it
    /// has an escape.
    private mutating func scanPlainString() throws -> (UnsafeBufferPointer<UInt8>, Int, Bool)? {
        try expect(UInt8(ascii: "\""), "'\"'")
        let start = offset
        var ascii = true
        while offset < bytes.count {
            let b = bytes[offset]
            if b == UInt8(ascii: "\"") {
                offset += 1
                return (UnsafeBufferPointer(rebasing: bytes[start..<offset - 1]), start, ascii)
            }
            if b == UInt8(ascii: "\\") { offset = start; return nil }
            if b < 0x20 { throw error("control character in string") }
            if b >= 0x80 { ascii = false }
            offset += 1
        }
        throw error("unexpected end of input inside a string", at: start - 1)
    }

    private func validated(_ slice: UnsafeBufferPointer<UInt8>, startingAt start: Int) throws -> String {
        if let string = String(validating: slice, as: UTF8.self) { return string }
        var iterator = slice.makeIterator()
        var decoder = UTF8()
        var consumed = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): consumed += UTF8.width(scalar)
            case .emptyInput: return String(decoding: slice, as: UTF8.self)
            case .error: throw error("not UTF-8 (invalid byte \(String(format: "0x%02X", slice[consumed])))", at: start + consumed)
            }
        }
    }

    private mutating func readEscapedString() throws -> String {
        var out: [UInt8] = []
        let start = offset
        while offset < bytes.count {
            let b = bytes[offset]
            if b == UInt8(ascii: "\"") {
                offset += 1
                return try out.withUnsafeBufferPointer { try validated($0, startingAt: start) }
            }
            if b < 0x20 { throw error("control character in string") }
            if b != UInt8(ascii: "\\") { out.append(b); offset += 1; continue }
            offset += 1
            guard offset < bytes.count else { break }
            let escape = bytes[offset]
            offset += 1
            switch escape {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                let escapeStart = offset - 2
                var scalar = try readHex4()
                if (0xD800..<0xDC00).contains(scalar),
                   offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") {
                    offset += 2
                    let low = try readHex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw loneSurrogate(scalar, at: escapeStart) }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xD800..<0xE000).contains(scalar) {
                    // Half of a UTF-16 pair is no character: it was stored as U+FFFD without a word.
                    throw loneSurrogate(scalar, at: escapeStart)
                }
                // NUL cannot be stored: SQLite's text binding ends the string
                // there, so "a\u0000b" and "a\u0000c" would be one id.
                let value = scalar == 0 ? StoredText.replacement : Unicode.Scalar(scalar) ?? StoredText.replacement
                out.append(contentsOf: Array(String(value).utf8))
            default:
                throw error("invalid escape \\\(Character(Unicode.Scalar(escape)))", at: offset - 2)
            }
        }
        throw error("unexpected end of input inside a string", at: start - 1)
    }

    private func loneSurrogate(_ scalar: UInt32, at position: Int) -> JSONScanError {
        error(String(format: "a lone surrogate \\u%04X in a string (half of a UTF-16 pair)", scalar), at: position)
    }

    private mutating func readHex4() throws -> UInt32 {
        guard offset + 4 <= bytes.count else { throw error("unexpected end of input in \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[offset]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value * 16 + UInt32(digit)
            offset += 1
        }
        return value
    }

    /// Reads a number. `NaN`, `Infinity` and `-Infinity` are accepted too, as
    /// Python's json module writes them: the importer then rejects the value
    /// with a reason instead of refusing the whole file.
    mutating func readNumber() throws -> Double {
        skipWhitespace()
        let start = offset
        var negative = false
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { negative = true; offset += 1 }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "N") { try readLiteral("NaN"); return .nan }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "I") {
            try readLiteral("Infinity"); return negative ? -.infinity : .infinity
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        let intStart = offset
        while offset < bytes.count, bytes[offset] &- UInt8(ascii: "0") < 10 {
            mantissa = mantissa &* 10 &+ UInt64(bytes[offset] - UInt8(ascii: "0")); digits += 1; offset += 1
        }
        guard offset > intStart else {
            if offset >= bytes.count { throw error("unexpected end of input, expected a number") }
            throw error("expected a number, found \(describe(byte: bytes[offset]))")
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            let fracStart = offset
            while offset < bytes.count, bytes[offset] &- UInt8(ascii: "0") < 10 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[offset] - UInt8(ascii: "0")); digits += 1; exponent -= 1; offset += 1
            }
            guard offset > fracStart else { throw error("expected a digit after '.'") }
        }
        var hasExponent = false
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            let expStart = offset
            while offset < bytes.count, bytes[offset] &- UInt8(ascii: "0") < 10 { offset += 1 }
            guard offset > expStart else { throw error("expected a digit in exponent") }
        }
        // Up to 19 digits without an exponent (a Double's shortest text, as
        // the generated feed's coordinates): read exactly without strtod.
        if !hasExponent, digits <= ShortDecimal.maxDigits {
            let value = ShortDecimal.value(digits: mantissa, overTenToThe: -exponent)
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let value = Double(text) else { throw error("invalid number \(text)", at: start) }
        return value
    }

    /// How deep `skipValue` follows nested arrays and objects (as deep as
    /// Foundation's JSON decoders go): each level is a stack frame, and a
    /// hostile file of a million '[' would overflow the stack.
    static let maxDepth = 512

    /// Skips any value, checking its syntax.
    mutating func skipValue() throws { try skipValue(depth: 1) }

    private mutating func skipValue(depth: Int) throws {
        let kind = try peekKind()
        if kind == .object || kind == .array, depth > Self.maxDepth {
            throw error("arrays and objects nested more than \(Self.maxDepth) deep")
        }
        switch kind {
        case .object: try readObject { scanner, _ in try scanner.skipValue(depth: depth + 1) }
        case .array: try readArray { scanner, _ in try scanner.skipValue(depth: depth + 1) }
        case .string: _ = try readString()
        case .number: _ = try readNumber()
        case .bool: _ = try readBool()
        case .null: try readLiteral("null")
        case .end: throw error("unexpected end of input, expected a value")
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    func lineAndColumn(of position: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        let end = min(position, bytes.count)
        for i in 0..<end where bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
        // Count characters, not bytes: continuation bytes do not start one.
        var column = 1
        for i in lineStart..<end where bytes[i] & 0xC0 != 0x80 { column += 1 }
        return (line, column)
    }
}

/// An object's key as its UTF-8 bytes (valid), matched against names in a
/// `switch` (`case "mag":`) without making a String.
struct JSONKey {
    let bytes: UnsafeBufferPointer<UInt8>

    static func ~= (name: StaticString, key: JSONKey) -> Bool {
        name.utf8CodeUnitCount == key.bytes.count
            && (key.bytes.isEmpty || memcmp(name.utf8Start, key.bytes.baseAddress!, key.bytes.count) == 0)
    }

    /// For messages.
    var string: String { String(decoding: bytes, as: UTF8.self) }
}
