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
    /// Whether the catalog holds any origin row (when the transaction began,
    /// or written since): only then can a report be of one, or an event hold several.
    private(set) var holdsOrigins: Bool
    /// Whether the user paired any origins (`originPairing`).
    private let holdsPairings: Bool
    /// The services the catalog listed when the transaction began, and
    /// those it and this transaction hold reports of.
    private let storedProviders: Set<String>
    private var providers: Set<String>
    /// Whether a new report is associated as it is written: the catalog's
    /// indexes are there (no bulk load) and it holds another service's reports.
    private(set) var associatesInline = false
    private let inlineAllowed: Bool
    /// Where a report's texts stay while bound.
    private let texts = TextArena()
    /// The statements each report runs, prepared once (looking a cached
    /// statement up hashed its SQL each time: a tenth of an association).
    private lazy var candidatesStatement = prepare(SQL.candidates)
    private lazy var othersStatement = prepare(SQL.others)
    private lazy var eventOfOriginStatement = prepare(SQL.eventOfOrigin)
    private lazy var eventRowStatement = prepare(SQL.eventRow)
    private lazy var holdsOthersStatement = prepare(SQL.holdsOthers)
    private lazy var originFromReportStatement: Statement? = {
        let statement = prepare(SQL.originFromReport)
        statement?.setUncheckedArguments(StatementArguments())   // the bindings are ours, as the upserter's
        return statement
    }()

    /// A statement of this transaction's connection; nil only if SQLite
    /// refuses it, when `statement(_:)` prepares it again to throw why.
    private func prepare(_ sql: String) -> Statement? { try? db.makeStatement(sql: sql) }

    private func statement(_ prepared: Statement?, _ sql: String) throws -> Statement {
        if let prepared { return prepared }
        return try db.makeStatement(sql: sql)
    }

    private var associator: EventAssociator { EventAssociator(windows: policy.windows) }

    /// `inline`: new reports may be associated as they are written (not
    /// during a bulk load, whose indexes are dropped: `settle` does it then).
    init(_ db: Database, policy: AssociationPolicy = .configured, now: Int64, inline: Bool) throws {
        self.db = db
        self.policy = policy
        self.now = now
        holdsOrigins = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM origin)") ?? false
        holdsPairings = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM originPairing)") ?? false
        storedProviders = Set(try String.fetchAll(db, sql: "SELECT provider FROM catalogProvider"))
        providers = storedProviders
        inlineAllowed = inline
        try setInline(inline && providers.count > 1)
    }

    /// A report of `provider` is being written.
    func noteProvider(_ provider: String) throws {
        guard providers.insert(provider).inserted else { return }
        try setInline(inlineAllowed && providers.count > 1)
    }

    private func setInline(_ inline: Bool) throws {
        guard inline && !associatesInline else { return }
        associatesInline = true
        // Each report reads its candidates' and its event's pages, all over a
        // large catalog: kept in memory (64 MiB at most, as used; 256 measured no faster) rather
        // than read again from the file, and the file's other pages read
        // through a memory map rather than copied by a read() each (at
        // 1,000,000 events, 51,000–55,000 origins/s became 59,000–62,000;
        // SQLite still writes with write(), so the map never writes the
        // file); for this import only (`BulkLoad.restoringCheckpoints` puts
        // SQLite's 2 MiB and no map back after its commit: shrinking the
        // cache before would spill its pages).
        try db.execute(sql: "PRAGMA cache_size = -65536; PRAGMA mmap_size = 2147483648")
    }

    /// The event holding origin `id` when it is not that event's preferred origin.
    func event(holdingOrigin id: String) throws -> String? {
        guard holdsOrigins else { return nil }
        return try StatementRows(statement(eventOfOriginStatement, SQL.eventOfOrigin)) { try $0.bind(id) }.first { $0.text(0) }
    }

    /// Whether event `id` holds other origins than its preferred one.
    func holdsOthers(_ id: String) throws -> Bool {
        guard holdsOrigins else { return false }
        return try StatementRows(statement(holdsOthersStatement, SQL.holdsOthers)) { try $0.bind(id) }
            .first { $0.int64(0) != 0 } ?? false
    }

    func noteChanged(_ event: String) { changedEvents.insert(event) }

    /// The other services' origins of event `former`, about to be deleted
    /// as a report's former id (a ComCat re-key), moved to event `event`,
    /// which then chooses its preferred origin again: deleting the row
    /// would delete them with it (`origin_eventDeleted`).
    func moveOrigins(from former: String, to event: String) throws {
        guard holdsOrigins else { return }
        try db.execute(sql: SQL.moveOrigins, arguments: [former, event])
        if db.changesCount > 0 { noteChanged(event) }
    }

    /// Whether `settle` will read events by id (and so needs the id's index).
    var settlingReadsEvents: Bool { !changedEvents.isEmpty || (!inlineAllowed && providers.count > 1) }

    /// Records the services this transaction wrote reports of, and groups
    /// what was not grouped as it was written (see the type's comment).
    /// Returns how many origins joined an event.
    func settle() throws -> Int {
        for provider in providers.subtracting(storedProviders) {
            try db.execute(sql: "INSERT OR IGNORE INTO catalogProvider VALUES (?)", arguments: [provider])
        }
        var leavers: [String] = []
        for event in changedEvents.sorted() { leavers += try regroup(event) }
        changedEvents = []
        // Written inline, every report was looked at as it came (against
        // every one before it); a bulk load's are looked at now.
        var lookedAt = leavers
        if !inlineAllowed && providers.count > 1 {
            lookedAt = try String.fetchAll(db, sql: "SELECT id FROM quake WHERE changedAt = ? ORDER BY time, id", arguments: [now])
        }
        for id in lookedAt { try associate(id) }
        return joined
    }

    // MARK: Association

    /// Joins event `id`, when it is an event alone, to the event it belongs
    /// with, if any (a report that moved may now belong with one).
    func associate(_ id: String) throws {
        guard let origin = try eventRow(id: id)?.preferred, try !holdsOthers(id) else { return }   // gone, or an event of several
        guard let (_, members) = try eventToJoin(origin) else { return }
        try join(Member(origin: origin, place: .eventRow), members: members)
    }

    /// A new report, associated as it is written: joins the event it
    /// belongs with and returns that event's id; nil when it belongs with
    /// none (the caller writes it as an event of its own).
    func joinIfItBelongs(_ report: Quake) throws -> String? {
        let origin = StoredOrigin(report)
        guard let (_, members) = try eventToJoin(origin) else { return nil }
        return try join(Member(origin: origin, place: .report(report)), members: members)
    }

    /// The event `origin` (an event alone, or a report not yet written)
    /// belongs with: a partner the user paired it with, else the nearest
    /// candidate by the policy's windows that holds no report of its service
    /// and no origin the user set apart from it.
    private func eventToJoin(_ origin: StoredOrigin) throws -> (EventRow, [Member])? {
        let id = origin.id
        let pairings = holdsPairings ? try OriginPairing.of(id, db) : OriginPairing.Partners()
        if let partner = pairings.together.first, let event = try eventRow(holding: partner), event.id != id {
            return (event, try members(of: event))
        }
        let windows = policy.windows, degrees = windows.widestDegrees
        let found = try origins(statement(candidatesStatement, SQL.candidates)) { binder in
            try binder.bind(origin.time - Int64(windows.seconds * 1000)); try binder.bind(origin.time + Int64(windows.seconds * 1000))
            try binder.bind(origin.latitude - degrees); try binder.bind(origin.latitude + degrees); try binder.bind(id)
        }
        guard !found.isEmpty else { return nil }
        var events: [AssociatedEvent] = [], candidates: [(EventRow, [Member])] = []
        for preferred in found {
            let candidate = EventRow(preferred: preferred)
            let members = try members(of: candidate)
            guard members.allSatisfy({ !pairings.apart.contains($0.origin.id) }) else { continue }
            let held = Set(members.map { AssociatedEvent.OriginKey(lowercased: $0.origin.provider, code: $0.origin.id) })
            events.append(AssociatedEvent(preferred: candidate.preferred.report, origins: held))
            candidates.append((candidate, members))
        }
        return associator.event(for: origin.report, among: events).map { candidates[$0] }
    }

    /// An event's row: its preferred origin.
    struct EventRow {
        var preferred: StoredOrigin
        var id: String { preferred.id }
    }

    /// The event row of origin `id`, whether it is its event's preferred origin or another.
    func eventRow(holding id: String) throws -> EventRow? {
        try eventRow(id: try event(holdingOrigin: id) ?? id)
    }

    /// The event whose row is `id`.
    func eventRow(id: String) throws -> EventRow? {
        try StatementRows(statement(eventRowStatement, SQL.eventRow)) { try $0.bind(id) }.first { EventRow(preferred: StoredOrigin($0)) }
    }

    /// `member` (an event alone, or a report) joins the event of `members`; returns the event's id.
    @discardableResult
    private func join(_ member: Member, members: [Member]) throws -> String {
        joined += 1
        return try write(members: members + [member])
    }

    // MARK: Writing events

    /// An origin of an event being written, and where it is now.
    struct Member {
        var origin: StoredOrigin
        var place: Place

        enum Place: Equatable {
            /// An event's own row in `quake`: its preferred origin.
            case eventRow
            /// A row of the `origin` table: an event's other origin.
            case originRow
            /// A report being imported, not yet written.
            case report(Quake)
        }
    }

    func members(of event: EventRow) throws -> [Member] {
        var members = [Member(origin: event.preferred, place: .eventRow)]
        if holdsOrigins {
            members += try origins(statement(othersStatement, SQL.others)) { try $0.bind(event.id) }
                .map { Member(origin: $0, place: .originRow) }
        }
        return members
    }

    /// Writes `members` as one event: the preferred origin's row in `quake`
    /// is the event (its values, its id; changed now when it is a new row),
    /// every other member a row of `origin` pointing at it; the other
    /// members' event rows go, their aliases moved to it. Returns its id.
    @discardableResult
    func write(members: [Member]) throws -> String {
        let preferred = policy.preference.preferred(among: members.map(\.origin))
        let id = preferred.id
        // The preferred origin's own row first: an origin row or a report
        // becomes the event's row.
        for member in members where member.origin.id == id {
            switch member.place {
            case .eventRow: break
            case .originRow: try moveToEventRow(id)
            case .report(let report):
                try insertOrigin(report, event: id, provider: member.origin.provider)
                try moveToEventRow(id)
            }
        }
        var replaced: [String] = []
        holdsOrigins = holdsOrigins || members.count > 1
        for member in members where member.origin.id != id {
            switch member.place {
            case .eventRow:
                try run(SQL.originFromEventRow, [id, member.origin.provider, member.origin.id])
                replaced.append(member.origin.id)
            case .originRow: try run("UPDATE origin SET eventId = ? WHERE id = ?", [id, member.origin.id])
            case .report(let report): try insertOrigin(report, event: id, provider: member.origin.provider)
            }
        }
        try removeRows(replaced, movingAliasesTo: id)
        return id
    }

    /// Origin row `id` becomes an event row, changed now.
    private func moveToEventRow(_ id: String) throws {
        try run(SQL.eventRowFromOrigin, [now, id])
        try run("DELETE FROM origin WHERE id = ?", [id])
    }

    /// The origins a query of `StoredOrigin.columns` reads, each row read in place.
    private func origins(_ statement: Statement, bind: (inout ParameterBinder) throws -> Void) throws -> [StoredOrigin] {
        var origins: [StoredOrigin] = []
        try StatementRows(statement, bind: bind).forEach { row in
            origins.append(StoredOrigin(row))
            return true
        }
        return origins
    }

    /// Runs a statement prepared once a transaction: each names many
    /// columns, and preparing one anew (GRDB's authorizer sees every
    /// column) cost more than running it.
    private func run(_ sql: String, _ arguments: StatementArguments) throws {
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
    }

    /// An `origin` row of a report not yet written.
    private func insertOrigin(_ report: Quake, event: String, provider: String) throws {
        holdsOrigins = true
        let statement = try self.statement(originFromReportStatement, SQL.originFromReport)
        sqlite3_reset(statement.sqliteStatement)
        var binder = try report.bindStoredValues(to: statement, texts: texts)
        try binder.bind(now); try binder.bind(event); try binder.bind(provider)
        try statement.execute()
    }

    private func removeRows(_ rows: [String], movingAliasesTo id: String) throws {
        for row in rows {
            try run("UPDATE quakeAlias SET quakeId = ? WHERE quakeId = ?", [id, row])
            try run("DELETE FROM quake WHERE id = ?", [row])
        }
    }

    // MARK: Regrouping

    /// Re-chooses event `id`'s preferred origin and lets go of the origins
    /// no longer within its windows (unless paired with it), or of origin
    /// `forced` (a split): each becomes an event alone. Returns their ids.
    @discardableResult
    func regroup(_ id: String, letting forced: String? = nil) throws -> [String] {
        guard let event = try eventRow(holding: id) else { return [] }
        let members = try members(of: event)
        guard members.count > 1 else { return [] }
        let staying: [Member], leaving: [Member]
        if let forced {
            (staying, leaving) = (members.filter { $0.origin.id != forced }, members.filter { $0.origin.id == forced })
        } else {
            let preferred = policy.preference.preferred(among: members.map(\.origin))
            let together = holdsPairings ? try OriginPairing.of(preferred.id, db).together : []
            let out = Set(members.filter { member in
                member.origin.id != preferred.id && !together.contains(member.origin.id)
                    && !associator.isCandidate(preferred.report, for: member.origin.report)
            }.map(\.origin.id))
            (staying, leaving) = (members.filter { !out.contains($0.origin.id) }, members.filter { out.contains($0.origin.id) })
        }
        // The event's own row, if it leaves, stays its own: the others take
        // the row of their preferred origin.
        for member in leaving where member.place == .originRow {
            try run("UPDATE origin SET eventId = '' WHERE id = ?", [member.origin.id])
        }
        if leaving.contains(where: { $0.place == .eventRow }), let first = staying.first {
            try moveToEventRow(first.origin.id)
            try write(members: [Member(origin: first.origin, place: .eventRow)] + staying.dropFirst())
        } else {
            try write(members: staying)
        }
        for member in leaving where member.place == .originRow { try moveToEventRow(member.origin.id) }
        return leaving.map(\.origin.id)
    }
}

/// The statements of association, written once.
private enum SQL {
    /// Events within ?1…?2 (epoch ms) and latitudes ?3…?4, but ?5. Seconds of
    /// the time index, not degrees of the latitude one (`+`): a band of
    /// 1.8° holds a tenth of a regional catalog.
    static let candidates = """
        SELECT \(StoredOrigin.columns) FROM quake WHERE time BETWEEN ? AND ? AND +latitude BETWEEN ? AND ? AND id <> ?
        """
    /// An event's origins but its preferred one.
    static let others = "SELECT \(StoredOrigin.columns) FROM origin WHERE eventId = ?"
    static let eventOfOrigin = "SELECT eventId FROM origin WHERE id = ?"
    static let holdsOthers = "SELECT EXISTS (SELECT 1 FROM origin WHERE eventId = ?)"
    /// ?1 the event deleted, ?2 the one taking its origins (one a service: a second is left to go with ?1).
    static let moveOrigins = "UPDATE OR IGNORE origin SET eventId = ?2 WHERE eventId = ?1"
    static let eventRow = "SELECT \(StoredOrigin.columns) FROM quake WHERE id = ?"
    /// ?1 the event, ?2 its service, ?3 the event row that becomes its origin.
    static let originFromEventRow = """
        INSERT INTO origin (eventId, provider, \(OriginTable.copiedList)) SELECT ?, ?, \(OriginTable.copiedList) FROM quake WHERE id = ?
        """
    /// An event row, changed at ?1, from origin row ?2.
    static let eventRowFromOrigin = """
        INSERT INTO quake (\(OriginTable.copiedList)) SELECT id, \(OriginTable.storedValueList), ? FROM origin WHERE id = ?
        """
    static let originFromReport = """
        INSERT INTO origin (\(OriginTable.copiedList), eventId, provider)
        VALUES (\((1...OriginTable.copiedColumns.count + 2).map { "?\($0)" }.joined(separator: ", ")))
        """
}
