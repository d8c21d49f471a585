import Foundation
import QuakeQuery
import QuakeStore
import Testing

/// Aggregates computed in Swift from the quakes themselves, the test oracle:
/// floor, rounding and calendar months by Swift's own arithmetic and
/// Foundation's calendar, never by the SQL under test.
enum AggregateOracle {
    /// The rows `request` should give over `quakes`, the configuration's
    /// predicate and the request's restriction applied in memory.
    static func rows(_ quakes: [Quake], predicate: QuakePredicate?, _ request: AggregateRequest) -> [AggregateRow] {
        let selected = quakes.filter { quake in
            (predicate?.selects(quake) ?? true) && (request.restriction?.selects(quake) ?? true)
        }
        let keys = request.groups.map(key)
        var groups: [[FieldValue]: [Quake]] = [:]
        for quake in selected { groups[keys.map { $0(quake) }, default: []].append(quake) }
        if request.groups.isEmpty && groups.isEmpty { groups[[]] = [] }   // one row, count 0
        return groups.map { keys, members in
            AggregateRow(keys: keys, count: members.count, measures: request.measures.map { measure($0, members) })
        }.sorted { a, b in
            for (x, y) in zip(a.keys, b.keys) where compareForSort(x, y) != 0 { return compareForSort(x, y) < 0 }
            return false
        }
    }

    /// The group's key of a quake (the field looked up once, not per quake).
    static func key(_ group: AggregateGroup) -> (Quake) -> FieldValue {
        switch group {
        case .value(let field):
            if field.kind == .text {
                let read = text(field)
                return { .text(read($0)) }
            }
            let read = number(group.field)
            return { .number(read($0)) }
        case .bin(let field, let width, let origin):
            let read = number(field)
            return { .number(read($0).map { (($0 - origin) / width).rounded(.down) }) }
        case .grid(let field, let from, let to, let count, let period):
            let read = number(field)
            return { quake in
                .number(read(quake).map { value in
                    let continued = period.map { value < from ? value + $0 : value } ?? value
                    return ((continued - from) / (to - from) * Double(count)).rounded(.down)
                })
            }
        case .rounded(let field, let decimals):
            let read = number(field), scale = pow(10, Double(decimals))
            return { .number(read($0).map { ($0 * scale).rounded(.toNearestOrAwayFromZero) }) }
        case .calendar(let field, let unit):
            let read = number(field)
            return { quake in
                let (year, month) = yearAndMonth(read(quake)!)
                return .number(Double(unit == .month ? year * 12 + month - 1 : year))
            }
        }
    }

    static func measure(_ measure: AggregateMeasure, _ quakes: [Quake]) -> FieldValue {
        let isMin: Bool
        switch measure {
        case .min: isMin = true
        case .max: isMin = false
        case .maxWhole(let field):
            return .number(quakes.compactMap(number(field)).max().map { $0.rounded(.down) })
        }
        if measure.field.kind == .text {
            let texts = quakes.compactMap(text(measure.field))
            let byBytes: (String, String) -> Bool = { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            return .text(isMin ? texts.min(by: byBytes) : texts.max(by: byBytes))
        }
        let numbers = quakes.compactMap(number(measure.field))
        return .number(isMin ? numbers.min() : numbers.max())
    }

    /// The number fields these tests group and measure, read straight from the record.
    static func number(_ field: QuakeField) -> (Quake) -> Double? {
        switch field {
        case .magnitude: { $0.magnitude }
        case .latitude: { $0.latitude }
        case .longitude: { $0.longitude }
        case .depth: { $0.depth }
        case .felt: { $0.felt.map(Double.init) }
        case .time: { Double($0.time.epochMilliseconds) }
        case .updated: { Double($0.updated.epochMilliseconds) }
        default: fatalError("no oracle for \(field)")
        }
    }

    static func text(_ field: QuakeField) -> (Quake) -> String? {
        switch field {
        case .id: { $0.id }
        case .net: { $0.net }
        case .place: { $0.place }
        case .alert: { $0.alert }
        default: fatalError("no oracle for \(field)")
        }
    }

    /// The UTC year and month by Foundation's calendar, remembered: it is
    /// slow enough on Linux to dominate the oracle tests otherwise.
    static func yearAndMonth(_ milliseconds: Double) -> (year: Int, month: Int) {
        if let known = monthsLock.withLock({ months[milliseconds] }) { return known }
        let parts = utc.dateComponents([.year, .month], from: Date(timeIntervalSince1970: milliseconds / 1000))
        let found = (parts.year!, parts.month!)
        monthsLock.withLock { months[milliseconds] = found }
        return found
    }

    private static let monthsLock = NSLock()
    nonisolated(unsafe) private static var months: [Double: (year: Int, month: Int)] = [:]

    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}

/// Aggregate results as delivered, from the controller's queue, each with
/// the generation of the newest snapshot at the moment it was handed over.
final class AggregateLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(result: AggregateResult, newestSnapshot: Int?)] = []

    func append(_ result: AggregateResult, newestSnapshot: Int?) {
        lock.withLock { entries.append((result, newestSnapshot)) }
    }

    var all: [AggregateResult] { lock.withLock { entries.map(\.result) } }
    var withNewestSnapshots: [(result: AggregateResult, newestSnapshot: Int?)] { lock.withLock { entries } }
}

/// Waits for `log` to hold a result that satisfies `condition`, counted in
/// polls like `waitForSnapshot`, so a bug cannot hang the suite.
func waitForAggregate(_ log: AggregateLog, timeout: Double = 60,
                      where condition: (AggregateResult) -> Bool) async throws -> AggregateResult {
    for _ in 0..<Int(timeout / 0.005) {
        if let result = log.all.last(where: condition) { return result }
        try await Task.sleep(nanoseconds: 5_000_000)
    }
    Issue.record("no aggregate satisfied the condition within \(timeout) s; \(log.all.count) delivered")
    throw CancellationError()
}
