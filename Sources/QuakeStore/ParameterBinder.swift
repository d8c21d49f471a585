import Foundation
import GRDB
import GRDBSQLite

/// Binds values to a statement's parameters in order, from `?1`, stored as
/// GRDB's own binding stores them. Text is bound from the String's UTF-8
/// bytes with their length: GRDB's binding passes the String as a C string,
/// which for a short String (most of a row's: ids, codes, days, types) is a
/// copy made for the call, then measured for its length. With a `TextArena`,
/// the bytes are copied there and SQLite binds them without a copy of its
/// own; the binder's copies stay valid until another binder uses the arena.
struct ParameterBinder {
    let statement: Statement
    private let sqliteStatement: SQLiteStatement
    private let arena: UnsafeMutableRawBufferPointer
    private var arenaUsed = 0
    private(set) var next: CInt = 1
    /// False for a reader's texts, which hold no NUL (`StoredText`): then
    /// they are not looked through for one (3 % of an import's writing).
    var textsMayHoldNUL = true

    init(_ statement: Statement, texts: TextArena? = nil) {
        self.statement = statement
        sqliteStatement = statement.sqliteStatement
        arena = texts?.memory ?? UnsafeMutableRawBufferPointer(start: nil, count: 0)
    }

    mutating func bind(_ value: (some StatementBinding)?) throws {
        guard let value else { return try bindNull() }
        try check(value.bind(to: sqliteStatement, at: next))
    }

    mutating func bind(_ text: String?) throws {
        guard let text else { return try bindNull() }
        try bind(text)
    }

    /// A text that is there: taken as it is, where wrapping it in an
    /// Optional for the call retained it (2 % of an import's writing).
    mutating func bind(_ text: borrowing String) throws {
        let code = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let start = bytes.baseAddress else {   // empty: text, not NULL
                return sqlite3_bind_text(sqliteStatement, next, "", 0, nil)
            }
            // As GRDB's C string, the text ends at a NUL (the readers store
            // none; see `StoredText`).
            let length = textsMayHoldNUL ? Self.lengthBeforeNUL(bytes) : bytes.count
            if length <= arena.count - arenaUsed, let base = arena.baseAddress {
                let copy = base + arenaUsed
                copy.copyMemory(from: start, byteCount: length)
                arenaUsed += length
                return sqlite3_bind_text(sqliteStatement, next, copy.assumingMemoryBound(to: CChar.self), CInt(length),
                                         nil /* SQLITE_STATIC: the arena keeps it */)
            }
            return sqlite3_bind_text(sqliteStatement, next, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self),
                                     CInt(length), Self.transient)
        } ?? text.bind(to: sqliteStatement, at: next)
        try check(code)
    }

    /// A short text is looked at byte by byte: calling memchr cost more
    /// than the look.
    private static func lengthBeforeNUL(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if bytes.count > 64 {
            guard let nul = memchr(bytes.baseAddress!, 0, bytes.count) else { return bytes.count }
            return UnsafeRawPointer(nul) - UnsafeRawPointer(bytes.baseAddress!)
        }
        return bytes.firstIndex(of: 0) ?? bytes.count
    }

    /// Binds NULL to the next `count` parameters.
    mutating func bindNulls(_ count: Int) throws {
        for _ in 0..<count { try bindNull() }
    }

    private mutating func bindNull() throws {
        try check(sqlite3_bind_null(sqliteStatement, next))
    }

    private mutating func check(_ code: CInt) throws {
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot bind parameter \(next)")
        }
        next += 1
    }

    /// SQLite copies the text before the call returns.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
}
