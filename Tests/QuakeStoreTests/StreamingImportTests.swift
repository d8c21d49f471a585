import Foundation
import GRDB
import Synchronization
import Testing
import TestSupport
@testable import QuakeStore

/// `StreamingImport` (what `quakes-tui FILE` reads with): another
/// connection sees the rows committed so far while the import is held
/// between two rows, with the kept counts (count, places, days, map cells,
/// magnitudes) of exactly those rows; the end is the catalog a
/// one-transaction import makes; a stop keeps the committed rows only.
@Suite(.timeLimit(.minutes(20)))
struct StreamingImportTests {
    let folder = TemporaryFolder()

    /// Every kept count and every row (but the import's clock), as text: two catalogs compare equal when these do.
    static func contents(_ catalog: QuakeCatalog) throws -> [String] {
        try catalog.dbWriter.read { db in
            func lines(_ sql: String) throws -> [String] {
                try Row.fetchAll(db, sql: sql).map { row in row.databaseValues.map(\.description).joined(separator: "|") }
            }
            let columns = try db.columns(in: "quake").map(\.name).filter { !["changedAt", "addedAt"].contains($0) }
            return try lines("SELECT \(columns.joined(separator: ", ")) FROM quake ORDER BY id")
                + lines("SELECT * FROM quakeDay ORDER BY day") + lines("SELECT * FROM quakePlace ORDER BY placeFolded")
                + lines("SELECT * FROM quakeCell ORDER BY level, latCell, lonCell, band")
                + lines("SELECT * FROM quakePlaceCell ORDER BY placeFolded, latCell, lonCell, band")
                + lines("SELECT * FROM quakeMagnitude ORDER BY tenths")
        }
    }

    /// The CSV fixture's ids in file order, read apart from the importer:
    /// the twelfth field, before the first quoted one (the place).
    static func csvIDs() throws -> [String] {
        try String(contentsOfFile: Fixture.weekCSV, encoding: .utf8).split(separator: "\n").dropFirst()
            .map { String($0.split(separator: ",", omittingEmptySubsequences: false)[11]) }
    }

    /// Counts the rows asked about; holds the import at row `holdAt` until released; stops it at `stopAt`.
    final class Gate: Sendable {
        let holdAt: Int?
        let stopAt: Int?
        let asked = Mutex(0)
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        init(holdAt: Int? = nil, stopAt: Int? = nil) { self.holdAt = holdAt; self.stopAt = stopAt }

        func shouldStop() -> Bool {
            let row = asked.withLock { $0 += 1; return $0 }
            if row == holdAt { held.signal(); release.wait() }
            return row == stopAt
        }
    }

    @Test func aReaderSeesTheFirstThousandRowsWithTheirCountsWhileTheImportIsHeldThenTheWholeFile() throws {
        let catalog = try folder.catalog("streamed.sqlite")
        let gate = Gate(holdAt: 1_001)   // asked before row 1,001: just after the first commit
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<ImportReport, any Error>?>(nil)
        Thread.detachNewThread {
            let result = Result {
                try QuakeImporter(catalog: catalog).importFile(
                    at: Fixture.weekCSV, streaming: StreamingImport(firstCommitRows: 1_000, shouldStop: gate.shouldStop))
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        #expect(gate.held.wait(timeout: .now() + 60) == .success)
        let reader = try QuakeCatalog(path: catalog.path, purpose: .read)
        let firstThousand = Array(try Self.csvIDs().prefix(1_000))
        let seen = try reader.dbWriter.read { db in
            (ids: try String.fetchAll(db, sql: "SELECT id FROM quake ORDER BY rowid"),
             days: try Int.fetchOne(db, sql: "SELECT sum(quakes) FROM quakeDay"),
             places: try Int.fetchOne(db, sql: "SELECT sum(quakes) FROM quakePlace"),
             cells: try Int.fetchOne(db, sql: "SELECT sum(quakes) FROM quakeCell WHERE level = (SELECT min(level) FROM quakeCell)"),
             magnitudes: try Int.fetchOne(db, sql: "SELECT sum(quakes) FROM quakeMagnitude"),
             withMagnitude: try Int.fetchOne(db, sql: "SELECT count(*) FROM quake WHERE magnitude IS NOT NULL"))
        }
        #expect(seen.ids == firstThousand)
        #expect(seen.days == 1_000 && seen.places == 1_000 && seen.cells == 1_000)
        #expect(seen.magnitudes == seen.withMagnitude)
        gate.release.signal()
        #expect(done.wait(timeout: .now() + 120) == .success)
        let report = try #require(outcome.withLock { $0 }).get()
        #expect(report.new == 4_711)
        // The id's unique index is left to the index builds after the read, the first of them (`IDIndex`).
        #expect(try !catalog.dbWriter.read(IDIndex.exists))
        #expect(try catalog.pendingIndexes().first == IDIndex.name)
        try catalog.buildPendingIndexes()
        #expect(try catalog.dbWriter.read(IDIndex.exists))
        #expect(try catalog.pendingIndexes() == [])

        let whole = try folder.catalog("whole.sqlite")
        _ = try QuakeImporter(catalog: whole).importFile(at: Fixture.weekCSV)
        let streamed = try Self.contents(catalog)
        #expect(streamed.count > 4_711)
        #expect(streamed == (try Self.contents(whole)), "the streamed catalog is the one-transaction import's")
    }

    @Test func aStoppedReadThrowsImportStoppedAndKeepsTheCommittedRowsOnly() throws {
        let catalog = try folder.catalog()
        let gate = Gate(stopAt: 1_500)
        #expect(throws: ImportStopped.self) {
            try QuakeImporter(catalog: catalog).importFile(
                at: Fixture.weekCSV, streaming: StreamingImport(firstCommitRows: 1_000, shouldStop: gate.shouldStop))
        }
        #expect(try catalog.count() == 1_000)
        #expect(try catalog.dbWriter.read { db in try Int.fetchOne(db, sql: "SELECT sum(quakes) FROM quakeDay") } == 1_000)
        // Read without the id index (`IDIndex`), built again at the stop:
        // the next import finds the committed rows instead of repeating them.
        #expect(try catalog.dbWriter.read(IDIndex.exists))
        let again = try QuakeImporter(catalog: catalog).importFile(at: Fixture.weekCSV)
        #expect((again.new, again.unchanged) == (3_711, 1_000))
        #expect(try catalog.count() == 4_711)
    }

    /// SQLite's cache for a streaming load holds the time index it inserts
    /// into (80 bytes a row), within 16 and 128 MiB.
    @Test func theCacheHoldsTheTimeIndexWithinItsBounds() {
        #expect(BulkLoad.streamingCacheKiB(rows: 0) == 16_384)
        #expect(BulkLoad.streamingCacheKiB(rows: 895_780) == 895_780 * 80 / 1024)
        #expect(BulkLoad.streamingCacheKiB(rows: 895_780) == 69_982)
        #expect(BulkLoad.streamingCacheKiB(rows: 10_000_000) == 131_072)
    }

    /// A file is checked for UTF-8 a slice ahead of its reader
    /// (`UTF8Check`), not whole before the first row: a streamed import of
    /// a large CSV shows its first rows, then stops with the error naming
    /// the bad byte, before reading the row that holds it.
    @Test func aBadByteFarIntoAStreamedFileStopsTheReadBeforeItsRow() throws {
        let fixture = try String(contentsOfFile: Fixture.weekCSV, encoding: .utf8).split(separator: "\n")
        var rows: [Substring] = []
        for copy in 0..<14 {
            rows += fixture.dropFirst().map { row in
                var fields = row.split(separator: ",", omittingEmptySubsequences: false)
                fields[11] += "c\(copy)"   // the id, unique in each copy
                return fields.joined(separator: ",")[...]
            }
        }
        let before = rows.count
        let header = String(fixture[0])
        var text = Data((header + "\n" + rows.joined(separator: "\n") + "\n").utf8)
        #expect(text.count > 2 * UTF8Check.slice)
        text += Data("2020-01-01,1,2,3,4,ml,,,,,hv,x,,Caf".utf8) + Data([0xE9]) + Data(",earthquake,,,,,,,\n".utf8)
        let path = folder.write("late-latin1.csv", text)
        let catalog = try folder.catalog()
        #expect(throws: ImportError(name: "late-latin1.csv", message: "not UTF-8 (invalid byte 0xE9)", location: "\(before + 2):36")) {
            try QuakeImporter(catalog: catalog).importFile(at: path, name: "late-latin1.csv",
                                                           streaming: StreamingImport(firstCommitRows: 1_000))
        }
        let kept = try catalog.count()
        #expect(kept >= 1_000 && kept < before)
        #expect(try catalog.dbWriter.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM quake WHERE id = 'hvx'") } == 0)
    }

    /// New rows are inserted several at a time (`InsertBatch`): whether
    /// streamed or in one transaction, every row lands once, in the file's
    /// order, around a row that lists a former id (written on its own, its
    /// alias after it) and at the end of a batch not full (21 rows); and
    /// the aliases' foreign key, left unenforced while a streamed load
    /// inserts without the id index, is enforced again after it.
    @Test(arguments: [true, false])
    func newRowsLandOnceInTheFileOrderAroundARowListingAFormerID(streamed: Bool) throws {
        let ids = (1...21).map { "zz\($0)" }
        let features = ids.enumerated().map { index, id in
            let listed = id == "zz10" ? ",zz10,old10," : ",\(id),"
            return #"{"type":"Feature","id":"\#(id)","properties":{"mag":1.5,"place":"P\#(index)","#
                + #""time":\#(1_528_967_533_010 + index * 1_000),"updated":1528967533010,"ids":"\#(listed)"},"#
                + #""geometry":{"type":"Point","coordinates":[1,2,3]}}"#
        }
        let json = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
        let catalog = try folder.catalog()
        let report = try QuakeImporter(catalog: catalog).importData(
            Data(json.utf8), name: "batch.geojson",
            streaming: streamed ? StreamingImport(firstCommitRows: 5, shouldStop: { false }) : nil)
        #expect(report.new == 21)
        let stored = try catalog.dbWriter.read { db in
            (ids: try String.fetchAll(db, sql: "SELECT id FROM quake ORDER BY rowid"),
             aliases: try Row.fetchAll(db, sql: "SELECT alias, quakeId FROM quakeAlias").map { "\($0[0] as String)→\($0[1] as String)" },
             places: try Int.fetchOne(db, sql: "SELECT sum(quakes) FROM quakePlace"))
        }
        #expect(stored.ids == ids)
        #expect(stored.aliases == ["old10→zz10"])
        #expect(stored.places == 21)
        try catalog.buildPendingIndexes()
        let enforced = try catalog.dbWriter.writeWithoutTransaction { db in
            (on: try Bool.fetchOne(db, sql: "PRAGMA foreign_keys"),
             stray: Result { try db.execute(sql: "INSERT INTO quakeAlias (alias, quakeId) VALUES ('stray', 'nowhere')") })
        }
        #expect(enforced.on == true)
        #expect(throws: DatabaseError.self) { try enforced.stray.get() }
    }

    @Test(arguments: [Fixture.week, Fixture.weekCSV, Fixture.weekFDSNText])
    func progressTellsRowsAndBytesReadGrowingToTheWholeFile(feed: String) throws {
        let seen = Mutex<[ImportProgress]>([])
        let size = try #require(try FileManager.default.attributesOfItem(atPath: feed)[.size] as? Int)
        _ = try QuakeImporter(catalog: try folder.catalog()).importFile(at: feed, progress: { progress in
            seen.withLock { $0.append(progress) }
        })
        let all = seen.withLock { $0 }
        // Every 2,048 rows, then the end: 4,711 rows in all.
        #expect(all.map(\.rows) == [2_048, 4_096, 4_711], "\(feed)")
        let bytes = all.compactMap(\.bytesRead)
        #expect(bytes.count == 3 && bytes == bytes.sorted() && bytes[0] > 0 && bytes[1] < size && bytes[2] == size,
                "\(feed): \(bytes) of \(size)")
        #expect(all.allSatisfy { $0.totalBytes == size })
    }
}
