/// Splits CSV bytes into records of fields, in place: a field is a byte range
/// of the input, copied only when its quotes must be undone (`""`). Read as
/// CSV.swift read it (the file copied into a String, then every field built
/// scalar by scalar), 1,000,000 generated rows took 18–22 s to parse here;
/// read from the mapped bytes, 2–3 s, most of it making the quakes.
///
/// RFC 4180 as CSV.swift 2.5 read it, so that every file reads as before:
/// - fields end at `,`; records at LF, CRLF or a lone CR, or at the end of
///   the input (a final line needs no line end, and a final line end makes
///   no empty record);
/// - a field starting with `"` is quoted: commas, CR and LF inside are
///   text, `""` is one quote, and a quote followed by anything else is kept
///   while that one character is dropped (`"a"b"` is `a"`); a quoted field
///   cut off by the end of the input ends there;
/// - a quote inside an unquoted field is text;
/// - an empty line is a record of one empty field.
struct CSVScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var offset = 0
    /// The fields of the record last read.
    private(set) var fields: [Field] = []
    /// The text of this record's fields that had quotes undone.
    private var unquoted: [UInt8] = []

    /// Where a field's text is: in the input, or in `unquoted`.
    enum Field {
        case input(Range<Int>)
        case unquoted(Range<Int>)
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        fields.reserveCapacity(32)
    }

    private static let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\""), lf: UInt8 = 0x0A, cr: UInt8 = 0x0D

    /// Reads the next record into `fields`; false at the end of the input.
    mutating func nextRecord() -> Bool {
        fields.removeAll(keepingCapacity: true)
        unquoted.removeAll(keepingCapacity: true)
        guard offset < bytes.count else { return false }
        while true {
            if offset == bytes.count {   // after a final comma: one more, empty field
                fields.append(.input(offset..<offset))
                return true
            }
            let recordEnds = bytes[offset] == Self.quote ? readQuotedField() : readUnquotedField()
            if recordEnds { return true }
        }
    }

    /// Whether the record is an empty line (or only `""`).
    var isBlank: Bool {
        guard fields.count == 1 else { return false }
        switch fields[0] {
        case .input(let range), .unquoted(let range): return range.isEmpty
        }
    }

    /// Calls `body` with field `index`'s bytes.
    func withBytes<Result>(ofField index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch fields[index] {
        case .input(let range):
            return try body(UnsafeBufferPointer(rebasing: bytes[range]))
        case .unquoted(let range):
            return try unquoted.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
    }

    /// Field `index` as a String (invalid UTF-8 as U+FFFD).
    func text(ofField index: Int) -> String {
        withBytes(ofField: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Reads up to and past the comma or line end after the field; true when
    /// that ended the record.
    private mutating func readUnquotedField() -> Bool {
        let start = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            // One comparison for the usual byte: every delimiter is at most 0x2C.
            if byte > Self.comma { offset += 1; continue }
            if byte == Self.comma {
                fields.append(.input(start..<offset))
                offset += 1
                return false
            }
            if byte == Self.lf || byte == Self.cr {
                fields.append(.input(start..<offset))
                skipLineEnd()
                return true
            }
            offset += 1
        }
        fields.append(.input(start..<offset))
        return true
    }

    /// From the opening quote; true when the field ended the record.
    private mutating func readQuotedField() -> Bool {
        offset += 1
        let start = offset
        var copiedUpTo: Int?    // set once the field's text is in `unquoted`: input copied so far
        let unquotedStart = unquoted.count
        func field(endingAt end: Int) -> Field {
            guard let copied = copiedUpTo else { return .input(start..<end) }
            unquoted.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<end]))
            return .unquoted(unquotedStart..<unquoted.count)
        }
        while offset < bytes.count {
            guard bytes[offset] == Self.quote else { offset += 1; continue }
            let quoteAt = offset
            offset += 1
            guard offset < bytes.count else {
                fields.append(field(endingAt: quoteAt))
                return true
            }
            let next = bytes[offset]
            if next == Self.comma {
                fields.append(field(endingAt: quoteAt))
                offset += 1
                return false
            }
            if next == Self.lf || next == Self.cr {
                fields.append(field(endingAt: quoteAt))
                skipLineEnd()
                return true
            }
            // `""` is one quote; a quote before anything else stays, and
            // the character after it is dropped (CSV.swift's reading).
            unquoted.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(copiedUpTo ?? start)...quoteAt]))
            offset += next == Self.quote ? 1 : scalarLength(at: offset)
            copiedUpTo = offset
        }
        fields.append(field(endingAt: offset))   // no closing quote: the field ends with the input
        return true
    }

    /// Past LF, CR or CRLF.
    private mutating func skipLineEnd() {
        let byte = bytes[offset]
        offset += 1
        if byte == Self.cr, offset < bytes.count, bytes[offset] == Self.lf { offset += 1 }
    }

    /// The bytes of the character (Unicode scalar) starting at `index`; a
    /// stray continuation byte of invalid input counts as one.
    private func scalarLength(at index: Int) -> Int {
        let lead = bytes[index]
        let length = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        return min(length, bytes.count - index)
    }
}
