import Foundation
import QuakeStore

/// How many of the results hold each value of one field (VisiData's
/// frequency sheet): text fields by value, numbers and times in bins
/// (magnitude by half units, depth by 10 km, latitude and longitude by
/// degree, times by UTC day), counted by an aggregate of the results, never
/// their rows. Sorted by count, largest first (ties by value); each entry
/// carries the predicate that selects its quakes.
public struct FrequencyTable: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// The value or bin as shown: `ml`, `4.5–5.0`, `2018-06-14`, `–` for none.
        public let label: String
        public let count: Int
        /// The quakes of this entry, for a filter (`field == value`, or the bin's range).
        public let predicate: QuakePredicate

        public static func == (a: Entry, b: Entry) -> Bool {
            a.label == b.label && a.count == b.count && a.predicate.description == b.predicate.description
        }
    }

    public let field: QuakeField
    public let entries: [Entry]
    /// Every quake of the results: the entries' counts add up to it.
    public var total: Int { entries.reduce(0) { $0 + $1.count } }

    /// The share of the results, in percent.
    public func percent(_ entry: Entry) -> Double { total == 0 ? 0 : 100 * Double(entry.count) / Double(total) }

    /// The fields a frequency table can be made of: every stored field but
    /// the ones unique to a quake (id, title, url, code) and the computed
    /// ones; nil with why not.
    public static func check(_ field: QuakeField) -> String? {
        if [.id, .title, .url, .code].contains(field) { return "\(field.name) is different for every quake" }
        if field.keyPath == nil { return "\(field.name) is computed for each quake, not stored" }
        return nil
    }

    /// The bin of a number or time field; nil for a field counted by value.
    public static func binWidth(_ field: QuakeField) -> Double? {
        switch field {
        case .magnitude: 0.5
        case .depth: 10
        case .latitude, .longitude: 1
        case .time, .updated: 86_400_000
        default: nil
        }
    }

    public static func request(_ field: QuakeField) -> AggregateRequest {
        AggregateRequest(groups: [binWidth(field).map { .bin(field, width: $0) } ?? .value(field)])
    }

    public init(field: QuakeField, _ result: AggregateResult) {
        self.field = field
        let width = Self.binWidth(field)
        entries = result.rows.map { row in
            let (label, predicate) = Self.entry(field, key: row.keys[0], width: width)
            return Entry(label: label, count: row.count, predicate: predicate)
        }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.label < $1.label }
    }

    private static func entry(_ field: QuakeField, key: FieldValue, width: Double?) -> (String, QuakePredicate) {
        // Names and numbers only, from the catalog's own values: these parse.
        func predicate(_ format: String, _ arguments: [any Sendable]) -> QuakePredicate {
            try! QuakePredicate(format: format, arguments: arguments)
        }
        guard !key.isNull else { return ("–", predicate("\(field.name) == nil", [])) }
        switch (key, width) {
        case (.number(let bin?), let width?):
            let low = bin * width, high = low + width
            if field.kind == .time {
                let start = Date(timeIntervalSince1970: low / 1000), end = Date(timeIntervalSince1970: high / 1000)
                return (UTCDay.string(epochMilliseconds: Int64(low)),
                        predicate("\(field.name) >= %@ AND \(field.name) < %@", [start, end]))
            }
            return ("\(Self.number(low))–\(Self.number(high))", predicate("\(field.name) >= %@ AND \(field.name) < %@", [low, high]))
        case (.number(let value?), nil): return (Self.number(value), predicate("\(field.name) == %@", [value]))
        case (.text(let text?), _): return (text.isEmpty ? "(empty)" : text, predicate("\(field.name) == %@", [text]))
        default: return ("–", predicate("\(field.name) == nil", []))
        }
    }

    /// 4.5 → "4.5", 10 → "10", 0.25 → "0.25".
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
