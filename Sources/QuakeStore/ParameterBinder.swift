import Foundation
import GRDB
import GRDBSQLite

/// Binds values to a statement's parameters in order, from `?1`, stored as
/// GRDB's own binding stores them. Text is bound from the String's UTF-8
/// bytes with their length: GRDB's binding passes the String as a C string,
/// which for a short String (most of a row's: ids, codes, days, types) is a
/// copy made for the call, then measured for its length. With a `TextArena`,
/// the bytes are copied there and SQLite binds them without a copy of its own.
struct ParameterBinder {
    let statement: Statement
    private let texts: TextArena?
    private(set) var next: CInt = 1

    init(_ statement: Statement, texts: TextArena? = nil) {
        self.statement = statement
        self.texts = texts
    }

    mutating func bind(_ value: (some StatementBinding)?) throws {
        guard let value else { return try bindNull() }
        try check(value.bind(to: statement.sqliteStatement, at: next))
    }

    mutating func bind(_ text: String?) throws {
        guard let text else { return try bindNull() }
        let code = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let start = bytes.baseAddress else {   // empty: text, not NULL
                return sqlite3_bind_text(statement.sqliteStatement, next, "", 0, nil)
            }
            // As GRDB's C string, the text ends at a NUL (the readers store
            // none; see `StoredText`).
            let length = memchr(start, 0, bytes.count).map { UnsafeRawPointer($0) - UnsafeRawPointer(start) } ?? bytes.count
            let kept = UnsafeRawBufferPointer(start: start, count: length)
            if let copy = texts?.copy(kept) {
                return sqlite3_bind_text(statement.sqliteStatement, next, copy.assumingMemoryBound(to: CChar.self),
                                         CInt(length), nil /* SQLITE_STATIC: the arena keeps it */)
            }
            return sqlite3_bind_text(statement.sqliteStatement, next, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self),
                                     CInt(length), Self.transient)
        } ?? text.bind(to: statement.sqliteStatement, at: next)
        try check(code)
    }

    private mutating func bindNull() throws {
        try check(sqlite3_bind_null(statement.sqliteStatement, next))
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
