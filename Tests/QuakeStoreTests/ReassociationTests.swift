import Foundation
import QuakeStore
import Testing

/// One USGS report of an event as a GeoJSON feature: its id, the other ids
/// it lists in `ids`, and its origin.
struct EventReport {
    /// 2018-06-14T09:12:13.010Z
    static let baseTime: Int64 = 1_528_967_533_010
    /// One degree of latitude on the 6371 km sphere: 111.19 km.
    static let kilometresPerDegree = 6371 * Double.pi / 180

    var id: String
    var listing: [String] = []
    var magnitude = 3.0
    var updated: Int64 = 1000
    var time = baseTime
    var latitude = 61.2
    var longitude = -150.5

    var feature: String {
        let ids = "," + ([id] + listing).joined(separator: ",") + ","
        return """
            {"type":"Feature","properties":{"mag":\(magnitude),"place":"Place of \(id)","time":\(time),\
            "updated":\(updated),"ids":"\(ids)","net":"ak","code":"\(id)","status":"reviewed","tsunami":0,\
            "sig":1,"magType":"ml","type":"earthquake","title":"t","url":"u"},\
            "geometry":{"type":"Point","coordinates":[\(longitude),\(latitude),10]},"id":"\(id)"}
            """
    }

    static func collection(_ reports: [EventReport]) -> String {
        #"{"type":"FeatureCollection","features":["# + reports.map(\.feature).joined(separator: ",\n") + "]}"
    }
}

/// USGS merges the reports of one event under a preferred id and lists the
/// others in `ids`. A feature absorbs a stored quake it lists only when they
/// can be the same event: origins within 60 s and 300 km.
@Suite struct ReassociationTests {
    let folder = TemporaryFolder()

    func importing(_ name: String, _ reports: [EventReport], into catalog: QuakeCatalog) throws -> String {
        let file = folder.write(name, EventReport.collection(reports))
        return try QuakeImporter(catalog: catalog).importFile(at: file, name: name).summaryLine
    }

    /// 146 quakes of the week feed, every 32nd, by id.
    func listedWeekIDs() throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixture.week))
        let root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let ids = (root["features"] as! [[String: Any]]).map { $0["id"] as! String }
        return stride(from: 0, to: ids.count, by: 32).prefix(146).map { ids[$0] }
    }

    /// Before: one feature listing 146 stored ids removed all 146, reported
    /// as `1 updated`, and neither the originals nor a newer copy came back.
    @Test func aFeatureListingUnrelatedStoredQuakesRemovesNone() throws {
        let catalog = try folder.catalog()
        let importer = QuakeImporter(catalog: catalog)
        _ = try importer.importFile(at: Fixture.week, name: "week")
        let before = try storedQuakes(catalog)
        let listed = try listedWeekIDs()
        #expect(listed.count == 146)

        // Years before any of them (2000-01-01): none can be the same event.
        let hostile = EventReport(id: "zz0001", listing: listed, time: 946_684_800_000)
        #expect(try importing("hostile.geojson", [hostile], into: catalog)
            == "imported hostile.geojson: 1 new, 0 updated, 0 unchanged, 0 skipped")
        var after = try storedQuakes(catalog)
        #expect(after.count == 4712)
        #expect(after.filter { $0.key != "zz0001" } == before)

        let again = try importer.importFile(at: Fixture.week, name: "week")
        #expect(again.summaryLine == "imported week: 0 new, 0 updated, 4711 unchanged, 0 skipped")

        // A newer report of a listed quake is its own quake's, and applied.
        let original = try #require(before[listed[7]])
        let copy = EventReport(id: original.id, magnitude: 9.9, updated: original.updated.epochMilliseconds + 60_000,
                               time: original.time.epochMilliseconds, latitude: original.latitude, longitude: original.longitude)
        #expect(try importing("newer.geojson", [copy], into: catalog)
            == "imported newer.geojson: 0 new, 1 updated, 0 unchanged, 0 skipped")
        after = try storedQuakes(catalog)
        #expect(after[listed[7]]?.magnitude == 9.9)
        #expect(after.count == 4712)
    }

    /// A feature listing ids not stored yet records them as former ids; the
    /// real quakes arriving later are not hidden behind them.
    @Test func idsClaimedBeforeTheirQuakesArriveHideNothing() throws {
        let catalog = try folder.catalog()
        let hostile = EventReport(id: "zz0001", listing: try listedWeekIDs(), time: 946_684_800_000)
        _ = try importing("hostile.geojson", [hostile], into: catalog)
        let week = try QuakeImporter(catalog: catalog).importFile(at: Fixture.week, name: "week")
        #expect(week.summaryLine == "imported week: 4711 new, 0 updated, 0 unchanged, 0 skipped")
        #expect(try storedQuakes(catalog).count == 4712)
    }

    /// Within 60 s and 300 km a listed quake is absorbed; one second or two
    /// kilometres beyond, it stays.
    @Test func onlyQuakesThatCanBeTheSameEventAreMerged() throws {
        let catalog = try folder.catalog()
        let base = EventReport.baseTime
        let degrees299km = 299.1 / EventReport.kilometresPerDegree, degrees301km = 301.3 / EventReport.kilometresPerDegree
        _ = try importing("stored.geojson", [
            EventReport(id: "ak59s", time: base - 59_000),
            EventReport(id: "ak61s", time: base - 61_000),
            EventReport(id: "ak299km", latitude: 61.2 + degrees299km),
            EventReport(id: "ak301km", latitude: 61.2 + degrees301km),
            EventReport(id: "akfar", time: base + 30_000, latitude: -33.4, longitude: -70.6),
        ], into: catalog)

        let preferred = EventReport(id: "us1", listing: ["ak59s", "ak61s", "ak299km", "ak301km", "akfar", "aknever"],
                                    updated: 2000)
        #expect(try importing("merge.geojson", [preferred], into: catalog)
            == "imported merge.geojson: 1 new, 0 updated, 0 unchanged, 0 skipped, 2 merged")
        #expect(try storedQuakes(catalog).keys.sorted() == ["ak301km", "ak61s", "akfar", "us1"])

        // The absorbed ids and the one never stored, arriving later with
        // their old reports, are recognised as us1.
        let old = try importing("old.geojson", [
            EventReport(id: "ak59s", time: base - 59_000), EventReport(id: "aknever", time: base + 10_000),
        ], into: catalog)
        #expect(old == "imported old.geojson: 0 new, 0 updated, 2 unchanged, 0 skipped")
        #expect(try storedQuakes(catalog).keys.sorted() == ["ak301km", "ak61s", "akfar", "us1"])
    }

    /// A newer report under an absorbed id is a report of the quake that
    /// absorbed it: that quake takes its values and keeps its id.
    @Test func aNewerReportOfAnAbsorbedIDUpdatesItsQuake() throws {
        let catalog = try folder.catalog()
        _ = try importing("first.geojson", [EventReport(id: "ak1", magnitude: 3.1, updated: 1000)], into: catalog)
        #expect(try importing("second.geojson", [EventReport(id: "us1", listing: ["ak1"], magnitude: 3.3, updated: 2000,
                                                             time: EventReport.baseTime + 2_000, latitude: 61.3)],
                              into: catalog)
            == "imported second.geojson: 1 new, 0 updated, 0 unchanged, 0 skipped, 1 merged")

        let newer = EventReport(id: "ak1", magnitude: 3.4, updated: 3000, time: EventReport.baseTime + 1_000, latitude: 61.25)
        #expect(try importing("newer.geojson", [newer], into: catalog)
            == "imported newer.geojson: 0 new, 1 updated, 0 unchanged, 0 skipped")
        let quakes = try storedQuakes(catalog)
        #expect(quakes.keys.sorted() == ["us1"])
        let us1 = try #require(quakes["us1"])
        #expect(us1.magnitude == 3.4)
        #expect(us1.latitude == 61.25)
        #expect(us1.time.epochMilliseconds == EventReport.baseTime + 1_000)
        #expect(us1.formerIDs == ["ak1"])

        // Not newer than what us1 holds now: unchanged.
        #expect(try importing("older.geojson", [EventReport(id: "ak1", magnitude: 2.0, updated: 2500)], into: catalog)
            == "imported older.geojson: 0 new, 0 updated, 1 unchanged, 0 skipped")
        #expect(try storedQuakes(catalog)["us1"]?.magnitude == 3.4)
    }

    /// A newer report under an absorbed id that can no longer be the same
    /// event (relocated 2,000 km away) is its own quake again, and its later
    /// reports update it.
    @Test func aNewerReportOfAnAbsorbedIDElsewhereIsItsOwnQuake() throws {
        let catalog = try folder.catalog()
        _ = try importing("first.geojson", [EventReport(id: "ak1")], into: catalog)
        _ = try importing("second.geojson", [EventReport(id: "us1", listing: ["ak1"], magnitude: 3.3, updated: 2000)],
                          into: catalog)
        let elsewhere = EventReport(id: "ak1", magnitude: 4.0, updated: 3000, latitude: 43.2)
        #expect(try importing("split.geojson", [elsewhere], into: catalog)
            == "imported split.geojson: 1 new, 0 updated, 0 unchanged, 0 skipped")
        var quakes = try storedQuakes(catalog)
        #expect(quakes.keys.sorted() == ["ak1", "us1"])
        #expect(quakes["us1"]?.magnitude == 3.3)
        #expect(quakes["ak1"]?.latitude == 43.2)

        var later = elsewhere
        later.updated = 4000
        later.magnitude = 4.2
        #expect(try importing("later.geojson", [later], into: catalog)
            == "imported later.geojson: 0 new, 1 updated, 0 unchanged, 0 skipped")
        quakes = try storedQuakes(catalog)
        #expect(quakes["ak1"]?.magnitude == 4.2)
        #expect(quakes["us1"]?.magnitude == 3.3)
    }

    /// When a quake that absorbed others is absorbed in turn, their ids
    /// follow it: a newer report under the first id updates the last quake.
    @Test func absorbedIDsFollowTheirQuakeIntoTheNextMerge() throws {
        let catalog = try folder.catalog()
        _ = try importing("a.geojson", [EventReport(id: "ak1", updated: 1000)], into: catalog)
        _ = try importing("b.geojson", [EventReport(id: "nc1", listing: ["ak1"], updated: 2000)], into: catalog)
        #expect(try importing("c.geojson", [EventReport(id: "us1", listing: ["nc1"], updated: 3000)], into: catalog)
            == "imported c.geojson: 1 new, 0 updated, 0 unchanged, 0 skipped, 1 merged")
        #expect(try importing("late.geojson", [EventReport(id: "ak1", magnitude: 5.0, updated: 4000)], into: catalog)
            == "imported late.geojson: 0 new, 1 updated, 0 unchanged, 0 skipped")
        let quakes = try storedQuakes(catalog)
        #expect(quakes.keys.sorted() == ["us1"])
        #expect(quakes["us1"]?.magnitude == 5.0)
    }
}
