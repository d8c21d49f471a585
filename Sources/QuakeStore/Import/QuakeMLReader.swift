import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads QuakeML 1.2 (an FDSN event service's `format=xml`) one `event`
/// at a time, with Foundation's SAX parser: only the current event is kept,
/// never a tree of the file. Elements are matched by local name, whatever
/// their namespace (ISC puts everything in the `quakeml/1.2` namespace,
/// others in `bed/1.2`) and in any order.
enum QuakeMLReader {
    /// Not well-formed XML, or a value that is not a number or a time:
    /// the file is not QuakeML to read. `line`:`column` as libxml2 counts.
    struct SyntaxError: Error, Equatable {
        var message: String
        var line: Int
        var column: Int
    }

    /// Calls `onEvent` with each event's index and its parse. `service`
    /// names the service the file comes from (`import --service`); without
    /// it, each event's `publicID` says. Now and then `readBefore` is told
    /// the offset before which nothing will be read again. A file in
    /// another encoding than UTF-8 is read from a UTF-8 copy (`QuakeMLEncoding`).
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, service: String? = nil, readBefore: (Int) -> Void = { _ in },
                     onEvent: (Int, consuming ParsedEvent) throws -> Void) throws {
        // Blanks before `<?xml` are an XML error; the sniffing skipped them, so the reader does too.
        let start = bytes.prefix { blanks.contains($0) }.count
        guard let utf8 = try QuakeMLEncoding.utf8(of: bytes, from: start) else {
            return try parse(bytes, from: start, service: service, readBefore: readBefore, onEvent: onEvent)
        }
        readBefore(bytes.count)   // the original is not read again
        try utf8.withUnsafeBufferPointer { try parse($0, from: start, service: service, readBefore: { _ in }, onEvent: onEvent) }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, service: String?, readBefore: (Int) -> Void,
                              onEvent: (Int, consuming ParsedEvent) throws -> Void) throws {
        try withoutActuallyEscaping(readBefore) { readBefore in
            try withoutActuallyEscaping(onEvent) { onEvent in
                try QuakeMLDoctype.refuseDeclarations(bytes, from: start)
                let input = ByteStream(bytes, from: start, readBefore: readBefore)
                let parser = XMLParser(stream: input)
                let handler = QuakeMLHandler(service: service, onEvent: onEvent)
                parser.delegate = handler
                _ = parser.parse()
                if let at = input.instructionWithoutData {
                    let (line, column) = JSONScanner(bytes).lineAndColumn(of: at)
                    throw SyntaxError(message: "a processing instruction without data (<?name?>) is not read", line: line, column: column)
                }
                // The callbacks cannot throw: they keep the first failure and stop the parse.
                if let failure = handler.failure { throw failure }
                // libxml2 says "document end" (5) both for a file cut short and for content after the end.
                if let open = handler.openElement, handler.firstXMLError.map({ ($0.error as NSError).code == 5 }) ?? true {
                    throw SyntaxError(message: "unexpected end of input (<\(open)> is not closed)",
                                      line: parser.lineNumber, column: parser.columnNumber)
                }
                if let found = handler.firstXMLError {
                    let words = XMLErrorWords.words((found.error as NSError).code)
                    throw SyntaxError(message: "not well-formed XML: \(words)", line: found.line, column: found.column)
                }
                if !handler.sawRoot { throw SyntaxError(message: "no XML element", line: 1, column: 1) }
            }
        }
    }

    /// XML's blanks: space, tab, line feed, carriage return.
    static let blanks: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
}

/// Hands the parser the bytes in slices, telling `readBefore` what it has
/// taken: libxml2 copies what it is given, so the mapped pages behind can
/// be given back (`ReadPages`). (`XMLParser(data:)` gives no offsets.)
private final class ByteStream: InputStream {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let readBefore: (Int) -> Void
    private var offset = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, readBefore: @escaping (Int) -> Void) {
        self.bytes = bytes
        offset = start
        self.readBefore = readBefore
        super.init(data: Data())
    }

    override func open() {}
    override func close() {}
    override var hasBytesAvailable: Bool { offset < bytes.count }
    override var streamStatus: Stream.Status { offset < bytes.count ? .open : .atEnd }

    /// Where a processing instruction without data (`<?x?>`) starts: the
    /// stream ends before it, since Foundation's XMLParser passes its NULL
    /// data to strlen and crashes (found by fuzzing).
    private(set) var instructionWithoutData: Int?

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        var count = min(maxLength, bytes.count - offset)
        guard count > 0, let base = bytes.baseAddress else { return 0 }
        if let at = firstInstructionWithoutData(in: offset..<(offset + count)) {
            instructionWithoutData = at
            count = at - offset
            guard count > 0 else { return 0 }
        }
        buffer.update(from: base + offset, count: count)
        offset += count
        readBefore(offset - count)   // the slice before this one has been parsed
        return count
    }

    /// The first `<?` whose `?` is in `range` and that starts `<?name?>`,
    /// looking past the range where the instruction goes on. `?` is rare in
    /// QuakeML (a publicID's query), so it is what memchr looks for.
    private func firstInstructionWithoutData(in range: Range<Int>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var position = range.lowerBound
        while position < range.upperBound,
              let found = memchr(base + position, Int32(UInt8(ascii: "?")), range.upperBound - position) {
            let question = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            position = question + 1
            guard question > 0, bytes[question - 1] == UInt8(ascii: "<") else { continue }
            var end = question + 1
            while end < bytes.count, !QuakeMLReader.blanks.contains(bytes[end]), bytes[end] != UInt8(ascii: "?"),
                  bytes[end] != UInt8(ascii: ">") { end += 1 }
            if end > question + 1, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">") {
                return question - 1
            }
        }
        return nil
    }
}
