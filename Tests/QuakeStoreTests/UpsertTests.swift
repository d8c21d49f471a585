import Foundation
import GRDB
import QuakeStore
import Testing

/// A small FeatureCollection; each event is (id, ids, mag, updated ms).
func featureCollection(_ events: [(id: String, ids: String, mag: Double, updated: Int64)]) -> String {
    let features = events.map { e in
        """
        {"type":"Feature","properties":{"mag":\(e.mag),"place":"Place of \(e.id)","time":1528967533010,\
        "updated":\(e.updated),"ids":"\(e.ids)","net":"us","code":"\(e.id)","status":"automatic","tsunami":0,\
        "sig":1,"magType":"ml","type":"earthquake","title":"t","url":"u"},\
        "geometry":{"type":"Point","coordinates":[-150.5,61.2,10]},"id":"\(e.id)"}
        """
    }
    return #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}"
}

@Suite struct UpsertTests {
    /// An insert writes when the row was added (the browser's `+`); a
    /// newer report changes `changedAt` and keeps it (`~`).
    @Test func anInsertKeepsWhenItWasAddedAndAnUpdateKeepsThatToo() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        let importer = QuakeImporter(catalog: catalog)
        func times() throws -> (changed: Int64, added: Int64?) {
            try catalog.dbWriter.read { db in
                let row = try #require(try Row.fetchOne(db, sql: "SELECT changedAt, addedAt FROM quake WHERE id = 'us1'"))
                return (row[0], row[1])
            }
        }
        _ = try importer.importData(Data(featureCollection([("us1", ",us1,", 4.0, 1_000)]).utf8), name: "first")
        let first = try times()
        #expect(first.added == first.changed && first.changed > 0)
        Thread.sleep(forTimeInterval: 0.01)
        _ = try importer.importData(Data(featureCollection([("us1", ",us1,", 4.3, 2_000)]).utf8), name: "update")
        let second = try times()
        #expect(second.changed > first.changed && second.added == first.added)
    }

    @Test func reimportingTheSameFileChangesNothing() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        let importer = QuakeImporter(catalog: catalog)
        _ = try importer.importFile(at: Fixture.week, name: "week")
        let before = try storedQuakes(catalog)
        let again = try importer.importFile(at: Fixture.week, name: "week")
        #expect(again.summaryLine == "imported week: 0 new, 0 updated, 4711 unchanged, 0 skipped")
        #expect(try storedQuakes(catalog) == before)
    }

    /// A copy of the week feed where some events got a newer `updated` and a
    /// new magnitude, and others an older `updated` and a new magnitude.
    @Test func onlyNewerUpdatesReplaceStoredEvents() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        let importer = QuakeImporter(catalog: catalog)
        _ = try importer.importFile(at: Fixture.week)

        let data = try Data(contentsOf: URL(fileURLWithPath: Fixture.week))
        var root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        var features = root["features"] as! [[String: Any]]
        var newer: Set<String> = [], older: Set<String> = []
        for i in stride(from: 0, to: features.count, by: 100) {
            var p = features[i]["properties"] as! [String: Any]
            let updated = (p["updated"] as! NSNumber).int64Value
            let isNewer = (i / 100) % 2 == 0
            p["updated"] = isNewer ? updated + 60_000 : updated - 60_000
            p["mag"] = 9.1
            features[i]["properties"] = p
            _ = (isNewer ? { newer.insert(features[i]["id"] as! String) } : { older.insert(features[i]["id"] as! String) })()
        }
        root["features"] = features
        let copy = folder.write("changed.geojson", try JSONSerialization.data(withJSONObject: root))

        let report = try importer.importFile(at: copy, name: "changed")
        #expect(report.summaryLine == "imported changed: 0 new, \(newer.count) updated, \(4711 - newer.count) unchanged, 0 skipped")
        let quakes = try storedQuakes(catalog)
        #expect(quakes.count == 4711)
        for id in newer { #expect(quakes[id]?.magnitude == 9.1, "\(id) should be updated") }
        for id in older { #expect(quakes[id]?.magnitude != 9.1, "\(id) should be kept") }
    }

    @Test func anEventReassociatedUnderANewIDReplacesTheOldRow() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        let importer = QuakeImporter(catalog: catalog)
        let first = folder.write("first.geojson", featureCollection([
            ("ak0001", ",ak0001,", 3.1, 1000), ("ak0002", ",ak0002,", 2.0, 1000),
        ]))
        _ = try importer.importFile(at: first, name: "first")

        // USGS now prefers us9999 for the quake first known as ak0001.
        let second = folder.write("second.geojson", featureCollection([("us9999", ",ak0001,us9999,", 3.3, 2000)]))
        let report = try importer.importFile(at: second, name: "second")
        #expect(report.summaryLine == "imported second: 1 new, 0 updated, 0 unchanged, 0 skipped, 1 merged")
        #expect(try storedQuakes(catalog).keys.sorted() == ["ak0002", "us9999"])
        #expect(try storedQuakes(catalog)["us9999"]?.magnitude == 3.3)

        // The old id arriving again (an older feed) is the same quake: no second row.
        let third = try importer.importFile(at: first, name: "first")
        #expect(third.summaryLine == "imported first: 0 new, 0 updated, 2 unchanged, 0 skipped")
        #expect(try storedQuakes(catalog).keys.sorted() == ["ak0002", "us9999"])
    }

    @Test func sameCodeInTwoNetworksIsTwoQuakes() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        let file = folder.write("codes.geojson", featureCollection([
            ("ok2025ksvd", ",ok2025ksvd,", 2.5, 1), ("tx2025ksvd", ",tx2025ksvd,", 2.6, 1),
        ]).replacingOccurrences(of: "\"code\":\"ok2025ksvd\"", with: "\"code\":\"2025ksvd\"")
          .replacingOccurrences(of: "\"code\":\"tx2025ksvd\"", with: "\"code\":\"2025ksvd\""))
        let report = try QuakeImporter(catalog: catalog).importFile(at: file, name: "codes")
        #expect(report.new == 2)
        #expect(try storedQuakes(catalog).values.map(\.code) == ["2025ksvd", "2025ksvd"])
    }
}
