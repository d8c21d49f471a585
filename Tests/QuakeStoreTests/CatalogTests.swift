import Foundation
import GRDB
import QuakeStore
import Testing

@Suite struct CatalogTests {
    @Test func theDefaultCatalogIsCreatedAndSeededOnceUnderXDGDataHome() throws {
        let folder = TemporaryFolder()
        let env = ["XDG_DATA_HOME": folder.path, "QUAKES_DB": ""]
        let first = try runQuakesTUI(["list", "--format", "csv"], environment: env)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.split(separator: "\n").count == 4711 + 1)
        let path = folder.path + "/quakes-tui/quakes.sqlite"
        #expect(FileManager.default.fileExists(atPath: path))

        // Reopened, not re-seeded: a deleted quake stays deleted.
        let catalog = try QuakeCatalog(path: path)
        try catalog.dbWriter.write { db in try db.execute(sql: "DELETE FROM quake WHERE id = 'hv70264586'") }
        let second = try runQuakesTUI(["list", "--format", "csv"], environment: env)
        #expect(second.stdout.split(separator: "\n").count == 4710 + 1)
        #expect(!second.stdout.contains("hv70264586"))
    }

    @Test func aSeedCutShortIsFinishedOnTheNextOpenAndAnImportedCatalogIsNeverSeeded() throws {
        let folder = TemporaryFolder()
        // A seed killed half-way: the state still says pending, no quakes landed.
        let cut = folder.file("cut.sqlite")
        try QuakeCatalog(path: cut, seedIfNew: true).dbWriter.write { db in
            try db.execute(sql: "DELETE FROM quake; UPDATE catalogInfo SET value = 'pending' WHERE key = 'seed'")
        }
        #expect(try QuakeCatalog(path: cut).count() == 0, "an import's open does not seed")
        #expect(try QuakeCatalog(path: cut, seedIfNew: true).count() == 4711)
        // Killed even before the state was written: no state and no quakes.
        let early = folder.file("early.sqlite")
        try QuakeCatalog(path: early).dbWriter.write { db in try db.execute(sql: "DELETE FROM catalogInfo WHERE key = 'seed'") }
        #expect(try QuakeCatalog(path: early, seedIfNew: true).count() == 4711)
        // Seeded once: emptied by its user, it stays empty.
        let seeded = folder.file("seeded.sqlite")
        try QuakeCatalog(path: seeded, seedIfNew: true).dbWriter.write { db in try db.execute(sql: "DELETE FROM quake") }
        #expect(try QuakeCatalog(path: seeded, seedIfNew: true).count() == 0)
        // Created by an import that then failed: empty, and left so.
        let imported = folder.file("imported.sqlite")
        #expect(try QuakeCatalog(path: imported).count() == 0)
        #expect(try QuakeCatalog(path: imported, seedIfNew: true).count() == 0)
    }

    @Test func quakesDBOverridesTheDefaultPath() {
        #expect(QuakeCatalog.defaultPath(environment: ["QUAKES_DB": "/x/q.sqlite", "XDG_DATA_HOME": "/d"]) == "/x/q.sqlite")
        #expect(QuakeCatalog.defaultPath(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/quakes-tui/quakes.sqlite")
        #expect(QuakeCatalog.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/share/quakes-tui/quakes.sqlite")
    }

    /// The XDG specification: a relative XDG_DATA_HOME is invalid and is
    /// ignored (a catalog was created in the current folder).
    @Test func aRelativeXDGDataHomeIsIgnored() {
        #expect(QuakeCatalog.defaultPath(environment: ["XDG_DATA_HOME": "data", "HOME": "/h"])
                == "/h/.local/share/quakes-tui/quakes.sqlite")
        #expect(QuakeCatalog.defaultPath(environment: ["XDG_DATA_HOME": "./d", "HOME": "/h"])
                == "/h/.local/share/quakes-tui/quakes.sqlite")
    }

    @Test func aReadOnlyCatalogIsRefusedWithAClearErrorAndKeptIntact() throws {
        let folder = TemporaryFolder()
        let path = folder.file("quakes.sqlite")
        _ = try QuakeImporter(catalog: QuakeCatalog(path: path)).importFile(at: Fixture.day2014)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let result = try runQuakesTUI(["import", "--db", path, Fixture.month2014])
        #expect(result.status == 1)
        #expect(result.stderr == "error: database \(path): read-only (permission denied)\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(try QuakeCatalog(path: path).count() == 146)
    }

    @Test func unusableCatalogPathsGiveOneLineErrors() throws {
        let folder = TemporaryFolder()
        let dir = folder.file("adir")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
        let asDirectory = try runQuakesTUI(["list", "--db", dir])
        #expect(asDirectory.status == 1)
        #expect(asDirectory.stderr == "error: database \(dir): is a directory\n")

        let missing = folder.file("nowhere/q.sqlite")
        let noFolder = try runQuakesTUI(["list", "--db", missing])
        #expect(noFolder.stderr == "error: database \(missing): folder \(folder.file("nowhere")) does not exist\n")

        let junk = folder.write("junk.sqlite", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }))
        let corrupt = try runQuakesTUI(["list", "--db", junk])
        #expect(corrupt.status == 1)
        #expect(corrupt.stderr == "error: database \(junk): not a SQLite database (file is corrupt or of another kind)\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: junk)).count == 4096, "a corrupt file is left as it was")
    }

    @Test func foldingIsUnicodeCorrect() {
        #expect(TextFolding.fold("Île-de-France") == "ile-de-france")
        #expect(TextFolding.fold("ILE") == TextFolding.fold("île"))
        #expect(TextFolding.fold("Île") == TextFolding.fold("ile"))
        #expect(TextFolding.fold("東京都") == "東京都")
        #expect(TextFolding.fold("Ñuñoa, Región Metropolitana") == "nunoa, region metropolitana")
        #expect(TextFolding.fold("ÅLESUND") == "alesund")
        // Strokes and a missing dot are diacritics to a reader, not to Unicode.
        #expect(TextFolding.fold("ŁÓDŹ, Poland") == "lodz, poland")
        #expect(TextFolding.fold("Tromsø") == "tromso")
        #expect(TextFolding.fold("Kırıkkale, Türkiye") == "kirikkale, turkiye")
        #expect(TextFolding.fold("Đà Nẵng") == "da nang")
        #expect(TextFolding.foldDiacritics("Łódź") == "Lodz")
        #expect(TextFolding.foldCase("Łódź") == "łódź")
    }

    @Test func thePlaceIsStoredFoldedAndCountedPerDistinctPlace() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        let text = featureCollection([("a1", ",a1,", 1, 1), ("a2", ",a2,", 1, 1), ("a3", ",a3,", 1, 1)])
            .replacingOccurrences(of: "Place of a1", with: "10 km N of Île-de-France")
            .replacingOccurrences(of: "Place of a2", with: "東京都の近く")
            .replacingOccurrences(of: "Place of a3", with: "10 KM N of ILE-DE-FRANCE")
        _ = try QuakeImporter(catalog: catalog).importFile(at: folder.write("f.geojson", text))
        let rows = try catalog.dbWriter.read { db in
            try Row.fetchAll(db, sql: "SELECT id, placeFolded FROM quake ORDER BY id").map { [$0["id"], $0["placeFolded"]] as [String] }
        }
        #expect(rows == [["a1", "10 km n of ile-de-france"], ["a2", "東京都の近く"], ["a3", "10 km n of ile-de-france"]])
        let places = try catalog.dbWriter.read { db in
            try Row.fetchAll(db, sql: "SELECT placeFolded, quakes FROM quakePlace ORDER BY placeFolded")
                .map { "\($0[0] as String) \($0[1] as Int)" }
        }
        #expect(places == ["10 km n of ile-de-france 2", "東京都の近く 1"])
        let days = try catalog.dbWriter.read { db in try Row.fetchAll(db, sql: "SELECT day, quakes FROM quakeDay").map { "\($0[0] as String) \($0[1] as Int)" } }
        #expect(days == ["2018-06-14 3"])
    }

    @Test func aLargeImportBuildsTheTimeIndexAndCountsThenTheOthersAfterItsCommit() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        _ = try QuakeImporter(catalog: catalog).importFile(at: Fixture.week)
        // 25,000 more features of about 390 bytes (a file of over 10,000
        // features at 700 bytes each, and over half the catalog): a bulk load.
        let events = (0..<25_000).map { (id: "bk\($0)", ids: ",bk\($0),", mag: Double($0 % 70) / 10, updated: Int64($0)) }
        let big = folder.write("big.geojson", featureCollection(events))
        let report = try QuakeImporter(catalog: catalog).importFile(at: big, name: "big")
        #expect(report.summaryLine == "imported big: 25000 new, 0 updated, 0 unchanged, 0 skipped")
        let indexesAtCommit = try catalog.dbWriter.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'quake' ORDER BY name")
        }
        #expect(indexesAtCommit == ["quake_id", "quake_time"], "the rest are built after the commit")
        #expect(try catalog.buildPendingIndexes() == 8, "all but net's, type's, status's, sig's and felt's, built when first used")
        let (indexes, triggers, places, days) = try catalog.dbWriter.read { db in
            (try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'quake' ORDER BY name"),
             try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name"),
             try Int.fetchOne(db, sql: "SELECT sum(quakes) FROM quakePlace"),
             try Int.fetchOne(db, sql: "SELECT sum(quakes) FROM quakeDay"))
        }
        #expect(indexes == ["quake_band", "quake_changedAt", "quake_day_time", "quake_depth", "quake_id", "quake_latitudeBoxDepth",
                            "quake_longitudeBoxDepth", "quake_magnitude", "quake_placeSort", "quake_time"])
        #expect(triggers == ["origin_eventDeleted", "quakeCell_delete", "quakeCell_insert", "quakeCell_update",
                             "quakeDay_delete", "quakeDay_insert", "quakeDay_update",
                             "quakeMagnitude_delete", "quakeMagnitude_insert", "quakeMagnitude_update",
                             "quakePlace_delete", "quakePlace_insert", "quakePlace_update", "sequence_quakeDeleted"])
        #expect(places == 29711 && days == 29711)
        let bigOnes = try catalog.dbWriter.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM quake INDEXED BY quake_magnitude WHERE magnitude >= 6.5")
        }
        #expect(bigOnes == 1785, "the rebuilt index holds the new rows (5 of every 70, and none of the week)")
    }

    @Test func utcDaysAndISOTimes() {
        #expect(UTCDay.string(epochMilliseconds: 1528967533010) == "2018-06-14")
        #expect(UTCDay.string(epochMilliseconds: 0) == "1970-01-01")
        #expect(UTCDay.string(epochMilliseconds: -1) == "1969-12-31")
        #expect(UTCDay.string(epochMilliseconds: 951_782_400_000) == "2000-02-29")
        #expect(ISOTime.string(epochMilliseconds: 1528967533010) == "2018-06-14T09:12:13.010Z")
        #expect(ISOTime.epochMilliseconds("2018-06-14T09:12:13.010Z") == 1528967533010)
        #expect(ISOTime.epochMilliseconds("2018-06-14") == 1528934400000)
        #expect(ISOTime.epochMilliseconds("2018-06-14T11:12:13.010+02:00") == 1528967533010)
        #expect(ISOTime.epochMilliseconds("2018-13-14") == nil)
        #expect(ISOTime.epochMilliseconds("yesterday") == nil)
    }
}
