import GRDB
import GRDBSQLite

/// Many rows inserted `rowsPerStatement` to a statement, bound in place
/// (`ParameterBinder`): one statement a row spent as long stepping and
/// resetting as inserting, and arguments boxed a row cost a million
/// verdicts 0.6 s more; texts are bound from an arena of the batch's
/// (`TextArena`), not copied by SQLite into memory of their own. `add` binds each of the rows announced, and
/// inserts them as each statement fills.
struct BatchInsert {
    static let rowsPerStatement = 64

    private let db: Database
    private let head: String
    private let columns: Int
    /// The statement of `rowsPerStatement` rows, made when first needed.
    private var full: Statement?
    /// The statement being bound.
    private var binder: ParameterBinder?
    private let texts = TextArena(bytes: 1 << 16)
    /// Rows not yet bound, and rows the current statement still takes.
    private var remaining: Int
    private var room = 0

    /// `head`: `INSERT INTO table (columns…)`, of `columns` columns; `rows`
    /// rows will be added.
    init(_ head: String, columns: Int, rows: Int, _ db: Database) throws {
        self.db = db
        self.head = head
        self.columns = columns
        remaining = rows
    }

    /// Binds the next row (`bind` binds exactly `columns` values), and
    /// inserts the statement's rows once it is full.
    mutating func add(_ bind: (inout ParameterBinder) throws -> Void) throws {
        precondition(remaining > 0, "more rows than announced")
        if room == 0 {
            room = min(remaining, Self.rowsPerStatement)
            let statement: Statement
            if room == Self.rowsPerStatement {
                statement = try full ?? Self.statement(head, columns: columns, rows: room, db)
                full = statement
            } else {
                statement = try Self.statement(head, columns: columns, rows: room, db)
            }
            sqlite3_reset(statement.sqliteStatement)
            binder = ParameterBinder(statement, texts: texts)
        }
        try bind(&binder!)
        remaining -= 1
        room -= 1
        if room == 0 { try binder!.statement.stepToDone() }
    }

    /// The INSERT of `rows` rows, their parameters numbered ?1… row by row.
    private static func statement(_ head: String, columns: Int, rows: Int, _ db: Database) throws -> Statement {
        let values = (0..<rows).map { row in "(" + (1...columns).map { "?\(row * columns + $0)" }.joined(separator: ", ") + ")" }
        let statement = try db.makeStatement(sql: "\(head) VALUES \(values.joined(separator: ", "))")
        statement.setUncheckedArguments(StatementArguments())   // the bindings are ours, as the upserter's
        return statement
    }
}
