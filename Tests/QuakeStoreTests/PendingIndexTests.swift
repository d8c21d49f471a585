import Foundation
import GRDB
import QuakeStore
import Testing

/// A large import commits its rows, the time index and the day and place
/// counts first; the other indexes are built after, each in a transaction
/// of its own, and are the schema's own once built.
@Suite struct PendingIndexTests {
    static let deferred = ["quake_changedAt", "quake_placeSort", "quake_magnitude", "quake_band", "quake_day_time", "quake_depth",
                           "quake_latitudeBoxDepth", "quake_longitudeBoxDepth"]

    /// Every quake index's name and key columns (an expression's is NULL),
    /// as SQLite describes them.
    static func indexShapes(_ catalog: QuakeCatalog) throws -> [String] {
        try catalog.dbWriter.read { db in
            let names = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'quake' ORDER BY name")
            return try names.map { name in
                let columns = try Row.fetchAll(db, sql: "SELECT name, desc, key FROM pragma_index_xinfo(?) WHERE key", arguments: [name])
                    .map { "\(($0[0] as String?) ?? "<expression>")\(($0[1] as Int) == 1 ? " desc" : "")" }
                return "\(name)(\(columns.joined(separator: ", ")))"
            }
        }
    }

    /// The kept per-day and per-place counts, and the same counted from the
    /// table: equal in a consistent catalog.
    static func keptAndCountedCounts(_ catalog: QuakeCatalog) throws -> (kept: [String], counted: [String]) {
        try catalog.dbWriter.read { db in
            func lines(_ sql: String) throws -> [String] { try Row.fetchAll(db, sql: sql).map { "\($0[0] as String) \($0[1] as Int)" } }
            return (try lines("SELECT day, quakes FROM quakeDay ORDER BY day")
                        + lines("SELECT placeFolded, quakes FROM quakePlace ORDER BY placeFolded"),
                    try lines("SELECT day, count(*) FROM quake GROUP BY day ORDER BY day")
                        + lines("SELECT placeFolded, count(*) FROM quake GROUP BY placeFolded ORDER BY placeFolded"))
        }
    }

    /// A synthetic feed of `count` features plus `extra` features written
    /// as they are, in one FeatureCollection.
    static func feed(_ folder: TemporaryFolder, count: Int, extra: [String]) throws -> String {
        let path = folder.file("big.geojson")
        try SyntheticFeed.write(count: count, to: path)
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text.removeLast(3)   // "]}\n"
        text += extra.map { ",\n" + $0 }.joined() + "]}\n"
        return folder.write("big.geojson", text)
    }

    static func feature(id: String, ids: String, place: String, time: Int64, updated: Int64, longitude: Double, latitude: Double) -> String {
        """
        {"type":"Feature","properties":{"mag":2.5,"place":"\(place)","time":\(time),"updated":\(updated),"ids":"\(ids)",\
        "net":"zz","code":"\(id)","status":"reviewed","tsunami":0,"sig":1,"magType":"ml","type":"earthquake","title":"t","url":"u"},\
        "geometry":{"type":"Point","coordinates":[\(longitude),\(latitude),5]},"id":"\(id)"}
        """
    }

    @Test func aLargeImportIntoAnEmptyCatalogLeavesTheOtherIndexesPendingUntilBuilt() throws {
        let folder = TemporaryFolder()
        let fresh = try folder.catalog("fresh.sqlite")
        let schemaShapes = try Self.indexShapes(fresh)
        let catalog = try folder.catalog()
        let feed = folder.file("big.geojson")
        let ids = try SyntheticFeed.write(count: 15_000, to: feed)
        let report = try QuakeImporter(catalog: catalog).importFile(at: feed, name: "big")
        #expect(report.summaryLine == "imported big: 15000 new, 0 updated, 0 unchanged, 0 skipped")

        // Browsable at once: the rows newest first through the time index.
        #expect(try catalog.pendingIndexes() == Self.deferred)
        let newest = try catalog.dbWriter.read { db in
            try String.fetchAll(db, sql: "SELECT id FROM quake INDEXED BY quake_time ORDER BY time DESC, id DESC LIMIT 3")
        }
        #expect(newest == [ids[14_999], ids[14_998], ids[14_997]])
        let counts = try Self.keptAndCountedCounts(catalog)
        #expect(counts.kept == counts.counted)
        #expect(counts.kept.count == 11 + 7, "eleven days of one-minute steps, seven places")

        var seen: [IndexBuildProgress] = []
        #expect(try catalog.buildPendingIndexes { seen.append($0) } == 8)
        #expect(seen.map(\.building) == Self.deferred + [nil])
        #expect(seen.map(\.built) == Array(0...8))
        #expect(try catalog.pendingIndexes() == [])
        #expect(try catalog.buildPendingIndexes() == 0)

        // Rarely sorted or filtered columns, only when the browser sorts by
        // or filters on them.
        let rare = ["quake_felt(felt, id)", "quake_net(net, id)", "quake_sig(sig, id)", "quake_status(status, id)",
                    "quake_type(type, id)"]
        #expect(try Self.indexShapes(catalog) == schemaShapes.filter { !rare.contains($0) })
        #expect(try catalog.missingSortIndexes(forColumns: ["time", "sig", "felt"]) == ["quake_sig", "quake_felt"])
        #expect(try catalog.buildSortIndexes(forColumns: ["sig"]) == 1)
        #expect(try catalog.buildSortIndexes(forColumns: ["sig", "felt"]) == 1)
        #expect(try catalog.missingSortIndexes(forColumns: ["status", "net", "type", "magnitude"])
                == ["quake_net", "quake_type", "quake_status"])
        #expect(try catalog.buildSortIndexes(forColumns: ["net", "type", "status"]) == 3)
        #expect(try Self.indexShapes(catalog) == schemaShapes, "the indexes the migrations make, column for column")
    }

    @Test func aLargeImportIntoAFilledCatalogAddsToItsCounts() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        _ = try QuakeImporter(catalog: catalog).importFile(at: Fixture.week)
        let feed = folder.file("big.geojson")
        try SyntheticFeed.write(count: 15_000, to: feed)
        _ = try QuakeImporter(catalog: catalog).importFile(at: feed, name: "big")
        let counts = try Self.keptAndCountedCounts(catalog)
        #expect(counts.kept == counts.counted)
        #expect(try CatalogProbe.keptCounts(catalog.path) == (19_711, 19_711))
    }

    @Test func aFileThatUpdatesItsOwnQuakeKeepsExactCounts() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        // zz5 again, newer, on another day and at another place.
        let later = Self.feature(id: "zz5", ids: ",zz5,", place: "Elsewhere", time: 1_900_000_000_000, updated: 1_900_000_100_000,
                                 longitude: 10, latitude: 10)
        let path = try Self.feed(folder, count: 15_000, extra: [later])
        let report = try QuakeImporter(catalog: catalog).importFile(at: path, name: "big")
        #expect(report.summaryLine == "imported big: 15000 new, 1 updated, 0 unchanged, 0 skipped")
        let counts = try Self.keptAndCountedCounts(catalog)
        #expect(counts.kept == counts.counted)
        #expect(counts.kept.contains("elsewhere 1"))
        #expect(try storedQuakes(catalog)["zz5"]?.place == "Elsewhere")
    }

    @Test func aFileThatMergesItsOwnQuakesKeepsExactCounts() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        // m1 lists zz7 and is where and when zz7 is (index 7: see SyntheticFeed).
        let merging = Self.feature(id: "m1", ids: ",m1,zz7,", place: "Elsewhere", time: 1_893_456_000_000 + 7 * 60_000,
                                   updated: 1_900_000_000_000, longitude: Double(70 - 17995) / 100, latitude: Double(70 - 8495) / 100)
        let path = try Self.feed(folder, count: 15_000, extra: [merging])
        let report = try QuakeImporter(catalog: catalog).importFile(at: path, name: "big")
        #expect(report.new == 15_001 && report.merged == 1)
        let stored = try storedQuakes(catalog)
        #expect(stored["zz7"] == nil && stored["m1"] != nil && stored.count == 15_000)
        let counts = try Self.keptAndCountedCounts(catalog)
        #expect(counts.kept == counts.counted)
    }

    @Test func aDuplicateIdInAFileIntoAnEmptyCatalogIsStillOneQuake() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        let first = Self.feature(id: "d1", ids: ",d1,", place: "A", time: 1_000, updated: 2_000, longitude: 1, latitude: 1)
        let again = Self.feature(id: "d1", ids: ",d1,", place: "A", time: 1_000, updated: 2_000, longitude: 1, latitude: 1)
        let path = folder.write("dup.geojson", #"{"type":"FeatureCollection","features":["# + first + "," + again + "]}")
        let report = try QuakeImporter(catalog: catalog).importFile(at: path, name: "dup")
        #expect(report.summaryLine == "imported dup: 1 new, 0 updated, 1 unchanged, 0 skipped")
        #expect(try CatalogProbe.ids(catalog.path) == ["d1"])
    }

    /// A streaming import into an empty catalog inserts without the id
    /// index and builds it when a row needs a lookup and after its rows
    /// (`IDIndex`): an id the file holds twice, after several commits, is
    /// still one quake, the newer report's, and the ids stay unique.
    @Test func anIdTwiceInABulkLoadIntoAnEmptyCatalogIsOneQuakeAndIdsStayUnique() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        // 25,000 features of about 390 bytes: a bulk load (see CatalogTests).
        var events = (0..<25_000).map { (id: "bk\($0)", ids: ",bk\($0),", mag: 2.0, updated: Int64(1_000)) }
        events[20_000] = (id: "bk10", ids: ",bk10,", mag: 5.5, updated: 2_000)
        let path = folder.write("twice.geojson", featureCollection(events))
        let report = try QuakeImporter(catalog: catalog).importFile(
            at: path, name: "twice", streaming: StreamingImport(firstCommitRows: 1_000, commitInterval: .zero))
        #expect(report.summaryLine == "imported twice: 24999 new, 1 updated, 0 unchanged, 0 skipped")
        #expect(try catalog.count() == 24_999)
        let stored = try catalog.dbWriter.read { db in
            try Row.fetchAll(db, sql: "SELECT magnitude FROM quake WHERE id = 'bk10'").map { $0[0] as Double }
        }
        #expect(stored == [5.5])
        #expect(throws: DatabaseError.self, "a second row with a stored id is refused") {
            try catalog.dbWriter.write { db in try db.execute(sql: "INSERT INTO quake SELECT * FROM quake WHERE id = 'bk11'") }
        }
    }

    /// As a kill between a large import's commit and its index builds
    /// leaves a catalog: `list` reads it as it is (sorting without the
    /// index) and writes nothing; the next `import` builds what is missing.
    @Test func theNextImportFinishesIndexesAKillLeftUnbuilt() throws {
        let folder = TemporaryFolder()
        let db = folder.file("quakes.sqlite")
        #expect(try runQuakesTUI(["import", "--db", db, Fixture.week]).status == 0)
        let sortedBefore = try runQuakesTUI(["list", "--db", db, "--sort", "magnitude", "--limit", "5", "--format", "csv"]).stdout
        try CatalogProbe.execute(db, "DROP INDEX quake_magnitude; DROP INDEX quake_placeSort")
        let schemaWithout = try CatalogProbe.schemaObjects(db)

        let listed = try runQuakesTUI(["list", "--db", db, "--sort", "magnitude", "--limit", "5", "--format", "csv"])
        #expect(listed.status == 0 && listed.stdout == sortedBefore, "the same rows in the same order, by a full sort")
        #expect(try CatalogProbe.schemaObjects(db) == schemaWithout, "list builds nothing")

        let imported = try runQuakesTUI(["import", "--db", db, Fixture.week])
        #expect(imported.stdout == "imported \(Fixture.week): 0 new, 0 updated, 4711 unchanged, 0 skipped\n")
        #expect(imported.stderr == "", "no progress line off a terminal")
        #expect(try CatalogProbe.schemaObjects(db) == (schemaWithout + ["index quake_magnitude", "index quake_placeSort"]).sorted())
    }
}
