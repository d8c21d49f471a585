import Foundation

/// The encoding of a QuakeML file, read from its first bytes and its XML
/// declaration as libxml2 reads them, and its text in UTF-8 when it is in
/// another encoding. libxml2 2.9 (Debian 12's) switches to iconv in the
/// middle of the stream for any encoding but UTF-8, ASCII and ISO-8859-1,
/// and then dereferences a null pointer on some (UTF-7, EBCDIC, Shift_JIS:
/// found by fuzzing); so the parser is only ever given UTF-8 (or ASCII):
/// any other encoding Foundation decodes is transcoded first, its
/// declaration rewritten to say UTF-8, and the rest refused.
enum QuakeMLEncoding {
    /// Read by libxml2 as they are.
    static let utf8Names: Set<String> = ["utf-8", "utf8", "us-ascii", "ascii"]

    /// Other encodings whose first 128 bytes are ASCII, as XML declarations
    /// name them (IANA names, lower-cased), that Foundation decodes here.
    static let decodable: [String: String.Encoding] = [
        "iso-8859-1": .isoLatin1, "iso_8859-1": .isoLatin1, "latin1": .isoLatin1, "l1": .isoLatin1,
        "windows-1252": .windowsCP1252, "cp1252": .windowsCP1252,
        "iso-8859-2": .isoLatin2, "latin2": .isoLatin2,
        "windows-1250": .windowsCP1250, "cp1250": .windowsCP1250,
        "windows-1251": .windowsCP1251, "cp1251": .windowsCP1251,
        "shift_jis": .shiftJIS, "sjis": .shiftJIS,
        "macintosh": .macOSRoman, "x-mac-roman": .macOSRoman,
    ]

    static let readable = "QuakeML is read in UTF-8 or an 8-bit encoding such as windows-1252"

    /// The file's bytes in UTF-8 when it declares another encoding, nil
    /// when they are to be parsed as they are; throws for what cannot be
    /// decoded. `start`: the first byte after the blanks the sniffing skipped.
    static func utf8(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws -> [UInt8]? {
        let body = UnsafeBufferPointer(rebasing: bytes[start...])
        let first = Array(body.prefix(4))
        if first.contains(0) || first.starts(with: [0xFE, 0xFF]) || first.starts(with: [0xFF, 0xFE])
            || first == [0x4C, 0x6F, 0xA7, 0x94] {
            throw QuakeMLReader.SyntaxError(message: "the first bytes are UTF-16, UCS-4 or EBCDIC; \(readable)", line: 1, column: 1)
        }
        guard let declared = declaredEncoding(body) else { return nil }
        let name = String(decoding: body[declared], as: UTF8.self)
        let column = declared.lowerBound + 1
        if utf8Names.contains(name.lowercased()) { return nil }
        guard let encoding = decodable[name.lowercased()] else {
            throw QuakeMLReader.SyntaxError(message: "the XML declares the encoding '\(name)'; \(readable)", line: 1, column: column)
        }
        guard let text = String(bytes: body, encoding: encoding) else {
            throw QuakeMLReader.SyntaxError(message: "the bytes are not \(name), as the XML declares", line: 1, column: column)
        }
        // The declaration is ASCII in both: the name is where it was.
        var utf8 = Array(bytes[..<start])
        utf8.reserveCapacity(start + text.utf8.count)
        utf8 += text.utf8
        utf8.replaceSubrange((start + declared.lowerBound)..<(start + declared.upperBound), with: "UTF-8".utf8)
        return utf8
    }

    /// Where the encoding's name is in an XML declaration, as libxml2 reads
    /// one: `<?xml` first, then `encoding`, `=` and a quoted name, the
    /// declaration closed or not.
    static func declaredEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard bytes.starts(with: "<?xml".utf8) else { return nil }
        let declaration = Array(bytes.prefix(1024).prefix { $0 != UInt8(ascii: ">") })
        guard var index = declaration.firstRange(of: Array("encoding".utf8))?.upperBound else { return nil }
        func skipBlanks() { while index < declaration.count, QuakeMLReader.blanks.contains(declaration[index]) { index += 1 } }
        skipBlanks()
        guard index < declaration.count, declaration[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        skipBlanks()
        guard index < declaration.count, case let quote = declaration[index], quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")
        else { return nil }
        let end = declaration[(index + 1)...].firstIndex(of: quote) ?? declaration.count
        return (index + 1)..<end
    }
}
