import Foundation

/// Checks that a text file is UTF-8 (the CSV and FDSN text readers read it
/// as such) a slice ahead of its reader, on the reader's thread. Checked
/// whole before the reading began, the file was read twice in a row and
/// nothing was parsed meanwhile: 136 MB of CSV from a cold page cache
/// waited about 0.1 s for the disk before the first row. In slices cut
/// before a character's first byte: a file that is valid is valid slice by
/// slice, and one that is not has a slice that is not.
struct UTF8Check {
    /// How far ahead of the reader the bytes are checked, and in what steps.
    static let slice = 4 << 20
    private let bytes: UnsafeBufferPointer<UInt8>
    private let name: String
    /// The bytes before this offset are UTF-8.
    private var checkedUpTo = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, name: String) {
        self.bytes = bytes
        self.name = name
    }

    /// Checks slices until the bytes before `offset` (at most all of them)
    /// are; throws an `ImportError` naming the first invalid byte's line and
    /// column when they are not.
    mutating func check(before offset: Int) throws {
        while checkedUpTo < min(offset, bytes.count) {
            guard let end = Self.validSlice(bytes, from: checkedUpTo) else {
                let invalid = Self.firstInvalid(bytes)
                let (line, column) = JSONScanner(bytes).lineAndColumn(of: invalid)
                throw ImportError(name: name, message: String(format: "not UTF-8 (invalid byte 0x%02X)", bytes[invalid]),
                                  location: "\(line):\(column)")
            }
            checkedUpTo = end
        }
    }

    /// Runs a text reader over `bytes`, checked a slice ahead of what it
    /// has read: before it starts, at each `readBefore` it reports (which
    /// is passed on), and to the end once it is done.
    static func reading(_ bytes: UnsafeBufferPointer<UInt8>, name: String, readBefore: (Int) -> Void,
                        _ read: (_ readBefore: (Int) throws -> Void) throws -> Void) throws {
        var check = UTF8Check(bytes, name: name)
        try check.check(before: slice)
        try withoutActuallyEscaping(readBefore) { readBefore in
            try read { offset in
                try check.check(before: offset + slice)
                readBefore(offset)
            }
        }
        try check.check(before: bytes.count)
    }

    /// Whether the bytes are UTF-8, checked slice by slice; `checkedBefore`
    /// is told the end of each valid slice.
    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>, checkedBefore: (Int) -> Void = { _ in }) -> Bool {
        var start = 0
        while start < bytes.count {
            guard let end = validSlice(bytes, from: start) else { return false }
            checkedBefore(end)
            start = end
        }
        return true
    }

    /// The end of the slice from `start` when it is UTF-8, nil when not.
    private static func validSlice(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var end = min(start + slice, bytes.count)
        // At most three continuation bytes follow a first byte; past
        // that the slice after the cut starts invalid, as it must.
        var steps = 0
        while steps < 3, end < bytes.count, bytes[end] & 0xC0 == 0x80 { end -= 1; steps += 1 }
        let piece = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if #available(macOS 26, *) {
            guard (try? UTF8Span(validating: piece.span)) != nil else { return nil }
        } else {
            guard String(validating: piece, as: UTF8.self) != nil else { return nil }
        }
        return end
    }

    private static func firstInvalid(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
        return min(offset, bytes.count - 1)
    }
}
