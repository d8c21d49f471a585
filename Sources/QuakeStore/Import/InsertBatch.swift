import GRDB
import GRDBSQLite

/// New quakes inserted `rows` at a time, by one statement of several rows:
/// SQLite then runs its program, opens its cursors and seeks the table's
/// and indexes' ends once a batch rather than once a row. Measured here
/// (760,857 rows bound from memory in C, the streaming import's table and
/// indexes): 3.43–3.55 s of CPU a row at a time, 2.87–3.15 s eight at a
/// time. The rows are bound as they come; `flush` inserts what is bound
/// and must run before anything else reads or writes the table (`Upserter`).
///
/// A batch that is not full is inserted by the same statement: its
/// unused rows are bound NULL, which `OR IGNORE` leaves out (an id is
/// never NULL). Nothing else can be ignored: every other column is bound
/// from a value that is there, and a batch holds only ids this import has
/// not written into a catalog that was empty; that exactly the batch's
/// rows were inserted is checked all the same. (Left out by `SELECT … FROM
/// (VALUES …) WHERE column1 IS NOT NULL` instead, opening 760,857 CSV rows
/// was slower than a row at a time: 3.9–4.2 s to browsable against 3.3–3.7.)
final class InsertBatch {
    static let rows = 8
    private let statement: Statement
    private let texts: TextArena
    /// The row being bound's binder, from the batch's first row on (its
    /// texts follow one another in the arena until the batch is inserted).
    private var binder: ParameterBinder?
    private(set) var count = 0

    /// `columns`: the stored columns, each row's `?1`…; changedAt and
    /// addedAt take the row's last parameter.
    init(_ db: Database, columns: [String], texts: TextArena) throws {
        let perRow = columns.count + 1
        let values = (0..<Self.rows).map { row in
            "(" + (1...perRow).map { "?\(row * perRow + $0)" }.joined(separator: ", ") + ", ?\(row * perRow + perRow))"
        }
        statement = try db.makeStatement(sql: """
            INSERT OR IGNORE INTO quake (\(columns.joined(separator: ", ")), changedAt, addedAt)
            VALUES \(values.joined(separator: ", "))
            """)
        statement.setUncheckedArguments(StatementArguments())
        self.texts = texts
    }

    /// Binds the quake as the batch's next row; true when the batch is full.
    /// `derived`: a reader's row (`ReadRow`), whose texts hold no NUL.
    func add(_ quake: Quake, derived: Quake.StoredDerivations?, changedAt: Int64) throws -> Bool {
        if binder == nil {
            sqlite3_reset(statement.sqliteStatement)
            binder = ParameterBinder(statement, texts: texts)
        }
        binder!.textsMayHoldNUL = derived == nil
        try quake.bindStoredValues(with: &binder!, derived: derived)
        try binder!.bind(changedAt)
        count += 1
        return count == Self.rows
    }

    /// Inserts the rows bound so far, if any.
    func flush() throws {
        guard var binder else { return }
        try binder.bindNulls((Self.rows - count) * (Quake.storedColumns.count + 1))
        let bound = count
        self.binder = nil
        count = 0
        let connection = sqlite3_db_handle(statement.sqliteStatement)
        guard sqlite3_step(statement.sqliteStatement) == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: sqlite3_extended_errcode(connection)),
                                message: String(cString: sqlite3_errmsg(connection)), sql: statement.sql)
        }
        let inserted = Int(sqlite3_changes(connection))
        guard inserted == bound else {
            throw DatabaseError(resultCode: .SQLITE_CONSTRAINT,
                                message: "\(bound - inserted) of \(bound) new quakes were not inserted", sql: statement.sql)
        }
    }
}
