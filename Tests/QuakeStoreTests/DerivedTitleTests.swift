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
}
