import Foundation
import GRDB
@testable import QuakeStore
import Testing
import TestSupport

/// `QuakeCatalog.delete(ids:whileWaiting:)`: the browser's deletes, through
/// the store. No test measures time; waits are bounded at ten minutes only
/// so that a hang fails instead of stalling the run.
@Suite("Catalog delete", .timeLimit(.minutes(10)))
struct CatalogDeleteTests {
    static var backstop: DispatchTime { .now() + 600 }

    /// A catalog holding the 2014 day fixture (146 quakes).
    static func dayCatalog(_ folder: TemporaryFolder) throws -> QuakeCatalog {
        try importedCatalog(folder, feeds: [Fixture.day2014])
    }

    /// The kept counts per day and per place, and the same counted from the quakes.
    static func counts(_ catalog: QuakeCatalog) throws -> (kept: [[String]], counted: [[String]]) {
        try catalog.dbWriter.read { db in
            func table(_ sql: String) throws -> [String] {
                try Row.fetchAll(db, sql: sql).map { "\($0[0] as String): \($0[1] as Int)" }
            }
            return (kept: [try table("SELECT day, quakes FROM quakeDay ORDER BY day"),
                           try table("SELECT placeFolded, quakes FROM quakePlace ORDER BY placeFolded")],
                    counted: [try table("SELECT day, count(*) FROM quake GROUP BY day ORDER BY day"),
                              try table("SELECT placeFolded, count(*) FROM quake GROUP BY placeFolded ORDER BY placeFolded")])
        }
    }

    @Test("deletes exactly the given ids, in one go; the day and place counts follow, a day left empty goes")
    func deletesTheGivenIds() throws {
        let folder = TemporaryFolder()
        let catalog = try Self.dayCatalog(folder)
        let before = try CatalogProbe.ids(catalog.path)
        // Every quake of the day with the fewest, and one more of another day.
        let (emptiedDay, gone) = try catalog.dbWriter.read { db in
            let day = try #require(try String.fetchOne(db, sql: "SELECT day FROM quakeDay ORDER BY quakes, day LIMIT 1"))
            var ids = try String.fetchAll(db, sql: "SELECT id FROM quake WHERE day = ?", arguments: [day])
            ids += try String.fetchAll(db, sql: "SELECT id FROM quake WHERE day <> ? ORDER BY id LIMIT 1", arguments: [day])
            return (day, ids)
        }
        #expect(gone.count >= 2)

        #expect(try catalog.delete(ids: gone + [gone[0]]) == gone.count, "an id given twice is deleted once")

        #expect(try CatalogProbe.ids(catalog.path) == before.filter { !gone.contains($0) })
        let counts = try Self.counts(catalog)
        #expect(counts.kept == counts.counted)
        #expect(!counts.kept[0].contains { $0.hasPrefix(emptiedDay + ":") })
        #expect(try CatalogProbe.keptCounts(catalog.path) == (before.count - gone.count, before.count - gone.count))
        let orphans = try catalog.dbWriter.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM quakeAlias WHERE quakeId NOT IN (SELECT id FROM quake)")
        }
        #expect(orphans == 0)
    }

    @Test("an unknown id, or none, deletes nothing")
    func unknownIdDeletesNothing() throws {
        let folder = TemporaryFolder()
        let catalog = try Self.dayCatalog(folder)
        #expect(try catalog.delete(ids: ["xx-no-such-quake"]) == 0)
        #expect(try catalog.delete(ids: []) == 0)
        #expect(try catalog.count() == 146)
        let counts = try Self.counts(catalog)
        #expect(counts.kept == counts.counted)
    }

    @Test("another connection holds the write lock: whileWaiting is called, and the delete lands after it commits")
    func waitsForAnotherConnection() throws {
        let folder = TemporaryFolder()
        let path = try Self.dayCatalog(folder).path
        let catalog = try QuakeCatalog(path: path, busyTimeout: 600)   // longer than the test's backstop
        let id = try #require(try CatalogProbe.ids(path).first)
        let holder = try WriteLockHolder(path: path)

        let waiting = DispatchSemaphore(value: 0)
        let deletion = Background { try catalog.delete(ids: [id], whileWaiting: { waiting.signal() }) }
        #expect(waiting.wait(timeout: Self.backstop) == .success, "told it waits")
        #expect(try CatalogProbe.ids(path).contains(id), "nothing deleted while the lock is held")
        try holder.commit()

        #expect(try deletion.value() == 1)
        #expect(try !CatalogProbe.ids(path).contains(id))
        #expect(try catalog.dbWriter.read { db in try String.fetchOne(db, sql: "SELECT value FROM catalogInfo WHERE key = 'holder'") }
                == "committed", "the other writer's transaction landed too")
    }

    @Test("a write of this process holds the catalog: whileWaiting is called, and the delete lands after it")
    func waitsForThisProcessWriter() throws {
        let folder = TemporaryFolder()
        let catalog = try Self.dayCatalog(folder)
        let id = try #require(try CatalogProbe.ids(catalog.path).first)
        let writing = DispatchSemaphore(value: 0), finish = DispatchSemaphore(value: 0)
        let writer = Background {
            try catalog.dbWriter.write { _ in
                writing.signal()
                _ = finish.wait(timeout: Self.backstop)
            }
        }
        #expect(writing.wait(timeout: Self.backstop) == .success)

        let waiting = DispatchSemaphore(value: 0)
        let deletion = Background { try catalog.delete(ids: [id], whileWaiting: { waiting.signal() }) }
        #expect(waiting.wait(timeout: Self.backstop) == .success, "told it waits")
        finish.signal()
        try writer.value()
        #expect(try deletion.value() == 1)
        #expect(try catalog.count() == 145)
    }

    @Test("the lock held past the busy timeout: one line, the busy error kept, nothing deleted")
    func lockHeldPastTheBusyTimeout() throws {
        let folder = TemporaryFolder()
        let path = try Self.dayCatalog(folder).path
        let catalog = try QuakeCatalog(path: path, busyTimeout: 1)
        let ids = try CatalogProbe.ids(path)
        let holder = try WriteLockHolder(path: path)
        let error = try #require(throws: CatalogError.self) { try catalog.delete(ids: ids) }
        try holder.commit()

        #expect(error.description == "could not delete: the catalog stayed locked for 1 s")
        #expect(error.operation == .delete)
        #expect(error.reason == .stayedLocked(seconds: 1))
        #expect((error.underlying as? DatabaseError)?.resultCode == .SQLITE_BUSY)
        #expect(try CatalogProbe.ids(path) == ids)
    }

    @Test("a read-only catalog, or one in a read-only folder: the read-only reason, nothing deleted")
    func readOnlyCatalog() throws {
        let folder = TemporaryFolder()
        let locked = folder.file("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        let path = locked + "/quakes.sqlite"
        _ = try QuakeImporter(catalog: QuakeCatalog(path: path)).importFile(at: Fixture.day2014)
        let ids = try CatalogProbe.ids(path)

        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let fromFile = try #require(throws: CatalogError.self) {
            try QuakeCatalog(path: path, purpose: .browse).delete(ids: ids)
        }
        #expect(fromFile.reason == .readOnly)
        #expect(fromFile.description == "could not delete: read-only (permission denied)")

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked) }
        let fromFolder = try #require(throws: CatalogError.self) {
            try QuakeCatalog(path: path, purpose: .browse).delete(ids: ids)
        }
        #expect(fromFolder.reason == .folderReadOnly)
        #expect(fromFolder.description
                == "could not delete: its folder is read-only (SQLite needs to write a journal next to it)")
        #expect(try CatalogProbe.ids(path) == ids)
    }
}
