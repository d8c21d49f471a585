/// Memory a row's texts are copied into and bound from, so that SQLite
/// takes them as they are (`SQLITE_STATIC`) instead of copying each into
/// memory of its own: a malloc and a free per text, 14 a row. Blocks are
/// kept and reused row after row; a copy stays valid until `reuse()`.
final class TextArena {
    private static let blockSize = 1 << 16
    private var blocks: [UnsafeMutableRawPointer] = []
    private var block = 0
    private var used = 0

    /// Starts a new row: the copies made so far may be overwritten.
    func reuse() {
        block = 0
        used = 0
    }

    /// A copy of `bytes` valid until `reuse()`; nil for a text longer than a
    /// block, which SQLite then copies itself.
    func copy(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawPointer? {
        guard let source = bytes.baseAddress, bytes.count <= Self.blockSize else { return nil }
        if block == blocks.count || used + bytes.count > Self.blockSize {
            if block < blocks.count { block += 1 }
            if block == blocks.count { blocks.append(.allocate(byteCount: Self.blockSize, alignment: 1)) }
            used = 0
        }
        let start = blocks[block] + used
        start.copyMemory(from: source, byteCount: bytes.count)
        used += bytes.count
        return UnsafeRawPointer(start)
    }

    deinit {
        for block in blocks { block.deallocate() }
    }
}
