import GRDB
import QuakeStore

/// A configuration turned into SQL: WHERE with bound arguments, ORDER BY,
/// and the section expression. Kept as one value so every query of one
/// snapshot (window, count, sections, aggregates) agrees.
struct QueryPlan: Sendable {
    struct OrderTerm: Sendable, Hashable {
        var expression: String
        var ascending: Bool
        var nullable: Bool
        var source: Source

        enum Source: Sendable, Hashable {
            case section(SectionKey)
            /// Sequence sections read through `sequence_section`: the rank.
            case sequenceRank
            case field(QuakeField)
            case id
        }

        /// This term's value for a quake, as the SQL expression computes it.
        func value(of quake: Quake) -> DatabaseValue {
            let value: FieldValue
            switch source {
            case .section(let section): value = section.value(of: quake)
            case .sequenceRank: return quake.sequenceRank?.databaseValue ?? .null
            case .field(let field): value = field.sortValue(of: quake)
            case .id: return quake.id.databaseValue
            }
            switch value {
            case .text(let text): return text?.databaseValue ?? .null
            case .number(let number): return number?.databaseValue ?? .null
            }
        }

        var reversed: OrderTerm {
            var term = self
            term.ascending.toggle()
            return term
        }
    }

    private(set) var whereSQL: String
    private(set) var arguments: StatementArguments
    private(set) var order: [OrderTerm]
    let section: SectionKey?
    /// The count, when planning already knows it.
    let knownCount: Int?
    /// Matches are found through the distinct places (see `selectRows`).
    let looksUpPlaces: Bool
    /// The rows read carry `origins` (the catalog has an `origin` table).
    var countsOrigins = false
    /// The rows read carry the current declustering's `cluster`, `role` and
    /// `mainshock` (the catalog was declustered), and with sequence
    /// sections their title.
    var readsSequences = false
    /// How rows meet their sequence rows for sequence sections (v12).
    private(set) var sequenceJoin = SequenceJoin.none
    /// Sequence sections of a catalog never declustered: one section, NULL.
    var sectionIsOneNull: Bool { section == .sequence && sequenceJoin == .none }

    enum SequenceJoin: Equatable {
        case none
        /// Every quake has a row under the current method: the rows are
        /// read from `sequence_section` in order, each quake's by its id.
        case covering
        /// As `covering`, the predicate's matches found first (by its own
        /// index) and each one's row looked up: for a window when they are
        /// few (walking the sections' order would read past the many it
        /// leaves out), and always for the sections' counts, which read
        /// every match either way (`magnitude >= 2` at 1,000,000 quakes:
        /// 4.0 s in the sections' order, each row's quake looked up).
        case coveringFromMatches
        /// Some quakes came after the method ran (or a catalog's rows were
        /// never completed): every quake, its row if any, sorted.
        case partial
        /// One sequence's members (`A`: the predicate is its membership
        /// alone): its section's rows of `sequence_section` (the rank by
        /// this SQL), in time order, each quake's row by its id. Found by
        /// the predicate, the members of the largest generated sequence
        /// (108,694 quakes at 1,000,000) were read and sorted by time for
        /// each window: about a second.
        case members(rankSQL: String)
    }
    /// The results the kept counts stand for: every quake (no predicate),
    /// or the place filter's alone (its folded text); nil for any other
    /// predicate (see `KeptCellAggregate`, `KeptCountAggregate`).
    let keptSelection: KeptSelection?

    enum KeptSelection: Equatable {
        case all
        case place(String)

        /// The place filter's folded text, nil for every quake.
        var place: String? { if case .place(let text) = self { text } else { nil } }
    }

    init(_ configuration: FetchConfiguration, placeLookups: Set<String> = [],
         boxAccess: [DistanceBox: DistanceBox.Access] = [:], knownCount: Int? = nil) {
        if let predicate = configuration.predicate {
            (whereSQL, arguments) = predicate.sql(placeLookups: placeLookups, boxAccess: boxAccess)
        } else {
            (whereSQL, arguments) = ("1", StatementArguments())
        }
        section = configuration.sectionIdentifier
        order = Self.orderTerms(configuration)
        self.knownCount = knownCount
        looksUpPlaces = !placeLookups.isEmpty
        if let predicate = configuration.predicate {
            keptSelection = predicate.singlePlaceSearch.map(KeptSelection.place)
        } else {
            keptSelection = .all
        }
    }

    /// Plans for a configuration: one to read windows of rows, one for the
    /// count and sections. A place text matching M of N quakes is read
    /// through the distinct places when that beats scanning in sort order
    /// until a window fills (`placeScanCost`). Counting and sections need
    /// every match, so they always go through the distinct places.
    static func planning(_ configuration: FetchConfiguration, _ db: Database) throws -> (window: QueryPlan, summary: QueryPlan) {
        var plans = try planningRows(configuration, db)
        // A catalog not yet upgraded (read-only) has no origins to count.
        let countsOrigins = try db.tableExists("origin")
        plans.window.countsOrigins = countsOrigins
        plans.summary.countsOrigins = countsOrigins
        // Only a catalog declustered pays for them (one index probe a row read).
        let readsSequences = try db.tableExists("sequenceRun")
            && Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sequenceRun)") == true
        plans.window.readsSequences = readsSequences
        plans.summary.readsSequences = readsSequences
        if configuration.sectionIdentifier == nil, readsSequences, let members = configuration.predicate?.singleSequenceMembership,
           let rankSQL = SequenceTable.memberRankSQL(members.field.name, value: members.value) {
            // The window alone: the summary's count is kept, its aggregates read the quake table.
            plans.window.joinSequences(.members(rankSQL: rankSQL))
            plans.window.whereSQL = "1"
            plans.window.arguments = StatementArguments()
        } else if configuration.sectionIdentifier == .sequence {
            if readsSequences {
                let join = try sequenceJoin(plans.window, db)
                plans.window.joinSequences(join)
                plans.summary.joinSequences(join == .covering && plans.summary.whereSQL != "1" ? .coveringFromMatches : join)
            } else {
                plans.window.dropSequenceSection()
                plans.summary.dropSequenceSection()
            }
        }
        return plans
    }

    /// A catalog never declustered: every quake is in the one section "not
    /// declustered", so the rows are in the user's order alone (its index,
    /// not a sort of every quake by a subquery that is always NULL: 1.4 s
    /// for `list --section sequence` at 1,000,000 quakes).
    private mutating func dropSequenceSection() {
        if order.first?.source == .sequenceRank { order.removeFirst() }
    }

    /// Whether the current method's rows cover every quake (the rows it
    /// wrote, less those of deleted quakes, against the kept day counts),
    /// and if so whether the predicate selects few enough quakes to find
    /// them first: M matches of N sorted against walking the sections'
    /// order, which reads about 200·N/M rows to fill a window of 200; the
    /// same rule as place lookups (M² ≤ 200·N), counted no further than it needs.
    private static func sequenceJoin(_ plan: QueryPlan, _ db: Database) throws -> SequenceJoin {
        let rows = try Int.fetchOne(db, sql: "SELECT rows FROM sequenceRun WHERE isCurrent = 1")
        let quakes = try QuakeCatalog.keptQuakeCount(db)
        guard rows == quakes else { return .partial }
        guard plan.whereSQL != "1" else { return .covering }
        let bound = Int((200 * Double(quakes)).squareRoot()) + 1
        let matches = try Int.fetchOne(db, sql: "SELECT count(*) FROM (SELECT 1 FROM quake WHERE \(plan.whereSQL) LIMIT \(bound))",
                                       arguments: plan.arguments) ?? 0
        return matches < bound ? .coveringFromMatches : .covering
    }

    /// The rows joined to their sequence rows; when those cover every
    /// quake, time and id from them too, so that `sequence_section` gives
    /// the default order (rank, then time within a section).
    private mutating func joinSequences(_ join: SequenceJoin) {
        sequenceJoin = join
        order = order.map { term in
            var term = term
            switch term.source {
            case .field(.time) where join != .partial: term.expression = "sequence.quakeTime"
            case .id where join != .partial: term.expression = "sequence.quakeId"
            case .id: term.expression = "quake.id"
            default: break
            }
            return term
        }
    }

    /// The rows' source: the quake table, or it with the current
    /// method's sequence rows (`sequenceJoin`).
    var fromSQL: String {
        let method = "sequence.method = \(SequenceTable.currentMethodSQL)"
        switch sequenceJoin {
        case .none: return QuakeField.table
        case .covering: return "sequence JOIN quake ON quake.id = sequence.quakeId AND \(method)"
        case .coveringFromMatches: return "quake CROSS JOIN sequence ON sequence.quakeId = quake.id AND \(method)"
        case .partial: return "quake LEFT JOIN sequence ON sequence.quakeId = quake.id AND \(method)"
        case .members(let rank): return "sequence JOIN quake ON quake.id = sequence.quakeId AND \(method) AND sequence.sectionRank = \(rank)"
        }
    }

    private static func planningRows(_ configuration: FetchConfiguration, _ db: Database) throws -> (window: QueryPlan, summary: QueryPlan) {
        guard let predicate = configuration.predicate else { return (QueryPlan(configuration), QueryPlan(configuration)) }
        if let members = predicate.singleSequenceMembership {
            let known = try Int.fetchOne(db, sql: SequenceTable.keptMembersSQL(members.field.name), arguments: [members.value])
            return (QueryPlan(configuration, knownCount: known), QueryPlan(configuration, knownCount: known))
        }
        let boxes = try DistancePlanning.access(predicate, order: orderTerms(configuration), db)
        let texts = predicate.placeSearches
        guard !texts.isEmpty else {
            return (QueryPlan(configuration, boxAccess: boxes.window), QueryPlan(configuration, boxAccess: boxes.summary))
        }
        let total = try Int.fetchOne(db, sql: "SELECT max(rowid) FROM \(QuakeField.table)") ?? 0
        let scanCost = try Self.placeScanCost(QueryPlan(configuration).order, db)
        var lookups: Set<String> = []
        var counts: [String: Int] = [:]
        for text in texts {
            let matching = try Int.fetchOne(db, sql: "SELECT coalesce(sum(quakes), 0) FROM quakePlace WHERE instr(placeFolded, ?) > 0",
                                            arguments: [text]) ?? 0
            counts[text] = matching
            if matching * matching <= scanCost * total { lookups.insert(text) }
        }
        let known = predicate.singlePlaceSearch.flatMap { counts[$0] }
        return (QueryPlan(configuration, placeLookups: lookups, boxAccess: boxes.window, knownCount: known),
                QueryPlan(configuration, placeLookups: texts, boxAccess: boxes.summary, knownCount: known))
    }

    /// How a place lookup compares with scanning in sort order until a
    /// window fills: lookups are chosen while M² ≤ cost·N. A match costs
    /// a place index entry (about 0.1 µs, then a sort) when the index
    /// carries every column of the order, else a row read (3 µs); a scanned
    /// row costs 0.15 µs on the time index (it carries the place), about 1
    /// µs on any other (a row read to test the place). Measured at
    /// 5,000,000 rows: `z` (72,070 matches) by depth, 7.5 ms looked up
    /// against 13.7 ms scanned.
    static func placeScanCost(_ order: [OrderTerm], _ db: Database) throws -> Int {
        let timeOrdered = order.first?.source == .field(.time)
            || (order.first?.source == .section(.day) && order.dropFirst().first?.source == .field(.time))
        let covered = order.allSatisfy { term in
            switch term.source {
            case .id: true
            case .section(let section): section == .day || section == .magnitudeBand
            case .sequenceRank: false
            case .field(let field): Self.placeSortColumns.contains(field.sortColumn)
            }
        }
        guard timeOrdered || covered else { return 100 }
        let indexes = try QuakeCatalog.indexNames(db)
        if timeOrdered { return hasPlaceTimeIndex(indexes) ? 200 : 10 }
        return indexes.contains("quake_placeSort") ? 2000 : 100
    }

    /// Whether a place index carrying time is built: `quake_placeSort`, or
    /// `quake_placeTime` in a read-only catalog of an earlier version.
    static func hasPlaceTimeIndex(_ indexes: Set<String>) -> Bool {
        indexes.contains("quake_placeSort") || indexes.contains("quake_placeTime")
    }

    /// The columns `quake_placeSort` carries (`Schema.deferredIndexes`).
    static let placeSortColumns: Set<String> = ["placeFolded", "time", "id", "day", "magnitude", "depth"]

    /// Section first (so sections are contiguous), the user's keys, then id
    /// so the order is total. The section follows the user's direction when
    /// the user sorts its column; id follows the primary key's direction.
    static func orderTerms(_ configuration: FetchConfiguration) -> [OrderTerm] {
        var terms: [OrderTerm] = []
        let keys = configuration.sortKeys
        if let section = configuration.sectionIdentifier {
            let ascending = keys.first.map { $0.field == section.field ? $0.ascending : section.defaultAscending }
                ?? section.defaultAscending
            // A sequence section is its rank in the sequence rows joined in planning.
            terms.append(OrderTerm(expression: section.sqlExpression, ascending: ascending, nullable: section.isNullable,
                                   source: section == .sequence ? .sequenceRank : .section(section)))
        }
        var seen: Set<QuakeField> = []
        for key in keys where seen.insert(key.field).inserted {
            terms.append(OrderTerm(expression: key.field.sortColumn, ascending: key.ascending, nullable: key.field.isNullable,
                                   source: .field(key.field)))
        }
        let idAscending = keys.first?.ascending ?? true
        terms.append(OrderTerm(expression: "id", ascending: idAscending, nullable: false, source: .id))
        return terms
    }

    /// NULL sorts last in both directions.
    var orderSQL: String { Self.orderSQL(order, nullsLast: true) }

    /// The same order backwards (NULL first), for reading from the end.
    var reversedOrderSQL: String { Self.orderSQL(order.map(\.reversed), nullsLast: false) }

    private static func orderSQL(_ terms: [OrderTerm], nullsLast: Bool) -> String {
        terms.map { term in
            "\(term.expression) \(term.ascending ? "ASC" : "DESC")\(term.nullable ? (nullsLast ? " NULLS LAST" : " NULLS FIRST") : "")"
        }.joined(separator: ", ")
    }

    var windowSQL: String { selectRows(where: whereSQL, orderedBy: orderSQL, "LIMIT ? OFFSET ?") }

    /// Every column of the rows `condition` selects, in `order`, cut by
    /// `limit`. When matches are looked up by place, the rows are chosen by
    /// their rowids first (from the place index, which carries the time),
    /// and only those rows are read: reading every match's row to sort them
    /// cost 3 µs a match (29 ms for the 9,544 of `kod` at 5,000,000 rows; 2
    /// ms this way).
    private func selectRows(where condition: String, orderedBy order: String, _ limit: String) -> String {
        let table = fromSQL
        // How many services reported each row read (its other origins counted: one index probe a row).
        var columns = countsOrigins ? "quake.*, \(QuakeField.origins.column) AS origins" : "quake.*"
        if sequenceJoin != .none {
            columns += ", \(SequenceTable.joinedVerdictSQL) AS sequenceVerdict"
            if case .members = sequenceJoin {} else {
                columns += ", sequence.sectionRank AS sequenceRank, \(SequenceTable.sectionTitleSQL) AS sequenceTitle"
            }
        } else if readsSequences {
            columns += ", \(SequenceTable.verdictSQL) AS sequenceVerdict"
        }
        guard looksUpPlaces else { return "SELECT \(columns) FROM \(table) WHERE \(condition) ORDER BY \(order) \(limit)" }
        return """
            SELECT \(columns) FROM \(table) WHERE quake.rowid IN \
            (SELECT quake.rowid FROM \(table) WHERE \(condition) ORDER BY \(order) \(limit)) ORDER BY \(order)
            """
    }

    /// The quake `id` as this plan's rows carry it (its sequence's rank
    /// and title included), whether or not the predicate selects it.
    func row(id: String, _ db: Database) throws -> Quake? {
        if case .members = sequenceJoin {   // a quake outside the sequence too
            var plain = self
            plain.sequenceJoin = .none
            return try Quake.fetchOne(db, sql: plain.selectRows(where: "quake.id = ?", orderedBy: "quake.id", "LIMIT 1"), arguments: [id])
        }
        return try Quake.fetchOne(db, sql: selectRows(where: "quake.id = ?", orderedBy: orderSQL, "LIMIT 1"), arguments: [id])
    }

    var countSQL: String { "SELECT count(*) FROM \(QuakeField.table) WHERE \(whereSQL)" }

    var sectionsSQL: String? {
        guard let section else { return nil }
        if sectionIsOneNull { return "SELECT NULL, count(*) FROM \(QuakeField.table) WHERE \(whereSQL) HAVING count(*) > 0" }
        let direction = order[0].ascending ? "ASC" : "DESC"
        if sequenceJoin != .none {
            // Grouped by rank (the index's order), titled after.
            return """
                SELECT (SELECT title FROM sequenceSection WHERE method = \(SequenceTable.currentMethodSQL) AND rank = section), n
                FROM (SELECT sequence.sectionRank AS section, count(*) AS n FROM \(fromSQL) WHERE \(whereSQL)
                      GROUP BY section ORDER BY section \(direction) NULLS LAST)
                """
        }
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
            db, sql: "SELECT \(expressions) FROM \(fromSQL) WHERE quake.id = ? AND (\(whereSQL))",
            arguments: [id] + arguments) else { return nil }
        let (precedes, precedesArguments) = keysetCondition(Array(target.databaseValues), before: true)
        return try Int.fetchOne(db, sql: "SELECT count(*) FROM \(fromSQL) WHERE (\(whereSQL)) AND \(precedes)",
                                arguments: arguments + precedesArguments)
    }

    /// SQL that holds for rows sorting strictly before (or after) a row
    /// whose order terms have `values`: the keyset comparison, NULLS LAST
    /// included, plus a bound on the first term that lets SQLite seek its
    /// index instead of scanning.
    func keysetCondition(_ values: [DatabaseValue], before: Bool) -> (String, StatementArguments) {
        var alternatives: [String] = []
        var arguments = StatementArguments()
        for (i, term) in order.enumerated() {
            var parts: [String] = []
            for (j, earlier) in order.prefix(i).enumerated() {
                parts.append("\(earlier.expression) IS ?")
                arguments += [values[j]]
            }
            // "Comes first" on this term: smaller when ascending; NULL is last.
            let firstward = before == term.ascending ? "<" : ">"
            if before {
                if values[i].isNull {
                    parts.append("\(term.expression) IS NOT NULL")
                } else {
                    parts.append("\(term.expression) \(firstward) ?")
                    arguments += [values[i]]
                }
            } else {
                if values[i].isNull { continue }   // nothing sorts after NULL on this term
                parts.append(term.nullable ? "(\(term.expression) \(firstward) ? OR \(term.expression) IS NULL)"
                                           : "\(term.expression) \(firstward) ?")
                arguments += [values[i]]
            }
            alternatives.append("(" + parts.joined(separator: " AND ") + ")")
        }
        var condition = alternatives.isEmpty ? "0" : "(" + alternatives.joined(separator: " OR ") + ")"
        if let first = order.first, !first.nullable, !values[0].isNull {
            condition = "\(first.expression) \(before == first.ascending ? "<=" : ">=") ? AND " + condition
            arguments = [values[0]] + arguments
        }
        return (condition, arguments)
    }

    /// The `limit` rows that follow (or precede) the row with `values`.
    func rows(_ db: Database, adjacentTo values: [DatabaseValue], before: Bool, limit: Int) throws -> [Quake] {
        let (condition, conditionArguments) = keysetCondition(values, before: before)
        let sql = selectRows(where: "(\(whereSQL)) AND \(condition)", orderedBy: before ? reversedOrderSQL : orderSQL, "LIMIT ?")
        let rows = try Quake.fetchAll(db, sql: sql, arguments: arguments + conditionArguments + [limit])
        return before ? rows.reversed() : rows
    }

    /// Rows `start..<end` read from the end of the results (cheaper than
    /// skipping most of them from the start).
    func rows(_ db: Database, fromEnd start: Int, _ end: Int, count: Int) throws -> [Quake] {
        let sql = selectRows(where: whereSQL, orderedBy: reversedOrderSQL, "LIMIT ? OFFSET ?")
        return try Quake.fetchAll(db, sql: sql, arguments: arguments + [end - start, count - end]).reversed()
    }

    func orderValues(of quake: Quake) -> [DatabaseValue] { order.map { $0.value(of: quake) } }

    func rows(_ db: Database, offset: Int, limit: Int) throws -> [Quake] {
        var args = arguments
        args += [limit, offset]
        return try Quake.fetchAll(db, sql: windowSQL, arguments: args)
    }

    func count(_ db: Database) throws -> Int {
        if let knownCount { return knownCount }
        return try Int.fetchOne(db, sql: countSQL, arguments: arguments) ?? 0
    }

    /// The aggregate of this plan's rows (and the request's restriction):
    /// the same WHERE and arguments as the count, so groups add up to it.
    /// A map of many quakes is counted from the kept cells instead, and the
    /// charts' counts from the kept counts where those can answer.
    func aggregate(_ request: AggregateRequest, _ db: Database) throws -> [AggregateRow] {
        if let kept = KeptCellAggregate(request, results: self), let rows = try kept.rows(db) { return rows }
        if let kept = KeptCountAggregate(request, results: self), let rows = try kept.rows(db) { return rows }
        let (sql, arguments) = aggregateSQL(request)
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map { AggregateRow($0, request) }
    }

    /// Each group's value and measure's column is selected once per row in
    /// an inner select (arguments bound once), then keyed and aggregated
    /// outside: `SELECT key0, count(*), max(measure0) … GROUP BY key0`.
    /// `also`: a further condition in SQL (a kept-cell map's edges).
    func aggregateSQL(_ request: AggregateRequest, also extra: (sql: String, arguments: StatementArguments)? = nil)
        -> (sql: String, arguments: StatementArguments) {
        var inner: [String] = [], outer: [String] = [], keys: [String] = []
        var arguments = StatementArguments()
        for (i, group) in request.groups.enumerated() {
            let (value, valueArguments) = group.valueSQL
            inner.append("\(value) AS groupValue\(i)")
            arguments += valueArguments
            outer.append("\(group.keySQL("groupValue\(i)")) AS groupKey\(i)")
            keys.append("groupKey\(i)")
        }
        outer.append("count(*)")
        for (i, measure) in request.measures.enumerated() {
            inner.append("\(measure.field.column) AS measureValue\(i)")
            outer.append(measure.sql("measureValue\(i)"))
        }
        var condition = whereSQL
        arguments += self.arguments
        if let restriction = request.restriction {
            // Through the distinct places, as the summary plan counts.
            let (sql, restrictionArguments) = restriction.sql(placeLookups: restriction.placeSearches)
            condition = "(\(condition)) AND (\(sql))"
            arguments += restrictionArguments
        }
        if let extra {
            condition = "(\(condition)) AND (\(extra.sql))"
            arguments += extra.arguments
        }
        if inner.isEmpty { inner.append("1") }
        var sql = "SELECT \(outer.joined(separator: ", ")) FROM (SELECT \(inner.joined(separator: ", ")) FROM \(QuakeField.table) WHERE \(condition))"
        if !keys.isEmpty {
            sql += " GROUP BY \(keys.joined(separator: ", ")) ORDER BY \(keys.map { "\($0) NULLS LAST" }.joined(separator: ", "))"
        }
        return (sql, arguments)
    }

    func sections(_ db: Database) throws -> [ResultsSection] {
        guard let section, var sql = sectionsSQL else { return [] }
        if section == .day && whereSQL == "1" {
            // The whole catalog's days are counted already, by triggers.
            sql = "SELECT day, quakes FROM quakeDay ORDER BY day \(order[0].ascending ? "ASC" : "DESC")"
        }
        if sequenceJoin == .covering && whereSQL == "1" {
            // The whole catalog's sequences are counted already, as the
            // method wrote them, in rank order; the quakes it did not place last.
            let method = SequenceTable.currentMethodSQL
            sql = """
                SELECT title, quakes FROM (SELECT title, quakes, 0 AS unplaced, rank FROM sequenceSection
                                           WHERE method = \(method) AND quakes > 0
                                           UNION ALL SELECT NULL, count(*), 1, NULL FROM sequence
                                           WHERE method = \(method) AND sectionRank IS NULL HAVING count(*) > 0)
                ORDER BY unplaced, rank \(order[0].ascending ? "ASC" : "DESC")
                """
        }
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
