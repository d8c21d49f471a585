import Foundation
import GRDB
import Testing
import TestSupport
@testable import QuakeStore

/// A quake's title and event page are derived as USGS derives them and
/// stored only where a source says otherwise (`Quake.title`). The oracle is
/// USGS's own: the titles and pages of the real GeoJSON week
/// (`Fixture.week`), for the same quakes read from the CSV of that week
/// (`Fixture.weekCSV`), which carries neither.
struct DerivedTitleTests {
    @Test func csvQuakesReadTheTitlesAndPagesUSGSGaveThem() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        _ = try QuakeImporter(catalog: catalog).importFile(at: Fixture.weekCSV)
        let quakes = try storedQuakes(catalog)
        var titles = 0, pages = 0
        for feature in try Fixture.features(Fixture.week) {
            let id = feature["id"] as! String, properties = feature["properties"] as! [String: Any]
            let quake = try #require(quakes[id])
            if quake.title == properties["title"] as! String { titles += 1 } else { Issue.record("\(id): \(quake.title)") }
            if quake.url == properties["url"] as! String { pages += 1 } else { Issue.record("\(id): \(quake.url)") }
        }
        #expect(titles == 4_711 && pages == 4_711)
        // Halves rounded as USGS does (2.65 is M 2.7, where "%.1f" wrote 2.6), types named.
        #expect(quakes["hv70264551"].map { ($0.magnitude, $0.title) }! == (2.65, "M 2.7 - 3km SSW of Volcano, Hawaii"))
        #expect(quakes.values.filter { $0.title.contains(" Quarry Blast - ") }.count == 26)
        // None of them stored: every row's two columns are empty.
        let stored = try catalog.dbWriter.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM quake WHERE title = '' AND url = ''")!
        }
        #expect(stored == 4_711)
    }

    /// What a GeoJSON feed says is kept where it is not what would be
    /// derived: the 2014 feed's one "quarry" titled "Quarry Blast", and a
    /// title and page of a source's own; a service's id gets no ComCat page.
    @Test func aTitleOrPageThatIsNotTheDerivedOneIsKept() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        _ = try QuakeImporter(catalog: catalog).importFile(at: Fixture.day2014)
        let keptTitles = try catalog.dbWriter.read { db in
            try String.fetchAll(db, sql: "SELECT id FROM quake WHERE title != '' ORDER BY id")
        }
        let quarry = try #require(keptTitles.first)
        #expect(keptTitles.count == 1)
        #expect(try storedQuakes(catalog)[quarry]?.title == "M 2.4 Quarry Blast - 6km S of Princeton, Canada")

        var own = Quake(id: "zz1", magnitude: 4.25, place: "Here", time: Date(), updated: Date(),
                        depth: 5, latitude: 1, longitude: 2, title: "Big one", url: "https://example.org/zz1")
        #expect(own.title == "Big one" && own.url == "https://example.org/zz1")
        own.title = "M 4.3 - Here"
        own.url = "https://earthquake.usgs.gov/earthquakes/eventpage/zz1"
        #expect(own.titleAsStored == "" && own.urlAsStored == "")
        let service = Quake(id: "ingv:1", magnitude: nil, place: "Roma", time: Date(), updated: Date(),
                            depth: 5, latitude: 1, longitude: 2, type: "explosion")
        #expect(service.title == "M ? Explosion - Roma" && service.url == "")
    }

    /// A report arriving under a former id of a stored quake is that quake's:
    /// it keeps the page its source gave (the former id's, as before titles
    /// and pages were derived), not the one its new id would derive.
    @Test func aReportUnderAFormerIDKeepsItsPage() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        let importer = QuakeImporter(catalog: catalog)
        func feature(_ id: String, ids: String, updated: Int) -> String {
            """
            {"type":"FeatureCollection","features":[{"type":"Feature","properties":{"mag":4.25,"place":"Here",\
            "time":1528967533010,"updated":\(updated),"ids":"\(ids)","net":"us","code":"1","type":"earthquake",\
            "title":"M 4.3 - Here","url":"https://earthquake.usgs.gov/earthquakes/eventpage/\(id)"},\
            "geometry":{"type":"Point","coordinates":[-150.5,61.2,10]},"id":"\(id)"}]}
            """
        }
        _ = try importer.importData(Data(feature("us1", ids: ",us1,ci2,", updated: 1_000).utf8), name: "first")
        #expect(try storedQuakes(catalog)["us1"]?.url == "https://earthquake.usgs.gov/earthquakes/eventpage/us1")
        let report = try importer.importData(Data(feature("ci2", ids: ",ci2,", updated: 2_000).utf8), name: "former")
        #expect(report.summaryLine == "imported former: 0 new, 1 updated, 0 unchanged, 0 skipped")
        let quakes = try storedQuakes(catalog)
        #expect(quakes.keys.sorted() == ["us1"])
        #expect(quakes["us1"]?.url == "https://earthquake.usgs.gov/earthquakes/eventpage/ci2")
        #expect(quakes["us1"]?.title == "M 4.3 - Here")
    }
}
