import Foundation
import QuakeStore
import QuakeViews
import Testing
import TestSupport

/// The details of one real quake (the M5.8 `us1000epfe` of the week
/// fixtures, and QuakeML's `ci14517572`) as each source gives it: what the
/// source says is shown, what it does not say is left out, never shown
/// as 0, `none` or `no`.
@Suite struct DetailMeasurementTests {
    let folder = TemporaryFolder()

    func details(of id: String, from path: String) throws -> [String] {
        let catalog = try folder.catalog(URL(fileURLWithPath: path).lastPathComponent + ".sqlite")
        _ = try QuakeImporter(catalog: catalog).importFile(at: path)
        let quake = try #require(try catalog.dbWriter.read { db in
            try Quake.fetchOne(db, sql: "SELECT * FROM quake WHERE id = ?", arguments: [id])
        })
        let formatting = Formatting(timeZone: TimeZone(identifier: "UTC")!, now: Date(epochMilliseconds: 1_529_000_000_000))
        // From Status on: the lines before are times and places, the same for every source.
        return DetailView(formatting: formatting, localZone: .named(TimeZone(identifier: "UTC")!)).lines(quake)
            .drop(while: { $0.0 != "Status" }).dropLast(2).map { "\($0.0): \($0.1)" }
    }

    @Test("from a USGS CSV: no alert, tsunami, felt or significance line, the quality and sources shown")
    func fromCSV() throws {
        #expect(try details(of: "us1000epfe", from: Fixture.weekCSV) == [
            "Status: reviewed",
            "Quality: gap 58°  nearest 3.485°  rms 0.96 s",
            "Sources: location us  magnitude us",
            "Network: us  code 1000epfe",
            "Type: earthquake",
        ])
    }

    @Test("from USGS's GeoJSON: its alert, tsunami, intensity and significance; no felt reports is a fact it gives")
    func fromGeoJSON() throws {
        #expect(try details(of: "us1000epfe", from: Fixture.week) == [
            "Status: reviewed",
            "Alert: green",
            "Tsunami: yes",
            "Felt: no reports",
            "Intensity: CDI —  MMI 4.1",
            "Significance: 518",
            "Quality: gap 58°  nearest 3.485°  rms 0.96 s",
            "Network: us  code 1000epfe",
            "Type: earthquake",
        ])
    }

    @Test("from QuakeML: the uncertainties, station counts, agencies and evaluation mode")
    func fromQuakeML() throws {
        let quakeML = try details(of: "ci14517572", from: Fixture.quakeML2009)
        #expect(quakeML == [
            "Status: reviewed",
            "Quality: 21 stations  gap 81°  nearest 0.1772°  rms 0.15 s",
            "Uncertainty: horizontal 0.37 km  depth 0.71 km  magnitude 0.087  magnitude from 27 stations",
            "Sources: location CI  magnitude CI",
            "Evaluation: manual",
            "Network: ci  code ci14517572",
            "Type: earthquake",
        ])
    }
}
