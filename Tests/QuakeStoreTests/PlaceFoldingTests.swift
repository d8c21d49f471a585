import Foundation
import GRDB
import Testing
import TestSupport

/// Letters with a stroke or without their dot (`ł`, `ø`, `ı`) fold to their
/// plain letter, as accents do: `lodz` finds Łódź in a new catalog, and in
/// one folded before (`łodz`), once it is upgraded.
@Suite("Places folded without strokes", .timeLimit(.minutes(10)))
struct PlaceFoldingTests {
    let folder = TemporaryFolder()
    let db: String

    init() throws {
        let csv = folder.write("places.csv", Data("""
            time,latitude,longitude,depth,mag,magType,net,id,updated,place,type,status
            2020-01-01T00:00:00.000Z,51.77,19.46,5,2.1,ml,pl,pl1,,"12 km N of Łódź, Poland",earthquake,reviewed
            2020-01-01T01:00:00.000Z,69.65,18.96,10,3.0,ml,no,no1,,"Tromsø, Norway",earthquake,reviewed
            2020-01-01T02:00:00.000Z,19.4,-155.3,1,2.5,ml,hv,hv1,,"5km SW of Volcano, Hawaii",earthquake,reviewed

            """.utf8))
        db = folder.file("q.sqlite")
        let imported = try runQuakesTUI(["import", "--db", db, csv])
        try #require(imported.status == 0, "\(imported.stderr)")
    }

    /// The ids `list --where PREDICATE` prints, oldest first.
    func ids(where predicate: String) throws -> [String] {
        let result = try runQuakesTUI(["list", "--db", db, "--where", predicate, "--sort", "time", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return rows.compactMap { $0["id"] as? String }
    }

    @Test("lodz finds Łódź, TROMSO finds Tromsø, and Łódź still finds itself")
    func plainLettersFindStrokedOnes() throws {
        #expect(try ids(where: #"place CONTAINS[cd] "lodz""#) == ["pl1"])
        #expect(try ids(where: #"place CONTAINS[cd] "TROMSO""#) == ["no1"])
        #expect(try ids(where: #"place CONTAINS[cd] "Łódź""#) == ["pl1"])
        #expect(try ids(where: #"place CONTAINS[c] "lodz""#) == [], "without [d] a stroke still counts")
    }

    @Test("a catalog folded with strokes kept is folded again on upgrade, its kept counts moved along")
    func olderCatalogIsRefolded() throws {
        // As an earlier version left it: the stroke kept, and no v7 migration.
        try CatalogProbe.execute(db, """
            UPDATE quake SET placeFolded = '12 km n of łodz, poland' WHERE id = 'pl1';
            UPDATE quake SET placeFolded = 'tromsø, norway' WHERE id = 'no1';
            DELETE FROM grdb_migrations WHERE identifier LIKE 'v7:%';
            """)
        #expect(try ids(where: #"place CONTAINS[cd] "lodz""#) == ["pl1"])
        let folded = try CatalogProbe.column(db, "SELECT placeFolded FROM quake ORDER BY time")
        #expect(folded == ["12 km n of lodz, poland", "tromso, norway", "5km sw of volcano, hawaii"])
        // Every kept per-place count agrees with the rows.
        #expect(try CatalogProbe.column(db, "SELECT placeFolded || ' ' || quakes FROM quakePlace ORDER BY 1")
                == ["12 km n of lodz, poland 1", "5km sw of volcano, hawaii 1", "tromso, norway 1"])
        #expect(try CatalogProbe.column(db, "SELECT DISTINCT placeFolded FROM quakePlaceMagnitude ORDER BY 1")
                == ["12 km n of lodz, poland", "5km sw of volcano, hawaii", "tromso, norway"])
        #expect(try CatalogProbe.column(db, "SELECT DISTINCT placeFolded FROM quakePlaceCell ORDER BY 1")
                == ["12 km n of lodz, poland", "5km sw of volcano, hawaii", "tromso, norway"])
    }
}
