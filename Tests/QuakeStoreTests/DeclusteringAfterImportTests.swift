import Foundation
import GRDB
@testable import QuakeStore
import QuakeSeismology
import Testing

/// A kept Reasenberg result (which no import can follow in place) runs
/// again after the import's commit, in a transaction of its own: a reader
/// sees the arriving quake first, then its verdict, and the verdicts end
/// as a new run over the same quakes gives them. A run cut short between
/// the two commits is run by the next import. Quakes: the real week
/// (`usgs_all_week_2018-06-14.txt`), its newest held back to arrive.
@Suite(.timeLimit(.minutes(10)))
struct DeclusteringAfterImportTests {
    let folder = TemporaryFolder()

    /// What a reader sees at each commit: the arrival stored, placed by
    /// Reasenberg, and whether the method waits to run again.
    final class CommitWatcher: TransactionObserver, @unchecked Sendable {
        let id: String
        private(set) var seen: [String] = []
        init(id: String) { self.id = id }
        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
        func databaseDidChange(with event: DatabaseEvent) {}
        func databaseDidRollback(_ db: Database) {}
        func databaseDidCommit(_ db: Database) {
            let row = try? Row.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM quake WHERE id = ?1),
                       EXISTS (SELECT 1 FROM sequence WHERE quakeId = ?1 AND method = 'reasenberg' AND cluster IS NOT NULL),
                       (SELECT isWaiting FROM sequenceRun WHERE method = 'reasenberg')
                """, arguments: [id])
            seen.append(row.map { "stored \($0[0] as Bool), placed \($0[1] as Bool), waiting \($0[2] as Bool)" } ?? "unread")
        }
    }

    static func verdicts(_ catalog: QuakeCatalog) throws -> [String: String] {
        try DeclusteringIncrementTests.verdicts(catalog, method: "reasenberg")
    }

    static func isWaiting(_ catalog: QuakeCatalog) throws -> Bool {
        try catalog.sequenceRuns().first { $0.method == "reasenberg" }?.isWaiting ?? false
    }

    /// The week less its newest quake, declustered by Reasenberg; the newest's line and id.
    func declusteredWeek(_ name: String) throws -> (catalog: QuakeCatalog, header: String, newest: String, id: String) {
        let text = try String(contentsOfFile: Fixture.weekFDSNText, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let header = lines[0], newest = lines[1]   // newest first in the file
        let catalog = try folder.catalog(name)
        _ = try QuakeImporter(catalog: catalog).importFile(at: folder.write("first.txt", ([header] + lines.dropFirst(2)).joined(separator: "\n")))
        _ = try catalog.decluster(try #require(DeclusterAlgorithm.named("reasenberg")), scope: .everyQuake)
        return (catalog, header, newest, String(newest.prefix { $0 != "|" }))
    }

    /// Reasenberg over every quake of the week, run afresh: the oracle.
    func freshVerdicts() throws -> [String: String] {
        let fresh = try folder.catalog("fresh.sqlite")
        _ = try QuakeImporter(catalog: fresh).importFile(at: Fixture.weekFDSNText)
        _ = try fresh.decluster(try #require(DeclusterAlgorithm.named("reasenberg")), scope: .everyQuake)
        return try Self.verdicts(fresh)
    }

    @Test func theArrivingQuakeIsReadBeforeReasenbergRunsAgain() throws {
        let week = try declusteredWeek("kept.sqlite")
        let watcher = CommitWatcher(id: week.id)
        week.catalog.dbWriter.add(transactionObserver: watcher)
        let report = try QuakeImporter(catalog: week.catalog).importFile(at: folder.write("arrival.txt", week.header + "\n" + week.newest))
        week.catalog.dbWriter.remove(transactionObserver: watcher)
        #expect(report.new == 1)
        #expect(watcher.seen == ["stored true, placed false, waiting true", "stored true, placed true, waiting false"])
        #expect(try Self.verdicts(week.catalog) == freshVerdicts())
        #expect(try !Self.isWaiting(week.catalog))
    }

    @Test func aRunCutShortIsRunByTheNextImportEvenOneThatChangesNothing() throws {
        let week = try declusteredWeek("cut.sqlite")
        let arrival = try folder.write("arrival.txt", week.header + "\n" + week.newest)
        _ = try QuakeImporter(catalog: week.catalog).importFile(at: arrival)
        // As a kill between the import's commit and the method's run leaves it.
        try week.catalog.dbWriter.write { db in
            try db.execute(sql: "UPDATE sequenceRun SET isWaiting = 1 WHERE method = 'reasenberg'")
            try db.execute(sql: "UPDATE sequence SET cluster = NULL, role = NULL, mainshock = NULL WHERE method = 'reasenberg' AND quakeId = ?",
                           arguments: [week.id])
        }
        #expect(try Self.isWaiting(week.catalog))
        let again = try QuakeImporter(catalog: week.catalog).importFile(at: arrival)
        #expect(again.new == 0 && again.updated == 0)
        #expect(try !Self.isWaiting(week.catalog))
        #expect(try Self.verdicts(week.catalog) == freshVerdicts())
    }
}
