import GRDB
import GRDBSQLite

/// Groups the catalog's origins into events (`OriginTable`), inside the
/// transaction of an import, a merge or a split. Once the catalog holds two
/// services' reports, a new report is associated as it is written
/// (`joinIfItBelongs`: `EventAssociator`'s rules, the user's pairings
/// respected); a bulk load, whose indexes are dropped, is associated at its
/// end instead, oldest first. An import's upserts note which events of
/// several origins had an origin updated (`noteChanged`); `settle` then
/// re-chooses those events' preferred origins and lets an origin that moved
/// out of its event's windows go, to join another event or stay alone.
final class EventGrouping {
    let db: Database
    let policy: AssociationPolicy
    /// The transaction's clock, stamped on every event row it changes.
    let now: Int64
    /// Events with an origin updated by this transaction.
    private var changedEvents: Set<String> = []
    /// Origins that joined another service's event.
    private(set) var joined = 0
    /// Whether the catalog held any origin row when the transaction began:
    /// only then can a report be of one.
    let holdsOrigins: Bool
    /// The services the catalog and this transaction hold reports of.
    private var providers: Set<String>
    /// Whether a new report is associated as it is written: the catalog's
    /// indexes are there (no bulk load) and it holds another service's reports.
    private(set) var associatesInline = false
    private let inlineAllowed: Bool
    /// Where a report's texts stay while bound.
    private let texts = TextArena()

    private var associator: EventAssociator { EventAssociator(windows: policy.windows) }

    /// `inline`: new reports may be associated as they are written (not
    /// during a bulk load, whose indexes are dropped: `settle` does it then).
    init(_ db: Database, policy: AssociationPolicy = .configured, now: Int64, inline: Bool = true) throws {
        self.db = db
        self.policy = policy
        self.now = now
        holdsOrigins = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM origin)") ?? false
        providers = Set(try String.fetchAll(db, sql: "SELECT provider FROM catalogProvider"))
        inlineAllowed = inline
        associatesInline = inline && providers.count > 1
    }

    /// A report of `provider` is being written.
    func noteProvider(_ provider: String) {
        guard providers.insert(provider).inserted else { return }
        associatesInline = inlineAllowed && providers.count > 1
    }

    /// The event holding origin `id` when it is an event of several origins.
    func event(holdingOrigin id: String) throws -> String? {
        guard holdsOrigins else { return nil }
        return try String.fetchOne(db.cachedStatement(sql: "SELECT eventId FROM origin WHERE id = ?"), arguments: [id])
    }

    func noteChanged(_ event: String) { changedEvents.insert(event) }

    /// Records the services this transaction wrote origins of, and groups
    /// what was not grouped as it was written (see the type's comment). Returns how many origins joined an event.
    func settle(providers: Set<String>) throws -> Int {
        let known = Set(try String.fetchAll(db, sql: "SELECT provider FROM catalogProvider"))
        for provider in providers.subtracting(known) {
            try db.execute(sql: "INSERT OR IGNORE INTO catalogProvider VALUES (?)", arguments: [provider])
        }
        var leavers: [String] = []
        for event in changedEvents.sorted() { leavers += try regroup(event) }
        changedEvents = []
        // Written inline, every report was looked at as it came (against
        // every one before it); a bulk load's are looked at now.
        var lookedAt = leavers
        if !inlineAllowed && known.union(providers).count > 1 {
            lookedAt = try String.fetchAll(db, sql: """
                SELECT id FROM quake WHERE changedAt = ? AND origins = 1 ORDER BY time, id
                """, arguments: [now])
        }
        for id in lookedAt { try associate(id) }
        return joined
    }

    // MARK: Association

    /// Joins event-alone `id` to the event it belongs with, if any (a
    /// report written inline that moved: it may now belong with one).
    func associate(_ id: String) throws {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT \(StoredOrigin.columns) FROM quake WHERE id = ? AND origins = 1
            """), arguments: [id]) else { return }   // joined meanwhile
        let origin = StoredOrigin(row: row)
        guard let event = try eventToJoin(origin) else { return }
        try join(Member(origin: origin, place: .quakeRow), event: event)
    }

    /// A new report, associated as it is written: joins the event it
    /// belongs with and returns that event's id; nil when it belongs with
    /// none (the caller writes it as an event of its own).
    func joinIfItBelongs(_ report: Quake) throws -> String? {
        let origin = StoredOrigin(report)
        guard let event = try eventToJoin(origin) else { return nil }
        return try join(Member(origin: origin, place: .report(report)), event: event)
    }

    /// The event origin `origin` (an event alone, or a report not yet
    /// written) belongs with: a partner the user paired it with, else the
    /// nearest candidate by the policy's windows that holds no report of its
    /// service and no origin the user set apart from it.
    private func eventToJoin(_ origin: StoredOrigin) throws -> EventRow? {
        let id = origin.id
        let pairings = try OriginPairing.of(id, db)
        if let partner = pairings.together.first, let event = try eventRow(holding: partner), event.id != id {
            return event
        }
        let windows = policy.windows, degrees = windows.widestDegrees
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT \(StoredOrigin.columns), origins FROM quake
            WHERE time BETWEEN ? AND ? AND latitude BETWEEN ? AND ? AND id <> ?
            """), arguments: [origin.time - Int64(windows.seconds * 1000), origin.time + Int64(windows.seconds * 1000),
                              origin.latitude - degrees, origin.latitude + degrees, id])
        guard !rows.isEmpty else { return nil }
        var events: [AssociatedEvent] = [], candidates: [EventRow] = []
        for row in rows {
            let candidate = EventRow(preferred: StoredOrigin(row: row), origins: row[10])
            let keys = try originKeys(of: candidate)
            guard keys.allSatisfy({ !pairings.apart.contains($0.id) }) else { continue }
            events.append(AssociatedEvent(preferred: candidate.preferred.report,
                                          origins: Set(keys.map { .init(source: $0.provider, code: $0.id) })))
            candidates.append(candidate)
        }
        return associator.event(for: origin.report, among: events).map { candidates[$0] }
    }

    /// An event's row: its preferred origin and how many it has.
    struct EventRow {
        var preferred: StoredOrigin
        var origins: Int
        var id: String { preferred.id }
    }

    private func originKeys(of event: EventRow) throws -> [(provider: String, id: String)] {
        guard event.origins > 1 else { return [(event.preferred.provider, event.id)] }
        return try Row.fetchAll(db.cachedStatement(sql: "SELECT provider, id FROM origin WHERE eventId = ?"),
                                arguments: [event.id]).map { ($0[0], $0[1]) }
    }

    /// The event row of origin `id`, whether it is an event alone or one of several's.
    func eventRow(holding id: String) throws -> EventRow? {
        let eventID = try String.fetchOne(db.cachedStatement(sql: "SELECT eventId FROM origin WHERE id = ?"), arguments: [id])
            ?? id
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT \(StoredOrigin.columns), origins FROM quake WHERE id = ?"),
                                         arguments: [eventID]) else { return nil }
        return EventRow(preferred: StoredOrigin(row: row), origins: row[10])
    }

    /// `member` (an event alone, or a report) joins `event`; returns the event's id.
    @discardableResult
    private func join(_ member: Member, event: EventRow) throws -> String {
        let rows = if case .quakeRow = member.place { [event.id, member.origin.id] } else { [event.id] }
        joined += 1
        return try write(members: try members(of: event) + [member], rows: rows, refreshingValues: false)
    }

    // MARK: Writing events

    /// An origin of an event being written, and where it is now.
    struct Member {
        var origin: StoredOrigin
        var place: Place

        enum Place {
            /// A row of the `origin` table.
            case originRow
            /// An event-alone's own `quake` row.
            case quakeRow
            /// A report being imported, not yet written.
            case report(Quake)
        }

        var isOriginRow: Bool { if case .originRow = place { true } else { false } }
    }

    func members(of event: EventRow) throws -> [Member] {
        guard event.origins > 1 else { return [Member(origin: event.preferred, place: .quakeRow)] }
        return try Row.fetchAll(db.cachedStatement(sql: "SELECT \(StoredOrigin.columns) FROM origin WHERE eventId = ?"),
                                arguments: [event.id]).map { Member(origin: StoredOrigin(row: $0), place: .originRow) }
    }

    /// Writes `members` as one event, replacing the event rows `rows`: the
    /// preferred origin's row holds the event (its values, its id, how many
    /// origins); every member is an `origin` row pointing at it; the other
    /// rows go, their aliases moved to it. One member: its own row, no
    /// `origin` row. `refreshingValues`: copy the preferred origin's values
    /// into its row even when the row is already its (an origin updated).
    /// Returns the event's id.
    @discardableResult
    func write(members: [Member], rows: [String], refreshingValues: Bool = true) throws -> String {
        let preferred = policy.preference.preferred(among: members.map(\.origin))
        if members.count == 1 { try writeAlone(members[0], rows: rows); return preferred.id }
        for member in members {
            switch member.place {
            case .originRow:
                try db.execute(sql: "UPDATE origin SET eventId = ? WHERE id = ?", arguments: [preferred.id, member.origin.id])
            case .quakeRow:
                try db.execute(sql: """
                    INSERT INTO origin (eventId, provider, \(OriginTable.copiedList))
                    SELECT ?, ?, \(OriginTable.copiedList) FROM quake WHERE id = ?
                    """, arguments: [preferred.id, member.origin.provider, member.origin.id])
            case .report(let report):
                try insertOrigin(report, event: preferred.id, provider: member.origin.provider)
            }
        }
        let hasRow = rows.contains(preferred.id)
        if !hasRow {
            try db.execute(sql: """
                INSERT INTO quake (\(OriginTable.copiedList), origins) SELECT \(OriginTable.copiedList), ? FROM origin WHERE id = ?
                """, arguments: [members.count, preferred.id])
        }
        try removeRows(rows.filter { $0 != preferred.id }, movingAliasesTo: preferred.id)
        if hasRow && !refreshingValues {
            // Its row holds its values already: only the count and the change mark move (two indexes, not fifteen).
            try db.execute(sql: "UPDATE quake SET origins = ?, changedAt = ? WHERE id = ?", arguments: [members.count, now, preferred.id])
        } else {
            try db.execute(sql: """
                UPDATE quake SET (\(OriginTable.valueList)) = (SELECT \(OriginTable.valueList) FROM origin WHERE id = ?1),
                    origins = ?2, changedAt = ?3 WHERE id = ?1
                """, arguments: [preferred.id, members.count, now])
        }
        return preferred.id
    }

    /// An `origin` row of a report not yet written.
    private func insertOrigin(_ report: Quake, event: String, provider: String) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO origin (\(OriginTable.copiedList), eventId, provider)
            VALUES (\((1...OriginTable.copiedColumns.count + 2).map { "?\($0)" }.joined(separator: ", ")))
            """)
        statement.setUncheckedArguments(StatementArguments())   // the bindings are ours, as the upserter's
        sqlite3_reset(statement.sqliteStatement)
        var binder = try report.bindStoredValues(to: statement, texts: texts)
        try binder.bind(now); try binder.bind(event); try binder.bind(provider)
        try statement.execute()
    }

    /// An event of one origin: its row holds it, and no `origin` row does.
    private func writeAlone(_ member: Member, rows: [String]) throws {
        let id = member.origin.id
        if member.isOriginRow {
            if rows.contains(id) {
                try db.execute(sql: """
                    UPDATE quake SET (\(OriginTable.valueList)) = (SELECT \(OriginTable.valueList) FROM origin WHERE id = ?1),
                        origins = 1, changedAt = ?2 WHERE id = ?1
                    """, arguments: [id, now])
            } else {
                try insertRow(fromOrigin: id)
            }
            try db.execute(sql: "DELETE FROM origin WHERE id = ?", arguments: [id])
        }
        try removeRows(rows.filter { $0 != id }, movingAliasesTo: id)
    }

    /// A `quake` row for origin row `id`, an event alone, changed now.
    private func insertRow(fromOrigin id: String) throws {
        try db.execute(sql: """
            INSERT INTO quake (\(OriginTable.copiedList), origins)
            SELECT id, \(Quake.storedColumns.dropFirst().joined(separator: ", ")), ?, 1 FROM origin WHERE id = ?
            """, arguments: [now, id])
    }

    private func removeRows(_ rows: [String], movingAliasesTo id: String) throws {
        for row in rows {
            try db.execute(sql: "UPDATE quakeAlias SET quakeId = ? WHERE quakeId = ?", arguments: [id, row])
            try db.execute(sql: "DELETE FROM quake WHERE id = ?", arguments: [row])
        }
    }

    // MARK: Regrouping

    /// Re-chooses event `id`'s preferred origin and lets go of the origins
    /// no longer within its windows (unless paired with it): each becomes
    /// an event alone. Returns their ids.
    @discardableResult
    func regroup(_ id: String, letting forced: String? = nil) throws -> [String] {
        guard let event = try eventRow(holding: id), event.id == id || forced != nil, event.origins > 1 else { return [] }
        let members = try members(of: event)
        let preferred = policy.preference.preferred(among: members.map(\.origin))
        let together = try OriginPairing.of(preferred.id, db).together
        let leaving = members.filter { member in
            if member.origin.id == forced { return true }
            if forced != nil || member.origin.id == preferred.id || together.contains(member.origin.id) { return false }
            return !associator.isCandidate(preferred.report, for: member.origin.report)
        }
        guard !leaving.isEmpty else {
            try write(members: members, rows: [event.id])
            return []
        }
        // Out of the event first: its row's deletion takes its origins along.
        for member in leaving {
            try db.execute(sql: "UPDATE origin SET eventId = '' WHERE id = ?", arguments: [member.origin.id])
        }
        let staying = members.filter { member in !leaving.contains { $0.origin.id == member.origin.id } }
        try write(members: staying, rows: [event.id])
        for member in leaving {
            try insertRow(fromOrigin: member.origin.id)
            try db.execute(sql: "DELETE FROM origin WHERE id = ?", arguments: [member.origin.id])
        }
        return leaving.map(\.origin.id)
    }
}
