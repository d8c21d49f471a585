import GRDB
import QuakeStore

/// Grouped counts over a controller's results: how many quakes fall in each
/// group, with the smallest and largest value of some fields. A map asks
/// for counts and the largest magnitude per dot (`MapAggregate`):
///
///     AggregateRequest(groups: [.grid(.latitude, from: north, to: south, count: 4 * rows),
///                               .grid(.longitude, from: west, to: east, count: 2 * columns, period: 360)],
///                      measures: [.max(.magnitude)])
///
/// Every group counts its rows, so there is no count measure to ask for.
public struct AggregateRequest: Sendable, Hashable {
    /// What rows are grouped by, in order; none: one row for all of them.
    public var groups: [AggregateGroup]
    /// The values computed for each group, in order.
    public var measures: [AggregateMeasure]
    /// A further condition on the results' rows (a map's viewport), ANDed
    /// to the configuration's predicate.
    public var restriction: QuakePredicate?

    public init(groups: [AggregateGroup] = [], measures: [AggregateMeasure] = [], restriction: QuakePredicate? = nil) {
        self.groups = groups
        self.measures = measures
        self.restriction = restriction
    }

    /// Restrictions compare as configurations' predicates do (texts by
    /// their bytes), so a request that would count different rows is never
    /// taken for the current one.
    public static func == (a: AggregateRequest, b: AggregateRequest) -> Bool {
        guard a.groups == b.groups, a.measures == b.measures else { return false }
        switch (a.restriction, b.restriction) {
        case (nil, nil): return true
        case (let p?, let q?): return p.root.fetchesTheSame(as: q.root)
        default: return false
        }
    }

    /// Consistent with `==`, which is stricter than the members' own `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(groups)
        hasher.combine(measures)
        hasher.combine(restriction)
    }
}

/// What an aggregate groups rows by. Every group but `value` has whole
/// numbers as keys (`AggregateRow.index(_:)`); a row whose field is NULL
/// (an unknown magnitude) is in the group whose key is NULL.
public enum AggregateGroup: Sendable, Hashable {
    /// The field's own value: one group per distinct value, texts by bytes.
    case value(QuakeField)
    /// Fixed-width bins: the key is `floor((value - origin) / width)`, so bin
    /// `k` holds `origin + k·width ..< origin + (k+1)·width`, below the
    /// origin too (-0.5 is in bin -1 of width 1). Times are epoch
    /// milliseconds: an hour is width 3_600_000 from origin 0 (UTC). The
    /// width must be positive; a width of 0 puts every row under NULL.
    case bin(QuakeField, width: Double, origin: Double = 0)
    /// `count` equal cells from `from` to `to`: the key is
    /// `floor((value - from) / (to - from) × count)`, computed in exactly
    /// that order, so a map's dot (`MapProjection`) is the same in SQL as in
    /// Swift. A `bin` of width `(to - from) / count` is the same number on
    /// paper but rounds differently (longitude -124.2 over 200 dots of the
    /// world is dot 31 here, bin 30). `to` may be below `from`: latitudes
    /// counted from the north. With a `period`, a value below `from` has the
    /// period added first: longitudes continued past 180° (a view from 170
    /// to 190 puts -175 at 185). Keys outside `0..<count` are not clamped.
    case grid(QuakeField, from: Double, to: Double, count: Int, period: Double? = nil)
    /// The value to `decimals` places, halves rounded away from zero, as a
    /// whole number of those places: magnitude 4.45 to 1 decimal is 45 and
    /// -0.25 is -3. The value is scaled by 10^decimals in floating point
    /// first, so 2-decimal magnitudes halve exactly.
    case rounded(QuakeField, decimals: Int)
    /// The UTC calendar month or year of a time field.
    case calendar(QuakeField, CalendarUnit)

    public enum CalendarUnit: Sendable, Hashable {
        /// Keyed `year × 12 + month − 1`: June 2018 is 24_221.
        case month
        /// Keyed by the year: 2018.
        case year
    }

    /// The key this group gives a time (epoch ms), the number `keySQL`
    /// computes from `valueSQL`: fixed-width bins floored, UTC months and
    /// years. Nil for groups of other fields or kinds.
    func key(ofTime time: Int64) -> Int64? {
        switch self {
        case .bin(.time, let width, let origin):
            return Int64(((Double(time) - origin) / width).rounded(.down))
        case .calendar(.time, let unit):
            let date = UTCDay.civil(fromDays: UTCDay.floorDiv(time, 86_400_000))
            return unit == .month ? date.year * 12 + date.month - 1 : date.year
        default:
            return nil
        }
    }

    /// The field the group reads.
    public var field: QuakeField {
        switch self {
        case .value(let field), .bin(let field, _, _), .grid(let field, _, _, _, _), .rounded(let field, _),
             .calendar(let field, _): field
        }
    }

    /// Whether keys are texts (a text field's values) rather than numbers.
    var hasTextKeys: Bool {
        if case .value(let field) = self { return field.kind == .text }
        return false
    }

    /// The group's value before binning, from the row's column: computed
    /// once per row in an inner select, so its arguments are bound once.
    var valueSQL: (sql: String, arguments: StatementArguments) { valueSQL(of: field.column) }

    /// The same computed from `column`, any expression standing for the
    /// field's value (a kept cell's centre).
    func valueSQL(of column: String) -> (sql: String, arguments: StatementArguments) {
        switch self {
        case .value: return (column, [])
        // Doubles, so SQLite divides as reals: integer division would
        // truncate a negative time's bin toward zero.
        case .bin(_, let width, let origin): return ("(\(column) - ?) / ?", [origin, width])
        case .grid(_, let from, let to, let count, nil):
            return ("(\(column) - ?) / ? * ?", [from, to - from, Double(count)])
        case .grid(_, let from, let to, let count, let period?):
            return ("(CASE WHEN \(column) < ? THEN \(column) + ? ELSE \(column) END - ?) / ? * ?",
                    [from, period, from, to - from, Double(count)])
        case .rounded(_, let decimals): return ("\(column) * ?", [Self.power(of: 10, decimals)])
        case .calendar: return ("\(column) / 1000.0", [])   // epoch seconds, fractions kept
        }
    }

    /// The key from the value `valueSQL` computed, named `value`. Floor and
    /// rounding are built from CAST (exact for |x| < 2^63), not from
    /// SQLite's optional math functions.
    func keySQL(_ value: String) -> String {
        let whole = "CAST(\(value) AS INTEGER)"
        switch self {
        case .value:
            return value
        case .bin, .grid:
            return "(\(whole) - (\(value) < \(whole)))"
        case .rounded:
            // The fraction `value - whole` is exact, so exact halves go away
            // from zero (SQLite's round() adds 0.5 and can carry).
            return "(\(whole) + (\(value) - \(whole) >= 0.5) - (\(value) - \(whole) <= -0.5))"
        case .calendar(_, .month):
            return "(CAST(strftime('%Y', \(value), 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', \(value), 'unixepoch') AS INTEGER) - 1)"
        case .calendar(_, .year):
            return "CAST(strftime('%Y', \(value), 'unixepoch') AS INTEGER)"
        }
    }

    /// 10^decimals by repeated multiplication (exact for the powers a
    /// Double holds exactly); negative decimals give 1/10^-decimals.
    private static func power(of base: Double, _ exponent: Int) -> Double {
        let magnitude = (0..<abs(exponent)).reduce(1.0) { product, _ in product * base }
        return exponent >= 0 ? magnitude : 1 / magnitude
    }
}

/// A value computed over each group's rows besides its count.
public enum AggregateMeasure: Sendable, Hashable {
    /// The smallest non-NULL value of the field (texts by bytes); NULL when
    /// every row's is NULL.
    case min(QuakeField)
    /// The largest non-NULL value of the field.
    case max(QuakeField)
    /// The largest non-NULL value rounded down to a whole number (for a
    /// magnitude: its band, which sets a map dot's color); NULL when every
    /// row's is NULL. Kept map cells hold bands, not magnitudes: a map asks
    /// for this, and is answered from them.
    case maxWhole(QuakeField)

    public var field: QuakeField {
        switch self {
        case .min(let field), .max(let field), .maxWhole(let field): field
        }
    }

    /// The aggregate function over the column, named `value` in the inner select.
    func sql(_ value: String) -> String {
        switch self {
        case .min: "min(\(value))"
        case .max: "max(\(value))"
        case .maxWhole: "max((CAST(\(value) AS INTEGER) - (\(value) < CAST(\(value) AS INTEGER))))"
        }
    }
}
