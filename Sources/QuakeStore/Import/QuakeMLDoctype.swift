/// Refuses a QuakeML file whose DOCTYPE declares anything. FDSN answers
/// never do. A declared entity is either external (a file or URL the
/// answer would make the reader open) or internal, and Foundation's
/// XMLParser loses the first text of each internal entity's expansion and
/// expands without a bound (one 3 KB entity referenced 400,000 times held
/// the parse for 31 s); and it passes a missing public id or default value
/// to strlen (`<!NOTATION n SYSTEM "x">`, `<!ATTLIST a b CDATA #IMPLIED>`
/// crash it). So the read stops before the parser starts, naming the
/// first declaration; a DOCTYPE naming only its root (or an external DTD,
/// which is not loaded) is read as before.
enum QuakeMLDoctype {
    /// Throws at the first declaration (`<!ENTITY`, `<!ATTLIST`…) of the
    /// internal subset of a DOCTYPE in the prolog (what comes before the
    /// first element), read as XML does: comments, processing instructions
    /// and quoted literals skipped.
    static func refuseDeclarations(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws {
        var scan = Scan(bytes: bytes, index: start)
        guard let declaration = scan.firstDeclaration() else { return }
        let (line, column) = JSONScanner(bytes).lineAndColumn(of: declaration)
        guard scan.starts(with: "<!ENTITY") else {
            let keyword = String(decoding: bytes[(declaration + 2)...].prefix { (0x41...0x5A).contains($0) }.prefix(10), as: UTF8.self)
            throw QuakeMLReader.SyntaxError(message: "the DOCTYPE declares <!\(keyword) …>; QuakeML with DTD declarations is not read",
                                            line: line, column: column)
        }
        var name = Scan(bytes: bytes, index: declaration + "<!ENTITY".utf8.count)
        name.skipBlanks()
        if name.starts(with: "%") { name.index += 1; name.skipBlanks() }
        let nameStart = name.index
        while name.index < bytes.count, !QuakeMLReader.blanks.contains(bytes[name.index]),
              bytes[name.index] != UInt8(ascii: ">") { name.index += 1 }
        let entity = String(decoding: bytes[nameStart..<name.index].prefix(40), as: UTF8.self)
        name.skipBlanks()
        let external = name.starts(with: "SYSTEM") || name.starts(with: "PUBLIC")
        throw QuakeMLReader.SyntaxError(
            message: external ? "the DOCTYPE declares the external entity '\(entity)'; external entities are not allowed"
                : "the DOCTYPE declares the entity '\(entity)'; QuakeML with entities is not read",
            line: line, column: column)
    }

    private struct Scan {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int

        func starts(with text: String) -> Bool {
            index < bytes.count && bytes[index...].starts(with: text.utf8)
        }

        mutating func skipBlanks() {
            while index < bytes.count, QuakeMLReader.blanks.contains(bytes[index]) { index += 1 }
        }

        /// Moves past the next `terminator`, or to the end.
        mutating func skip(past terminator: String) {
            let pattern = Array(terminator.utf8)
            while index < bytes.count, !starts(with: terminator) { index += 1 }
            index = min(bytes.count, index + pattern.count)
        }

        /// The offset of the prolog's first declaration, if any; `index` stays there.
        mutating func firstDeclaration() -> Int? {
            while index < bytes.count {
                skipBlanks()
                if starts(with: "<?") { skip(past: "?>") }
                else if starts(with: "<!--") { skip(past: "-->") }
                else if starts(with: "<!DOCTYPE") { return declarationInDoctype() }
                else { return nil }   // the first element, or what the parser will refuse
            }
            return nil
        }

        /// From `<!DOCTYPE` to its `>`: the internal subset's first declaration.
        mutating func declarationInDoctype() -> Int? {
            index += "<!DOCTYPE".utf8.count
            var inSubset = false
            while index < bytes.count {
                if starts(with: "<!--") { skip(past: "-->"); continue }
                if starts(with: "<?") { skip(past: "?>"); continue }
                if inSubset, starts(with: "<!") { return index }
                switch bytes[index] {
                case UInt8(ascii: "\""): index += 1; skip(past: "\"")
                case UInt8(ascii: "'"): index += 1; skip(past: "'")
                case UInt8(ascii: "["): inSubset = true; index += 1
                case UInt8(ascii: "]"): inSubset = false; index += 1
                case UInt8(ascii: ">") where !inSubset: return nil
                default: index += 1
                }
            }
            return nil
        }
    }
}
