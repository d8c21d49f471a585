import GRDB
import QuakeStore

/// An aggregate of one snapshot's results: the groups that hold rows, each
/// with its count and measures.
public struct AggregateResult: Sendable {
    /// The generation of the snapshot whose results these are.
    public let generation: Int
    public let configuration: FetchConfiguration
    public let request: AggregateRequest
    /// One row per group holding quakes, ordered by keys ascending, NULL
    /// last; with no groups, exactly one row (its count may be 0).
    public let rows: [AggregateRow]

    /// Every quake counted: the snapshot's count when there is no restriction.
    public var count: Int { rows.reduce(0) { $0 + $1.count } }
}

/// One group of an aggregate.
public struct AggregateRow: Sendable, Hashable {
    /// One key per group of the request, in order: a text or number for
    /// `value`, a whole number for the others; NULL for the rows whose
    /// field is NULL.
    public let keys: [FieldValue]
    /// How many quakes the group holds.
    public let count: Int
    /// One value per measure of the request, in order.
    public let measures: [FieldValue]

    public init(keys: [FieldValue], count: Int, measures: [FieldValue]) {
        self.keys = keys; self.count = count; self.measures = measures
    }

    /// Group `group`'s key as a whole number (a bin, a rounded value, a
    /// month): nil when NULL, text or fractional.
    public func index(_ group: Int) -> Int? {
        guard case .number(let number?) = keys[group] else { return nil }
        return Int(exactly: number)
    }

    /// Measure `measure` as a number (times in epoch milliseconds): nil
    /// when NULL or text.
    public func number(_ measure: Int) -> Double? {
        guard case .number(let number) = measures[measure] else { return nil }
        return number
    }

    /// A row of the plan's aggregate statement: the keys, the count, the measures.
    init(_ row: Row, _ request: AggregateRequest) {
        let values = Array(row.databaseValues)
        let groups = request.groups.count
        keys = zip(request.groups, values).map { group, value in Self.fieldValue(value, isText: group.hasTextKeys) }
        count = Int.fromDatabaseValue(values[groups]) ?? 0
        measures = zip(request.measures, values[(groups + 1)...]).map { measure, value in
            Self.fieldValue(value, isText: measure.field.kind == .text)
        }
    }

    /// The value as SQLite holds it; NULL as the field's kind (`.text(nil)`
    /// for a text field, as `QuakeField.value(of:)` gives it).
    private static func fieldValue(_ value: DatabaseValue, isText: Bool) -> FieldValue {
        switch value.storage {
        case .int64(let integer): .number(Double(integer))
        case .double(let real): .number(real)
        case .string(let text): .text(text)
        case .null, .blob: isText ? .text(nil) : .number(nil)
        }
    }
}
