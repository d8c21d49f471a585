// Statements stepped and read straight through SQLite (stepToDone,
// StatementRows), for the hot paths where GRDB's Row cost too much.
import GRDB
import GRDBSQLite

extension Statement {
    /// Steps a statement that returns no row, straight through SQLite (no
    /// transaction observer asked, no argument checked: the caller bound
    /// every parameter); a failure is SQLite's error, with its extended code.
    func stepToDone() throws {
        guard sqlite3_step(sqliteStatement) != SQLITE_DONE else { return }
        let connection = sqlite3_db_handle(sqliteStatement)
        throw DatabaseError(resultCode: ResultCode(rawValue: sqlite3_extended_errcode(connection)),
                            message: String(cString: sqlite3_errmsg(connection)), sql: sql)
    }
}

/// Runs a prepared statement and reads its rows in place, column by index,
/// with the parameters bound as `ParameterBinder` binds them. GRDB's `Row`
/// reads every column's name into a dictionary at each fetch: association's
/// lookups (a report's event, its candidates, their origins) spent a quarter
/// of their time there.
public struct StatementRows {
    private let statement: Statement
    private let handle: SQLiteStatement

    /// `bind` binds the parameters, from `?1`.
    init(_ statement: Statement, bind: (inout ParameterBinder) throws -> Void) throws {
        self.statement = statement
        handle = statement.sqliteStatement
        sqlite3_reset(handle)
        var binder = ParameterBinder(statement)
        try bind(&binder)
    }

    /// With the parameters bound by GRDB (checked against the statement's):
    /// for a statement run once per view, where binding is not the cost but
    /// reading every row through `Row` is (a section's 41,000 box entries).
    public init(_ statement: Statement, arguments: StatementArguments) throws {
        self.statement = statement
        handle = statement.sqliteStatement
        try statement.setArguments(arguments)
    }

    /// Calls `body` with each row until none is left or it returns false;
    /// the statement is reset after (its locks let go).
    public func forEach(_ body: (Columns) throws -> Bool) throws {
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                let connection = sqlite3_db_handle(handle)
                throw DatabaseError(resultCode: ResultCode(rawValue: code),
                                    message: connection.map { String(cString: sqlite3_errmsg($0)) }, sql: statement.sql)
            }
            guard try body(Columns(handle: handle)) else { return }
        }
    }

    /// The first row's value of `read`, nil when there is no row.
    func first<T>(_ read: (Columns) throws -> T) throws -> T? {
        var value: T?
        try forEach { columns in
            value = try read(columns)
            return false
        }
        return value
    }

    /// The current row's columns, by index from 0.
    public struct Columns {
        let handle: SQLiteStatement

        public func isNull(_ index: CInt) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }
        public func int64(_ index: CInt) -> Int64 { sqlite3_column_int64(handle, index) }
        public func double(_ index: CInt) -> Double { sqlite3_column_double(handle, index) }
        public func optionalDouble(_ index: CInt) -> Double? { isNull(index) ? nil : double(index) }

        /// Text as stored (a NULL reads as empty).
        public func text(_ index: CInt) -> String {
            guard let bytes = sqlite3_column_text(handle, index) else { return "" }
            return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, index))), as: UTF8.self)
        }

        public func optionalText(_ index: CInt) -> String? { isNull(index) ? nil : text(index) }
    }
}
