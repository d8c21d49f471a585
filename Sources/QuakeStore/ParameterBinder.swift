import GRDB

/// Binds values to a statement's parameters in order, from `?1`, through
/// GRDB's own per-type binding (so text and numbers are stored exactly as
/// GRDB's arguments would store them).
struct ParameterBinder {
    let statement: Statement
    private(set) var next: CInt = 1

    init(_ statement: Statement) { self.statement = statement }

    mutating func bind(_ value: (some StatementBinding)?) throws {
        let code = value.map { $0.bind(to: statement.sqliteStatement, at: next) }
            ?? DatabaseValue.null.bind(to: statement.sqliteStatement, at: next)
        guard code == 0 else { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot bind parameter \(next)") }
        next += 1
    }
}
