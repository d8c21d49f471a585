import Foundation
import GRDB
@testable import QuakeStore
import Testing
import TestSupport

/// What each reader keeps of how a quake was located and measured, from the
/// real fixtures: USGS's CSV columns, QuakeML's uncertainties, quality and
/// agencies, FDSN text's authors, catalog and contributor. What a source
/// does not give is stored as NULL, never 0; a catalog made before these
/// columns is upgraded in place.
@Suite struct MeasurementImportTests {
    let folder = TemporaryFolder()

    func imported(_ path: String) throws -> QuakeCatalog {
        let catalog = try folder.catalog(URL(fileURLWithPath: path).lastPathComponent + ".sqlite")
        _ = try QuakeImporter(catalog: catalog).importFile(at: path)
        return catalog
    }

    /// The columns as SQL holds them, NULL as `nil`.
    func storedRow(_ catalog: QuakeCatalog, _ id: String, _ columns: [String]) throws -> [DatabaseValue] {
        try catalog.dbWriter.read { db in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT \(columns.joined(separator: ", ")) FROM quake WHERE id = ?",
                                                    arguments: [id]))
            return columns.map { row[$0] as DatabaseValue }
        }
    }

    @Test("a USGS CSV keeps its 22 columns; the significance, tsunami, alert and felt it lacks are NULL")
    func csvKeepsEveryColumn() throws {
        let catalog = try imported(Fixture.weekCSV)
        let quake = try #require(try storedQuakes(catalog)["us1000epfe"])
        #expect(quake.magType == "mww" && quake.magnitude == 5.8)
        #expect([quake.gap, quake.dmin, quake.rms] == [58, 3.485, 0.96])
        #expect(quake.nst == nil && quake.horizontalError == nil && quake.magNst == nil, "empty in the file")
        #expect(quake.locationSource == "us" && quake.magSource == "us")
        let unknown = try storedRow(catalog, "us1000epfe", ["sig", "tsunami", "alert", "felt", "nst", "catalog", "evaluationMode"])
        #expect(unknown == Array(repeating: .null, count: 7))
    }

    /// ComCat's CSV row for QuakeML's first event (`ci14517572`), each
    /// value as its QuakeML gives it, in the CSV's units (km).
    static let comCatRow = "2009-10-01T10:13:37.870Z,36.3771667,-117.851,0.09,1.61,ml,21,81,0.1772,0.15,ci,ci14517572,"
        + #"2016-03-09T04:48:32.604Z,"17km NE of Olancha, CA",earthquake,0.37,0.71,0.087,27,reviewed,ci,ci"#

    @Test("a CSV row with every column filled keeps each value")
    func csvRowWithEveryColumn() throws {
        let path = folder.write("one.csv", CSVFeedTests.header + "\n" + Self.comCatRow + "\n")
        let quake = try #require(try storedQuakes(try imported(path))["ci14517572"])
        #expect(quake.nst == 21 && quake.gap == 81 && quake.dmin == 0.1772 && quake.rms == 0.15)
        #expect(quake.horizontalError == 0.37 && quake.depthError == 0.71 && quake.magError == 0.087 && quake.magNst == 27)
        #expect(quake.locationSource == "ci" && quake.magSource == "ci")
    }

    @Test("QuakeML keeps the origin's and magnitude's uncertainties, quality, agencies and evaluation, as ComCat's CSV")
    func quakeMLKeepsUncertainties() throws {
        let catalog = try imported(Fixture.quakeML2009)
        let quake = try #require(try storedQuakes(catalog)["ci14517572"])
        #expect(quake.nst == 21 && quake.gap == 81 && quake.dmin == 0.1772 && quake.rms == 0.15)
        #expect(quake.horizontalError == 0.37 && quake.depthError == 0.71, "metres in QuakeML, km as USGS's CSV")
        #expect(quake.magError == 0.087 && quake.magNst == 27)
        #expect(quake.locationSource == "CI" && quake.magSource == "CI", "the agencies as QuakeML spells them")
        #expect(quake.evaluationMode == "manual" && quake.evaluationStatus == nil)
        #expect(try storedRow(catalog, "ci14517572", ["sig", "tsunami", "alert", "felt"]) == Array(repeating: .null, count: 4))
    }

    @Test("FDSN text keeps the Author, MagAuthor, Catalog and Contributor; the rest is NULL")
    func fdsnTextKeepsAuthors() throws {
        let catalog = try imported(Fixture.weekFDSNText)
        let quake = try #require(try storedQuakes(catalog)["hv70264586"])
        #expect(quake.locationSource == "hv" && quake.magSource == "hv" && quake.catalog == "hv" && quake.contributor == "hv")
        #expect(try storedRow(catalog, "hv70264586", ["sig", "tsunami", "nst", "gap", "rms", "evaluationMode"])
                == Array(repeating: .null, count: 6))
    }

    @Test("a catalog of the schema before the measurements is upgraded in place: its quakes kept, the new columns NULL")
    func catalogBeforeMeasurementsIsUpgraded() throws {
        let path = folder.file("v7.sqlite")
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            for migration in Schema.migrations.prefix(7) {
                // v7 refolds places: nothing to refold in a new table (and it needs the catalog's own function).
                if !migration.identifier.hasPrefix("v7") { try migration.run(db) }
                try db.execute(sql: "INSERT INTO grdb_migrations VALUES (?)", arguments: [migration.identifier])
            }
            try db.execute(sql: """
                INSERT INTO quake (id, code, net, ids, magnitude, magType, place, placeFolded, time, updated, day,
                    depth, latitude, longitude, status, tsunami, sig, type, title, url)
                VALUES ('ci1', '1', 'ci', ',ci1,', 2.5, 'ml', 'Somewhere', 'somewhere', 1528967533010, 1528967533010,
                    '2018-06-14', 5, 34, -117, 'reviewed', 0, 0, 'earthquake', 'M 2.5 - Somewhere', '')
                """)
        }
        let catalog = try QuakeCatalog(path: path)
        #expect(try storedRow(catalog, "ci1", ["sig", "tsunami", "gap", "locationSource"]) == [0.databaseValue, 0.databaseValue, .null, .null],
                "the stored 0s kept: nothing says they were not the source's")
        let notNull = try catalog.dbWriter.read { db in
            try Row.fetchAll(db, sql: "PRAGMA table_info(quake)").filter { ["sig", "tsunami"].contains($0["name"] as String) }
                .map { $0["notnull"] as Int }
        }
        #expect(notNull == [0, 0])
        let report = try QuakeImporter(catalog: catalog).importFile(at: Fixture.weekCSV, name: "week.csv")
        #expect(report.summaryLine == "imported week.csv: 4711 new, 0 updated, 0 unchanged, 0 skipped")
        #expect(try storedRow(catalog, "us1000epfe", ["sig", "gap"]) == [.null, 58.databaseValue])
        #expect(try CatalogProbe.integrityCheck(path) == ["ok"])
        func columns(_ catalog: QuakeCatalog) throws -> [String] {
            try catalog.dbWriter.read { db in
                try Row.fetchAll(db, sql: "PRAGMA table_info(quake)").map { "\($0["name"] as String) \($0["type"] as String) \($0["notnull"] as Int)" }
            }
        }
        #expect(try columns(catalog) == columns(try folder.catalog("fresh.sqlite")), "the columns a new catalog has")
    }
}
