import Foundation
import GRDB

/// One origin of an event, as the details and `list --origins` show it.
public struct EventOrigin: Sendable, Equatable {
    /// The event's id: its preferred origin's.
    public var eventID: String
    /// The service that reported it (`EventIdentity`).
    public var provider: String
    /// The origin's values as reported, under its own id.
    public var report: Quake

    public var isPreferred: Bool { report.id == eventID }

    /// Seconds, kilometres and magnitude units from `preferred`.
    public func differences(from preferred: Quake) -> (seconds: Double, kilometres: Double, magnitude: Double?) {
        let seconds = Double(report.time.epochMilliseconds - preferred.time.epochMilliseconds) / 1000
        let kilometres = GreatCircle.distanceKilometres(preferred.latitude, preferred.longitude, report.latitude, report.longitude)
        let magnitude = report.magnitude.flatMap { m in preferred.magnitude.map { m - $0 } }
        return (seconds, kilometres, magnitude)
    }
}

/// Why `merge` or `split` did nothing, in a line naming the ids.
public struct GroupingError: Error, CustomStringConvertible, Equatable {
    public let description: String
}

extension QuakeCatalog {
    /// The origins of the event holding origin (or event) `id`, the
    /// preferred first, then by service; empty when the catalog has no such id.
    public func origins(ofEventHolding id: String) throws -> [EventOrigin] {
        try CatalogError.wrappingErrors(path: path, operation: .read) {
            try dbWriter.read { db in try Self.origins(ofEventHolding: id, db) }
        }
    }

    /// The origins of each event, in the order given (`list --origins`).
    public func origins(ofEvents ids: [String]) throws -> [EventOrigin] {
        try CatalogError.wrappingErrors(path: path, operation: .read) {
            try dbWriter.read { db in try ids.flatMap { try Self.origins(ofEventHolding: $0, db) } }
        }
    }

    static func origins(ofEventHolding id: String, _ db: Database) throws -> [EventOrigin] {
        guard let event = try eventID(holding: id, db),
              let quake = try Quake.fetchOne(db, sql: "SELECT * FROM quake WHERE id = ?", arguments: [event]) else { return [] }
        let own = EventOrigin(eventID: event, provider: EventIdentity.provider(ofStoredID: event), report: quake)
        // A catalog not yet upgraded (read-only) has no other origins.
        guard try db.tableExists("origin") else { return [own] }
        return [own] + (try Row.fetchAll(db, sql: "SELECT * FROM origin WHERE eventId = ? ORDER BY provider", arguments: [event]).map {
            EventOrigin(eventID: event, provider: $0["provider"], report: try Quake(row: $0))
        })
    }

    /// The event row holding origin `id`: the event's own id, an origin's
    /// event, or the row a ComCat former id is an alias of.
    static func eventID(holding id: String, _ db: Database) throws -> String? {
        if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM quake WHERE id = ?)", arguments: [id]) == true { return id }
        if try db.tableExists("origin"),
           let event = try String.fetchOne(db, sql: "SELECT eventId FROM origin WHERE id = ?", arguments: [id]) { return event }
        return try String.fetchOne(db, sql: "SELECT quakeId FROM quakeAlias WHERE alias = ?", arguments: [id])
    }

    /// Makes the events holding `a` and `b` one event, and keeps the two
    /// together in later imports. Returns the event's id (its preferred
    /// origin's). Refused when either is unknown, they are one event
    /// already, or both events hold a report of the same service.
    @discardableResult
    public func merge(_ a: String, _ b: String) throws -> String {
        try regrouping { db, grouping in
            let eventA = try Self.event(holding: a, grouping), eventB = try Self.event(holding: b, grouping)
            guard eventA.id != eventB.id else { throw GroupingError(description: "\(a) and \(b) are already one event, \(eventA.id)") }
            let membersA = try grouping.members(of: eventA), membersB = try grouping.members(of: eventB)
            let shared = Set(membersA.map(\.origin.provider)).intersection(membersB.map(\.origin.provider)).sorted()
            guard shared.isEmpty else {
                throw GroupingError(description: "\(a) and \(b) cannot be one event: both hold a report of "
                                    + shared.joined(separator: " and ") + ", and an event holds one report a service")
            }
            try OriginPairing.record(a, b, together: true, db)
            // No origin of one is kept apart from one of the other any more.
            for x in membersA {
                for y in membersB {
                    try db.execute(sql: "DELETE FROM originPairing WHERE together = 0 AND a = ? AND b = ?",
                                   arguments: [min(x.origin.id, y.origin.id), max(x.origin.id, y.origin.id)])
                }
            }
            return try grouping.write(members: membersA + membersB)
        }
    }

    /// Takes origin `id` out of its event as an event of its own, kept
    /// apart from the event's other origins in later imports. Returns the
    /// event the others remain.
    @discardableResult
    public func split(_ id: String) throws -> String {
        try regrouping { db, grouping in
            let event = try Self.event(holding: id, grouping)
            let members = try grouping.members(of: event)
            guard members.count > 1, let origin = members.first(where: { $0.origin.id == id }) else {
                throw GroupingError(description: members.count > 1 ? "\(id) is not an origin of event \(event.id); split takes an origin's id"
                                    : "\(id) is an event of one origin: nothing to split")
            }
            for other in members where other.origin.id != id {
                try OriginPairing.record(origin.origin.id, other.origin.id, together: false, db)
            }
            try grouping.regroup(event.id, letting: id)
            return try Self.eventID(holding: members.first { $0.origin.id != id }!.origin.id, db) ?? event.id
        }
    }

    private static func event(holding id: String, _ grouping: EventGrouping) throws -> EventGrouping.EventRow {
        // Its own row, an origin's event or a ComCat former id's row.
        guard let event = try eventID(holding: id, grouping.db).flatMap(grouping.eventRow(id:)) else {
            throw GroupingError(description: "no quake or origin \(id) in the catalog")
        }
        return event
    }

    /// A merge's or split's transaction, its errors said as the catalog's
    /// (a `GroupingError` as it is).
    private func regrouping<T>(_ body: (Database, EventGrouping) throws -> T) throws -> T {
        if let refusal = location.readOnlyError {
            throw CatalogError(path: path, operation: .write, reason: refusal.reason, underlying: refusal.underlying)
        }
        do {
            // No report is written: nothing to associate as it comes.
            return try dbWriter.write { db in try body(db, try EventGrouping(db, now: Date().epochMilliseconds, inline: false)) }
        } catch let error as GroupingError {
            throw error
        } catch {
            throw CatalogError.wrapping(error, path: path, operation: .write)
        }
    }
}
