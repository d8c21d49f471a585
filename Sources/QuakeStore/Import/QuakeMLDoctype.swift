/// Refuses a QuakeML file whose DOCTYPE declares entities. FDSN answers
/// never do; a declared entity is either external (a file or URL the
/// answer would make the reader open) or internal, and Foundation's
/// XMLParser loses the first text of each internal entity's expansion and
/// expands without a bound (one 3 KB entity referenced 400,000 times held
/// the parse for 31 s). So no entity is expanded at all: the read stops
/// before the parser starts, naming the first declaration.
enum QuakeMLDoctype {
    /// Throws at the first `<!ENTITY` of the internal subset of a DOCTYPE
    /// in the prolog (what comes before the first element), read as XML
    /// does: comments, processing instructions and quoted literals skipped.
    static func refuseEntities(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws {
        var scan = Scan(bytes: bytes, index: start)
        guard let declaration = scan.firstEntityDeclaration() else { return }
        var name = Scan(bytes: bytes, index: declaration + "<!ENTITY".utf8.count)
        name.skipBlanks()
        if name.starts(with: "%") { name.index += 1; name.skipBlanks() }
        let nameStart = name.index
        while name.index < bytes.count, !QuakeMLReader.blanks.contains(bytes[name.index]),
              bytes[name.index] != UInt8(ascii: ">") { name.index += 1 }
        let entity = String(decoding: bytes[nameStart..<name.index].prefix(40), as: UTF8.self)
        name.skipBlanks()
        let external = name.starts(with: "SYSTEM") || name.starts(with: "PUBLIC")
        let (line, column) = JSONScanner(bytes).lineAndColumn(of: declaration)
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

        /// The offset of the prolog's first entity declaration, if any.
        mutating func firstEntityDeclaration() -> Int? {
            while index < bytes.count {
                skipBlanks()
                if starts(with: "<?") { skip(past: "?>") }
                else if starts(with: "<!--") { skip(past: "-->") }
                else if starts(with: "<!DOCTYPE") { return entityInDoctype() }
                else { return nil }   // the first element, or what the parser will refuse
            }
            return nil
        }

        /// From `<!DOCTYPE` to its `>`: the internal subset's first `<!ENTITY`.
        mutating func entityInDoctype() -> Int? {
            index += "<!DOCTYPE".utf8.count
            var inSubset = false
            while index < bytes.count {
                if starts(with: "<!--") { skip(past: "-->"); continue }
                if starts(with: "<?") { skip(past: "?>"); continue }
                if inSubset, starts(with: "<!ENTITY") { return index }
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
