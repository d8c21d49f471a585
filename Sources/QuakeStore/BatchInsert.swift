import GRDB
import GRDBSQLite

/// Many rows inserted `rowsPerStatement` to a statement, bound in place
/// (`ParameterBinder`): one statement a row spent as long stepping and
/// resetting as inserting, and arguments boxed a row cost a million
/// verdicts 0.6 s more; texts are bound from an arena of the batch's
/// (`TextArena`), not copied by SQLite into memory of their own.
enum BatchInsert {
    static let rowsPerStatement = 64

    /// Inserts `rows` rows into `head` (`INSERT INTO table (columns…)`, of
    /// `columns` columns): `bind` binds row i's `columns` values.
    static func insert(_ head: String, columns: Int, rows: Int, _ db: Database,
                       bind: (_ row: Int, inout ParameterBinder) throws -> Void) throws {
        let texts = TextArena(bytes: 1 << 16)
        var full: Statement?
        var start = 0
        while start < rows {
            let count = min(rows - start, rowsPerStatement)
            let statement: Statement
            if count == rowsPerStatement {
                statement = try full ?? Self.statement(head, columns: columns, rows: count, db)
                full = statement
            } else {
                statement = try Self.statement(head, columns: columns, rows: count, db)
            }
            sqlite3_reset(statement.sqliteStatement)
            var binder = ParameterBinder(statement, texts: texts)
            for row in start..<start + count { try bind(row, &binder) }
            try statement.stepToDone()
            start += count
        }
    }

    /// The INSERT of `rows` rows, their parameters numbered ?1… row by row.
    private static func statement(_ head: String, columns: Int, rows: Int, _ db: Database) throws -> Statement {
        let values = (0..<rows).map { row in "(" + (1...columns).map { "?\(row * columns + $0)" }.joined(separator: ", ") + ")" }
        let statement = try db.makeStatement(sql: "\(head) VALUES \(values.joined(separator: ", "))")
        statement.setUncheckedArguments(StatementArguments())   // the bindings are ours, as the upserter's
        return statement
    }
}
