import GRDB
import QuakeStore

/// A configuration turned into SQL: WHERE with bound arguments, ORDER BY,
/// and the section expression. Kept as one value so every query of one
/// snapshot (window, count, sections) agrees.
struct QueryPlan: Sendable {
    struct OrderTerm: Sendable, Hashable {
        var expression: String
        var ascending: Bool
        var nullable: Bool
    }

    let whereSQL: String
    let arguments: StatementArguments
    let order: [OrderTerm]
    let section: SectionKey?

    init(_ configuration: FetchConfiguration) {
        if let predicate = configuration.predicate {
            (whereSQL, arguments) = predicate.sql
        } else {
            (whereSQL, arguments) = ("1", StatementArguments())
        }
        section = configuration.sectionIdentifier
        order = Self.orderTerms(configuration)
    }

    /// Section first (so sections are contiguous), the user's keys, then id
    /// so the order is total. The section follows the user's direction when
    /// the user sorts its column; id follows the primary key's direction.
    static func orderTerms(_ configuration: FetchConfiguration) -> [OrderTerm] {
        var terms: [OrderTerm] = []
        let keys = configuration.sortKeys
        if let section = configuration.sectionIdentifier {
            let ascending = keys.first.map { $0.field == section.field ? $0.ascending : section.defaultAscending }
                ?? section.defaultAscending
            terms.append(OrderTerm(expression: section.sqlExpression, ascending: ascending, nullable: section.isNullable))
        }
        var seen: Set<QuakeField> = []
        for key in keys where seen.insert(key.field).inserted {
            terms.append(OrderTerm(expression: key.field.sortColumn, ascending: key.ascending, nullable: key.field.isNullable))
        }
        let idAscending = keys.first?.ascending ?? true
        terms.append(OrderTerm(expression: "id", ascending: idAscending, nullable: false))
        return terms
    }

    /// NULL sorts last in both directions.
    var orderSQL: String {
        order.map { term in
            "\(term.expression) \(term.ascending ? "ASC" : "DESC")\(term.nullable ? " NULLS LAST" : "")"
        }.joined(separator: ", ")
    }

    var windowSQL: String {
        "SELECT * FROM \(QuakeField.table) WHERE \(whereSQL) ORDER BY \(orderSQL) LIMIT ? OFFSET ?"
    }

    var countSQL: String { "SELECT count(*) FROM \(QuakeField.table) WHERE \(whereSQL)" }

    var sectionsSQL: String? {
        guard let section else { return nil }
        let direction = order[0].ascending ? "ASC" : "DESC"
        return """
            SELECT \(section.sqlExpression) AS section, count(*) FROM \(QuakeField.table) WHERE \(whereSQL)
            GROUP BY section ORDER BY section \(direction) NULLS LAST
            """
    }

    /// The row's position in the results, or nil when the predicate does not
    /// select it: the number of selected rows that sort before it.
    func position(of id: String, _ db: Database) throws -> Int? {
        let expressions = order.map(\.expression).joined(separator: ", ")
        guard let target = try Row.fetchOne(
            db, sql: "SELECT \(expressions) FROM \(QuakeField.table) WHERE id = ? AND (\(whereSQL))",
            arguments: [id] + arguments) else { return nil }
        let (precedes, precedesArguments) = precedingCondition(Array(target.databaseValues))
        return try Int.fetchOne(db, sql: "SELECT count(*) FROM \(QuakeField.table) WHERE (\(whereSQL)) AND \(precedes)",
                                arguments: arguments + precedesArguments)
    }

    /// SQL that holds for rows sorting strictly before a row whose order
    /// terms have `values`: the keyset comparison, NULLS LAST included.
    func precedingCondition(_ values: [DatabaseValue]) -> (String, StatementArguments) {
        var alternatives: [String] = []
        var arguments = StatementArguments()
        for (i, term) in order.enumerated() {
            var parts: [String] = []
            for (j, earlier) in order.prefix(i).enumerated() {
                parts.append("\(earlier.expression) IS ?")
                arguments += [values[j]]
            }
            if values[i].isNull {
                parts.append("\(term.expression) IS NOT NULL")   // everything non-NULL comes first
            } else {
                parts.append("\(term.expression) \(term.ascending ? "<" : ">") ?")
                arguments += [values[i]]
            }
            alternatives.append("(" + parts.joined(separator: " AND ") + ")")
        }
        return ("(" + alternatives.joined(separator: " OR ") + ")", arguments)
    }

    func rows(_ db: Database, offset: Int, limit: Int) throws -> [Quake] {
        var args = arguments
        args += [limit, offset]
        return try Quake.fetchAll(db, sql: windowSQL, arguments: args)
    }

    func count(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: countSQL, arguments: arguments) ?? 0
    }

    func sections(_ db: Database) throws -> [ResultsSection] {
        guard let section, let sql = sectionsSQL else { return [] }
        var first = 0
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
            let value: FieldValue = section == .magnitudeBand
                ? .number(row[0] as Double?) : .text(row[0] as String?)
            let count: Int = row[1]
            defer { first += count }
            return ResultsSection(id: section.title(for: value), value: value, count: count, firstRowIndex: first)
        }
    }
}
