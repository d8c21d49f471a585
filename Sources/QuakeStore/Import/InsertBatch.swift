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
///
/// The statement leaves out the column groups no row of the import has
/// given a value in so far (`Quake.StoredGroups`: a CSV's rows bind 31
/// parameters, not 41); a row with a value in one widens it, after the
/// rows bound before it are inserted.
final class InsertBatch {
    static let rows = 8
    private let db: Database
    private var statement: Statement
    /// The column groups the statement binds.
    private var groups: Quake.StoredGroups = []
    private let texts: TextArena
    /// The row being bound's binder, from the batch's first row on (its
    /// texts follow one another in the arena until the batch is inserted).
    private var binder: ParameterBinder?
    private var count = 0
    /// A row's parameters: its stored columns, then changedAt (which
    /// addedAt takes too).
    private var parametersPerRow: Int

    init(_ db: Database, texts: TextArena) throws {
        self.db = db
        self.texts = texts
        (statement, parametersPerRow) = try Self.statement(db, groups: groups)
    }

    private static func statement(_ db: Database, groups: Quake.StoredGroups) throws -> (Statement, perRow: Int) {
        let columns = groups.storedColumns, perRow = columns.count + 1
        let values = (0..<rows).map { row in
            "(" + (1...perRow).map { "?\(row * perRow + $0)" }.joined(separator: ", ") + ", ?\(row * perRow + perRow))"
        }
        let statement = try db.makeStatement(sql: """
            INSERT OR IGNORE INTO quake (\(columns.joined(separator: ", ")), changedAt, addedAt)
            VALUES \(values.joined(separator: ", "))
            """)
        statement.setUncheckedArguments(StatementArguments())
        return (statement, perRow)
    }

    /// Binds the quake as the batch's next row; true when the batch is full.
    /// `derived`: a reader's row (`ReadRow`), whose texts hold no NUL.
    func add(_ quake: Quake, derived: Quake.StoredDerivations?, changedAt: Int64) throws -> Bool {
        let needed = quake.storedGroups
        if !groups.isSuperset(of: needed) {
            try flush()
            groups.formUnion(needed)
            (statement, parametersPerRow) = try Self.statement(db, groups: groups)
        }
        if binder == nil {
            sqlite3_reset(statement.sqliteStatement)
            binder = ParameterBinder(statement, texts: texts)
        }
        binder!.textsMayHoldNUL = derived == nil
        try quake.bindStoredValues(with: &binder!, derived: derived, groups: groups)
        try binder!.bind(changedAt)
        count += 1
        return count == Self.rows
    }

    /// Inserts the rows bound so far, if any.
    func flush() throws {
        guard var binder else { return }
        try binder.bindNulls((Self.rows - count) * parametersPerRow)
        let bound = count
        self.binder = nil
        count = 0
        try statement.stepToDone()
        let inserted = Int(sqlite3_changes(sqlite3_db_handle(statement.sqliteStatement)))
        guard inserted == bound else {
            throw DatabaseError(resultCode: .SQLITE_CONSTRAINT,
                                message: "\(bound - inserted) of \(bound) new quakes were not inserted", sql: statement.sql)
        }
    }
}
