import GRDB
import QuakeStore

/// The charts' aggregates counted from what the catalog keeps instead of
/// from rows, for the results of no predicate or of the place filter alone
/// (nil for anything else: the rows are aggregated as usual):
///
/// - the count and the first and last time (no groups, `min` and `max` of
///   time): the kept day or place counts, and the time index's ends (per
///   matching place, on the place index);
/// - counts per tenth of magnitude (`rounded(.magnitude, decimals: 1)`):
///   `quakeMagnitude`, or `quakePlaceMagnitude` for the matching places;
/// - counts per time bin of whole days (days, weeks, or UTC months and
///   years) of the whole catalog: the kept days, each added to its bin (a
///   UTC day never straddles such a bin);
/// - counts per time bin of a place filter's results: one count of each
///   bin's time range on the place index (`PlaceTimeBins`), when that
///   costs less than grouping every match.
///
/// The results are the same as the rows' (the tests compare them).
struct KeptCountAggregate {
    private enum Kind { case span, magnitudes, days(AggregateGroup), placeTimes(PlaceTimeBins) }

    private let kind: Kind
    /// The folded place text of a place filter's results.
    private let place: String?

    static let day: Double = 86_400_000

    init?(_ request: AggregateRequest, results plan: QueryPlan) {
        guard request.restriction == nil else { return nil }
        guard let selection = plan.keptSelection else { return nil }
        place = selection.place
        if request.groups.isEmpty && request.measures == [.min(.time), .max(.time)] {
            kind = .span
        } else if request.groups == [.rounded(.magnitude, decimals: 1)] && request.measures.isEmpty {
            kind = .magnitudes
        } else if place == nil, request.groups.count == 1, request.measures.isEmpty, Self.isWholeDays(request.groups[0]) {
            kind = .days(request.groups[0])
        } else if let place, request.groups.count == 1, request.measures.isEmpty,
                  let bins = PlaceTimeBins(request.groups[0], place: place) {
            kind = .placeTimes(bins)
        } else {
            return nil
        }
    }

    /// Bins that hold whole UTC days: days and weeks from a midnight, months, years.
    private static func isWholeDays(_ group: AggregateGroup) -> Bool {
        switch group {
        case .bin(.time, let width, let origin):
            width >= day && width.truncatingRemainder(dividingBy: day) == 0 && origin.truncatingRemainder(dividingBy: day) == 0
        case .calendar(.time, _): true
        default: false
        }
    }

    /// The rows; nil when the kept counts cannot answer.
    func rows(_ db: Database) throws -> [AggregateRow]? {
        switch kind {
        case .span: return try span(db)
        case .magnitudes: return try magnitudes(db)
        case .days(let group): return try days(group, db)
        case .placeTimes(let bins): return try bins.rows(db)
        }
    }

    private func span(_ db: Database) throws -> [AggregateRow] {
        let count: Int, first: Int64?, last: Int64?
        if let place {
            (_, count, first, last) = try Self.placeSpan(place, db)
        } else {
            let row = try Row.fetchOne(db, sql: """
                SELECT (SELECT coalesce(sum(quakes), 0) FROM quakeDay), (SELECT min(time) FROM quake), (SELECT max(time) FROM quake)
                """)
            (count, first, last) = (row?[0] ?? 0, row?[1], row?[2])
        }
        return [AggregateRow(keys: [], count: count, measures: [.number(first.map(Double.init)), .number(last.map(Double.init))])]
    }

    /// A place filter's matching places, their quakes, and the first and
    /// last quake's time among them: two seeks a place on the place index.
    static func placeSpan(_ place: String, _ db: Database) throws -> (places: Int, quakes: Int, first: Int64?, last: Int64?) {
        let row = try Row.fetchOne(db, sql: """
            SELECT count(*), coalesce(sum(quakes), 0),
                min((SELECT min(time) FROM quake WHERE placeFolded = p.placeFolded)),
                max((SELECT max(time) FROM quake WHERE placeFolded = p.placeFolded))
            FROM quakePlace p WHERE instr(placeFolded, ?) > 0
            """, arguments: [place])
        return (row?[0] ?? 0, row?[1] ?? 0, row?[2], row?[3])
    }

    private func magnitudes(_ db: Database) throws -> [AggregateRow] {
        let rows = if let place {
            try Row.fetchAll(db, sql: """
                SELECT tenths, sum(quakes) FROM quakePlaceMagnitude WHERE placeFolded IN (\(QuakePredicate.matchingPlacesSQL))
                GROUP BY tenths ORDER BY tenths
                """, arguments: [place])
        } else {
            try Row.fetchAll(db, sql: "SELECT tenths, quakes FROM quakeMagnitude ORDER BY tenths")
        }
        // Keys ascending, NULL (unknown) last, as the rows' aggregate orders them.
        var known: [AggregateRow] = [], unknown = 0
        for row in rows {
            // A catalog an older version filled may hold a magnitude past
            // 2^63 tenths (1e19): SQLite kept its tenth as a real, which no
            // Int holds; it is counted as unknown, as the rows' aggregate does.
            let count: Int = row[1]
            if let tenths = Int.fromDatabaseValue(row[0]), tenths != KeptMagnitudes.unknownTenths {
                known.append(AggregateRow(keys: [.number(Double(tenths))], count: count, measures: []))
            } else {
                unknown += count
            }
        }
        let unknownRow = unknown > 0 ? AggregateRow(keys: [.number(nil)], count: unknown, measures: []) : nil
        return known + (unknownRow.map { [$0] } ?? [])
    }

    /// Nil for a day text UTCDay cannot read (none it wrote): the rows answer.
    private func days(_ group: AggregateGroup, _ db: Database) throws -> [AggregateRow]? {
        var counts: [Int: Int] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT day, quakes FROM quakeDay") {
            let text: String = row[0], quakes: Int = row[1]
            // Days are written by UTCDay.string: this reads them back.
            guard let day = UTCDay.days(of: text), let key = group.key(ofTime: day * Int64(Self.day)) else { return nil }
            counts[Int(key), default: 0] += quakes
        }
        return counts.keys.sorted().map { AggregateRow(keys: [.number(Double($0))], count: counts[$0]!, measures: []) }
    }
}
