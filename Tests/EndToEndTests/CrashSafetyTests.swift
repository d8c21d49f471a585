import Foundation
import Testing
import TestSupport

/// An import killed without warning (SIGKILL: a power cut, the OOM killer)
/// leaves the catalog exactly as it was: each file is one transaction in a
/// WAL-mode SQLite file, even the bulk path that drops and rebuilds the
/// indexes inside it.
@Suite("Crash safety", .timeLimit(.minutes(10)))
struct CrashSafetyTests {
    static let features = 100_000

    @Test("SIGKILL in the middle of a 100,000-feature import: the catalog is intact and as before; the import then runs whole")
    func killedImport() throws {
        let folder = TemporaryFolder()
        let db = folder.file("quakes.sqlite")
        let first = try runQuakesTUI(["import", "--db", db, Fixture.month2014])
        #expect(first.stdout == "imported \(Fixture.month2014): 409 new, 0 updated, 0 unchanged, 0 skipped\n")
        let before = try CatalogProbe.rows(db)
        let beforeIDs = try CatalogProbe.ids(db)
        let schema = try CatalogProbe.schemaObjects(db)
        #expect(before.count == 409)

        let feed = folder.file("big.geojson")
        let ids = try SyntheticFeed.write(count: Self.features, to: feed)
        let importer = try ChildProcess.quakesTUI(["import", "--db", db, feed], outputPrefix: folder.file("import"))
        // Inside its one transaction for half a second: parsing and inserting
        // (the whole import takes several seconds, 15 in a debug build).
        let midImport = CatalogProbe.waitForWriteTransaction(db, by: importer, held: 0.5)
        #expect(importer.send(SIGKILL))
        #expect(importer.wait() == 128 + SIGKILL)
        try #require(midImport, "the kill must land inside the import's transaction; stderr: \(importer.stderr)")
        #expect(importer.stdout == "", "killed before its summary line")

        #expect(try CatalogProbe.integrityCheck(db) == ["ok"])
        let after = try CatalogProbe.rows(db)
        #expect(after.count == 409)
        #expect(after == before, "every quake stored before, every column, and nothing else")
        #expect(try CatalogProbe.schemaObjects(db) == schema, "the indexes and triggers a bulk import drops are all there")
        #expect(try CatalogProbe.keptCounts(db) == (409, 409))

        let again = try runQuakesTUI(["import", "--db", db, feed])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == "imported \(feed): 100000 new, 0 updated, 0 unchanged, 0 skipped\n")
        #expect(again.stderr == "")
        #expect(try CatalogProbe.integrityCheck(db) == ["ok"])
        #expect(try CatalogProbe.count(db) == 409 + Self.features)
        #expect(try CatalogProbe.ids(db) == (beforeIDs + ids).sorted())
        // The rarely used columns' indexes wait for their first use after a large import.
        let onDemand = ["index quake_felt", "index quake_net", "index quake_sig", "index quake_status", "index quake_type"]
        #expect(try CatalogProbe.schemaObjects(db) == schema.filter { !onDemand.contains($0) })
        #expect(try CatalogProbe.keptCounts(db) == (409 + Self.features, 409 + Self.features))
    }
}
