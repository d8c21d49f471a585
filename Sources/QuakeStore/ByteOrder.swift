import Foundation

/// Texts in SQLite's BINARY order: by their UTF-8 bytes, a shorter text
/// before the longer it begins. Swift's own `<` orders by Unicode scalars
/// and canonical equivalence, which is not SQLite's; comparing through
/// `UTF8View.lexicographicallyPrecedes` was: sorting a million quake ids by
/// it took 1.8 s.
enum ByteOrder {
    /// Whether `a` comes before `b`.
    static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b   // withUTF8 wants them mutable; native texts are not copied
        return a.withUTF8 { x in b.withUTF8 { y in compare(x, y) < 0 } }
    }

    /// Negative, zero or positive as `x` comes before, is, or comes after `y`.
    private static func compare(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(x.count, y.count)
        let order = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
        return order != 0 ? Int(order) : x.count - y.count
    }

    /// The indices of `texts` in their order (equal texts: by index).
    /// The texts' bytes are laid end to end once, and sorted as pairs of
    /// their first eight bytes as one number and their index: most
    /// comparisons are of two integers, the rest one `memcmp`.
    static func sortedIndices(_ texts: [String]) -> [Int] {
        var bytes: [UInt8] = [], starts = [0]
        starts.reserveCapacity(texts.count + 1)
        for var text in texts {
            text.withUTF8 { bytes.append(contentsOf: $0) }
            starts.append(bytes.count)
        }
        return bytes.withUnsafeBufferPointer { bytes in
            func text(_ index: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[starts[index]..<starts[index + 1]]) }
            var keyed = texts.indices.map { (key: prefixKey(text($0)), index: $0) }
            keyed.sort { a, b in
                if a.key != b.key { return a.key < b.key }
                let order = compare(text(a.index), text(b.index))
                return order != 0 ? order < 0 : a.index < b.index
            }
            return keyed.map(\.index)
        }
    }

    /// The first eight bytes, big-endian, zero after a shorter text's end:
    /// their order is the texts' order where they differ.
    private static func prefixKey(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var key: UInt64 = 0
        for offset in 0..<8 { key = key << 8 | UInt64(offset < text.count ? text[offset] : 0) }
        return key
    }
}
