/// Memory a row's texts are copied into and bound from, so that SQLite
/// takes them as they are (`SQLITE_STATIC`) instead of copying each into
/// memory of its own: a malloc and a free per text, 14 a row. One block,
/// reused row after row by each `ParameterBinder` from its start; a text
/// that does not fit in what is left of it is copied by SQLite.
final class TextArena {
    let memory: UnsafeMutableRawBufferPointer

    init(bytes: Int = 1 << 20) {
        memory = .allocate(byteCount: bytes, alignment: 1)
    }

    deinit {
        memory.deallocate()
    }
}
