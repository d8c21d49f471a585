import Foundation
import GRDB
import GRDBSQLite

/// Insert-or-update by USGS id with prepared statements (a Codable save per
/// row is several times slower). A row is replaced only by a newer `updated`.
///
/// Re-association: USGS merges the reports of one physical event under a
/// preferred id, and a feature's `ids` lists every id the event has had.
/// - A feature absorbs a stored quake its `ids` lists (deletes the row and
///   records its id, and the ids that were aliases of it, as aliases of the
///   feature's row; counted as merged) only when the two can be the same
///   event (`SameEvent`: origins within 60 s and 300 km), newer or not; the
///   origin compared is the one the feature's row holds after the upsert
///   (the feature's own unless it was not newer). A listed quake that cannot
///   be the same event stays its own quake.
/// - A listed id stored nowhere is recorded as an alias of the feature's
///   row, so its report arriving later is recognised; an id that is already
///   an alias of another row stays that row's.
/// - A report arriving under an alias A of row R (A is no row itself) is,
///   when it can be the same event as R, a report of R: if its `updated` is
///   newer than R's, R takes all its values but keeps its own id (the
///   browser's selection and R's other aliases stay valid) and its `ids`
///   becomes R's followed by the report's others (counted updated);
///   otherwise it is unchanged. When it cannot be the same event, the alias
///   was wrong (a mistaken or hostile `ids`, or USGS split the event): the
///   alias is dropped and the report is stored as its own quake (new). So an
///   alias never hides a distinct quake's own reports, and a stored quake's
///   own reports (by its row id) are always applied when newer.
final class Upserter {
    enum Outcome { case new, updated, unchanged }

    /// Stored quakes absorbed into another row so far.
    private(set) var merged = 0

    let now: Int64
    /// Set when the catalog held no quake and no alias before this import:
    /// then an id can only be stored if this import wrote it, and the
    /// lookups of ids it did not write are skipped (two per row, half the
    /// time of inserting one). Kept as hashes: 8 bytes an id, where a set
    /// of the ids themselves would hold every id again; a hash seen is
    /// only a reason to look, so a collision costs a lookup, never a row.
    private var writtenIDHashes: IDHashSet?
    /// Whether every quake read so far was inserted as a new row: then
    /// the counts the reader kept of them (`ReadRows`), added to the stored
    /// counts, are exact without counting the table again (2 s at
    /// 1,000,000 rows), during a bulk load (whose count triggers are
    /// dropped). False once a row is updated, merged, joined or left out.
    private(set) var everyRowInserted = true
    let selectStored, selectAliasOwner, insert, update, updateOrigin: Statement
    let deleteQuake, deleteAlias, moveAliases, insertAlias: Statement
    /// Events of several origins: a report of one of their origins updates
    /// that origin, and the grouping settles the event afterwards.
    let grouping: EventGrouping
    /// The service of the last report (`EventIdentity.provider(ofStoredID:)`).
    private var lastProvider = ""

    /// The import's connection, inside its transaction.
    private let db: Database
    /// Where the row being written keeps its texts while they are bound.
    private let texts = TextArena()
    /// New rows of the lookup-free path, inserted several at a time;
    /// inserted before any other statement runs (`flushInserts`).
    /// Prepared at its first row: an import of a few rows (a pushed
    /// quake) into a catalog that holds some never needs it.
    private var batch: InsertBatch?
    /// This import dropped the id index (`IDIndex`): a streaming import
    /// into an empty catalog, whose new ids need no lookup. Built again
    /// before the first lookup by id or alias; else left to the index
    /// builds after the read (`finish`).
    private var idIndexDropped = false
    /// The transaction observers were told this transaction's inserts (`insertRow`).
    private var toldOfInserts = false

    /// `bulk`: a bulk load is under way (the grouping then associates
    /// after the import, not row by row). `deferringIDIndex`: a bulk load
    /// that commits as it reads (`StreamingImport`) with the aliases'
    /// foreign key unenforced (`StreamingCommits.relaxesForeignKeys`) drops
    /// the id index while it inserts, if the catalog is empty (`IDIndex`).
    /// `expectedRows`: about how many reports the import holds, so that
    /// the written ids' hashes are not rehashed as they grow.
    init(_ db: Database, bulk: Bool = false, deferringIDIndex: Bool = false, expectedRows: Int = 0) throws {
        self.db = db
        // A load that dropped it and did not end left it out: every
        // statement below that finds a row by id needs it.
        try IDIndex.ensure(db)
        let catalogIsEmpty = try Self.catalogIsEmpty(db)
        writtenIDHashes = catalogIsEmpty ? IDHashSet(minimumCapacity: expectedRows) : nil
        // Numbered parameters: both statements take the id as ?1, the other
        // stored columns as ?2…?38 and changedAt (the import's clock) as ?39,
        // which an insert also writes as addedAt (the row is new).
        let columns = Quake.storedColumns
        selectStored = try db.makeStatement(sql: "SELECT updated, time, latitude, longitude, ids FROM quake WHERE id = ?")
        selectAliasOwner = try db.makeStatement(sql: "SELECT quakeId FROM quakeAlias WHERE alias = ?")
        insert = try db.makeStatement(sql: """
            INSERT INTO quake (\(columns.joined(separator: ", ")), changedAt, addedAt)
            VALUES (\((1...columns.count + 1).map { "?\($0)" }.joined(separator: ", ")), ?\(columns.count + 1))
            """)
        // A newer report that says nothing new leaves the row as it is
        // (and counts as unchanged): an FDSN text answer, which has no
        // update time, is as new as the answer, and fetched again says the same.
        let saysSomethingNew = columns.enumerated().dropFirst().filter { $1 != "updated" }
            .map { "\($1) IS ?\($0 + 1)" }.joined(separator: " AND ")
        update = try db.makeStatement(sql: """
            UPDATE quake SET \(columns.enumerated().dropFirst().map { "\($1) = ?\($0 + 1)" }.joined(separator: ", ")),
            changedAt = ?\(columns.count + 1) WHERE id = ?1 AND NOT (\(saysSomethingNew))
            """)
        // An event's origin of one service (?40, ?41) takes a newer report
        // of it, its id included (a ComCat report under a former id).
        updateOrigin = try db.makeStatement(sql: """
            UPDATE OR IGNORE origin SET \(columns.enumerated().map { "\($1) = ?\($0 + 1)" }.joined(separator: ", ")),
            changedAt = ?\(columns.count + 1) WHERE eventId = ?\(columns.count + 2) AND provider = ?\(columns.count + 3)
            AND updated < ?\(columns.firstIndex(of: "updated")! + 1) AND NOT (\(saysSomethingNew))
            """)
        // Told once that the bindings are ours: GRDB then only resets the
        // statement before a step (setting empty arguments for every row
        // asked SQLite the names of its 39 parameters each time).
        insert.setUncheckedArguments(StatementArguments())
        update.setUncheckedArguments(StatementArguments())
        updateOrigin.setUncheckedArguments(StatementArguments())
        now = Date().epochMilliseconds
        grouping = try EventGrouping(db, now: now, inline: !bulk)
        deleteQuake = try db.makeStatement(sql: "DELETE FROM quake WHERE id = ?")
        deleteAlias = try db.makeStatement(sql: "DELETE FROM quakeAlias WHERE alias = ?")
        moveAliases = try db.makeStatement(sql: "UPDATE quakeAlias SET quakeId = ?2 WHERE quakeId = ?1")
        insertAlias = try db.makeStatement(sql: "INSERT OR REPLACE INTO quakeAlias (alias, quakeId) VALUES (?, ?)")
        // Dropped after every statement is prepared: one that deletes a
        // quake or writes an alias cannot be prepared without it (the
        // aliases' foreign key), and is not run until it is built again.
        if deferringIDIndex, catalogIsEmpty, try IDIndex.canBeDropped(db) {
            try IDIndex.drop(db)
            idIndexDropped = true
        }
    }

    /// Whether the catalog holds no quake and no alias.
    static func catalogIsEmpty(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT NOT EXISTS (SELECT 1 FROM quake) AND NOT EXISTS (SELECT 1 FROM quakeAlias)
            """) ?? false
    }

    /// Builds the id index again if this import dropped it.
    private func needIDIndex() throws {
        guard idIndexDropped else { return }
        try IDIndex.build(db)
        idIndexDropped = false
    }

    /// What the catalog holds of a row, to decide on a report of it.
    private struct StoredEvent {
        var updated: Int64
        var origin: SameEvent.Origin
        var ids: String
    }

    /// `idHash`: the report's `id.hashValue`, and `derived` what the
    /// catalog derives from it, when the reader worked them out.
    func upsert(_ report: Quake, idHash: Int? = nil, derived: Quake.StoredDerivations? = nil) throws -> Outcome {
        if !EventIdentity.storedID(report.id, isOf: lastProvider) {
            try flushInserts()
            lastProvider = EventIdentity.provider(ofStoredID: report.id)
            try grouping.noteProvider(lastProvider)
        }
        // A large import into an empty catalog: nearly every id is new,
        // and one hash of it says so without a lookup or a copy of the quake.
        if var written = writtenIDHashes {
            let idHash = idHash ?? report.id.hashValue
            writtenIDHashes = nil   // unshared while inserting: no copy of the set
            let isNew = written.insert(idHash)   // one look, where contains then insert took two
            writtenIDHashes = written
            if isNew {
                guard derived?.listsFormerIDs ?? report.listsFormerIDs else {
                    if !toldOfInserts { try tellOfInserts() }
                    let batch = try self.batch ?? InsertBatch(db, texts: texts)
                    self.batch = batch
                    if try batch.add(report, derived: derived, changedAt: now) { try batch.flush() }
                    return .new
                }
                try flushInserts()
                try insertRow(report, derived: derived)
                try needIDIndex()
                try absorb(report.formerIDs, into: report.id, at: report.origin)
                return .new
            }
        }
        try flushInserts()
        try needIDIndex()
        var quake = report
        var stored = try storedEvent(quake.id)
        if stored == nil, let owner = try aliasOwner(of: quake.id) {
            if let ownerRow = try storedEvent(owner), SameEvent.possible(quake.origin, ownerRow.origin) {
                quake = Self.report(report, asReportOf: owner, storedIDs: ownerRow.ids)
                stored = ownerRow
            } else {
                try deleteAlias.execute(arguments: [quake.id])   // a wrong alias: the report is its own quake
            }
        }
        // A ComCat former id whose event speaks through another service's
        // origin: the report is of the event's ComCat origin.
        if stored != nil, quake.id != report.id, !EventIdentity.storedID(quake.id, isOf: lastProvider) {
            return try updateOrigin(of: quake.id, with: report)
        }
        if stored == nil, let event = try grouping.event(holdingOrigin: report.id) {
            return try updateOrigin(of: event, with: report)
        }
        // A ComCat report re-keyed (a new preferred id, the stored one among
        // its ids) whose event speaks through another service's origin: the
        // report is that event's ComCat origin, not a second event.
        if stored == nil, report.listsFormerIDs, let (former, event) = try eventHoldingFormerOrigin(of: report) {
            if try aliasOwner(of: former) == nil { try insertAlias.execute(arguments: [former, event]) }
            return try updateOrigin(of: event, with: report)
        }
        let outcome: Outcome
        if let stored {
            everyRowInserted = false
            if quake.updated.epochMilliseconds > stored.updated {
                try execute(update, binding: quake)
                outcome = db.changesCount > 0 ? .updated : .unchanged
                if outcome == .updated {
                    // Its event re-chooses and re-checks its origins, or an event alone may now join one.
                    if try grouping.holdsOthers(quake.id) { grouping.noteChanged(quake.id) }
                    else if grouping.associatesInline { try grouping.associate(quake.id) }
                }
            } else {
                outcome = .unchanged
            }
        } else if grouping.associatesInline, let event = try grouping.joinIfItBelongs(quake) {
            everyRowInserted = false
            outcome = .new
            if report.listsFormerIDs { try absorb(report.formerIDs.filter { $0 != quake.id }, into: event, at: quake.origin) }
            return outcome
        } else {
            try insertRow(quake)
            noteWritten(quake.id)
            outcome = .new
        }
        // After the row is written, as the aliases reference it; judged
        // against the origin the row now holds, and only for the ids this
        // report lists (the row's earlier ids were judged when they came).
        let origin = (outcome == .unchanged ? stored?.origin : nil) ?? quake.origin
        try absorb(report.formerIDs.filter { $0 != quake.id }, into: quake.id, at: origin)
        return outcome
    }

    /// A report of an origin of event `event`, one of several's: updates
    /// the event's origin of the report's service when newer.
    private func updateOrigin(of event: String, with report: Quake) throws -> Outcome {
        sqlite3_reset(updateOrigin.sqliteStatement)
        var binder = try report.bindStoredValues(to: updateOrigin, texts: texts)
        try binder.bind(now); try binder.bind(event); try binder.bind(lastProvider)
        try updateOrigin.execute()
        everyRowInserted = false
        guard db.changesCount > 0 else { return .unchanged }
        grouping.noteChanged(event)
        return .updated
    }

    /// The first of `report`'s former ids that is an origin of a stored
    /// event (not its row), with that event.
    private func eventHoldingFormerOrigin(of report: Quake) throws -> (former: String, event: String)? {
        for former in report.formerIDs where former != report.id {
            if let event = try grouping.event(holdingOrigin: former) { return (former, event) }
        }
        return nil
    }

    /// The report of an alias as a report of the row owning it: the row's id,
    /// and every id of both.
    private static func report(_ report: Quake, asReportOf owner: String, storedIDs: String) -> Quake {
        var quake = report
        var ids: [Substring] = []
        for id in (storedIDs + "," + owner + "," + report.ids).split(separator: ",") where !ids.contains(id) {
            ids.append(id)
        }
        quake.id = owner
        quake.url = report.url   // the page the report gave, not the one derived from the owner's id
        quake.ids = "," + ids.joined(separator: ",") + ","
        return quake
    }

    /// Absorbs into row `id` the stored quakes among `listed` that can be the
    /// same event as `origin`, and records the ids stored nowhere as aliases.
    private func absorb(_ listed: [String], into id: String, at origin: SameEvent.Origin) throws {
        for former in listed {
            if let row = try storedEvent(former) {
                guard SameEvent.possible(origin, row.origin) else { continue }   // a distinct quake: kept
                try moveAliases.execute(arguments: [former, id])
                try grouping.moveOrigins(from: former, to: id)
                try deleteQuake.execute(arguments: [former])
                try insertAlias.execute(arguments: [former, id])
                noteWritten(former)
                everyRowInserted = false
                merged += 1
            } else if try aliasOwner(of: former) == nil {
                try insertAlias.execute(arguments: [former, id])
                noteWritten(former)
            }
        }
    }

    /// What `IDHashSet.touch` read; kept so that its reads stay.
    private var touched = 0

    /// The ids of the next reports (their hashes), looked at together
    /// before they come one by one (`IDHashSet.touch`).
    func expectIDs(_ hashes: some Sequence<Int>) {
        if let written = writtenIDHashes { touched &+= written.touch(hashes) }
    }

    private func mayBeStored(_ id: String) -> Bool {
        writtenIDHashes.map { $0.contains(id.hashValue) } ?? true
    }

    private func noteWritten(_ id: String) {
        _ = writtenIDHashes?.insert(id.hashValue)
    }

    private func storedEvent(_ id: String) throws -> StoredEvent? {
        guard mayBeStored(id) else { return nil }
        return try StatementRows(selectStored) { try $0.bind(id) }.first { row in
            StoredEvent(updated: row.int64(0), origin: .init(time: row.int64(1), latitude: row.double(2), longitude: row.double(3)),
                        ids: row.text(4))
        }
    }

    private func aliasOwner(of id: String) throws -> String? {
        guard mayBeStored(id) else { return nil }
        return try StatementRows(selectAliasOwner) { try $0.bind(id) }.first { $0.text(0) }
    }

    /// A quake read was left out (not written): the reader's counts no longer hold.
    func noteLeftOut() { everyRowInserted = false }

    /// The reader's counts of the quakes read since the last commit, when
    /// they are what those rows add to the catalog's counts.
    func exactCounts(_ counts: InsertedCounts?) -> InsertedCounts? { everyRowInserted ? counts : nil }

    /// Ends the import's writing: the bulk load's indexes and counts (the
    /// reader's `counts` of the rows since the last commit), then the
    /// grouping of what it wrote; `report` takes the merges and joins.
    /// Returns whether a kept declustering waits to run again after the
    /// commit (`QuakeCatalog.runWaitingDeclusterings`): one this import
    /// changed, or one an import cut short left waiting.
    func finish(_ bulk: BulkLoad?, counts: InsertedCounts?, into report: inout ImportReport) throws -> Bool {
        try flushInserts()
        report.merged = merged
        // The kept declusterings follow the catalog as it now is.
        let changed = report.new + report.updated > 0
        let declusterings = try SequenceRun.all(db)
        // A streaming import that dropped the id index leaves it to the
        // index builds after the read (`QuakeCatalog.buildPendingIndexes`,
        // first of them): the read is browsable 0.4 s sooner (760,857 rows).
        // Unless what follows looks quakes up by id.
        try bulk?.finish(inserted: exactCounts(counts)) {
            if grouping.settlingReadsEvents || (changed && !declusterings.isEmpty) { try needIDIndex() }
        }
        report.joined = try grouping.settle()
        // Only rows added (none updated, merged, joined or deleted): a kept
        // result may take them in place; they are the rows changed now.
        let onlyAdded = bulk == nil && report.updated == 0 && report.merged == 0 && report.joined == 0
        guard changed else { return declusterings.contains(where: \.isWaiting) }
        return try QuakeCatalog.followImport(declusterings, db, addedAt: onlyAdded ? now : nil)
    }

    /// Inserts the quake as a new row, stepping SQLite itself: GRDB's
    /// execute asks the transaction observers about each statement (7 % of
    /// the writing thread, opening 760,857 CSV rows). They are told once a
    /// transaction instead, which is all they ask (the catalog's monitor:
    /// whether the quake table changed before a commit).
    private func insertRow(_ quake: Quake, derived: Quake.StoredDerivations? = nil) throws {
        sqlite3_reset(insert.sqliteStatement)
        var binder = try quake.bindStoredValues(to: insert, texts: texts, derived: derived)
        try binder.bind(now)   // ?39, changedAt
        try insert.stepToDone()
        if !toldOfInserts { try tellOfInserts() }
    }

    private func tellOfInserts() throws {
        try db.notifyChanges(in: Table("quake"))
        toldOfInserts = true
    }

    /// Inserts the new rows waiting in the batch: before a commit, and
    /// before any statement that reads or writes the table.
    func flushInserts() throws { try batch?.flush() }

    /// A streaming import committed: its next insert tells the observers again.
    func transactionEnded() { toldOfInserts = false }

    /// Runs the update with the quake's values bound in place.
    private func execute(_ statement: Statement, binding quake: Quake) throws {
        // Done with the last row (its step's error, if any, was thrown then);
        // every parameter is bound again, so none is cleared.
        sqlite3_reset(statement.sqliteStatement)
        var binder = try quake.bindStoredValues(to: statement, texts: texts)
        try binder.bind(now)   // ?39, changedAt
        try statement.execute()
    }
}
