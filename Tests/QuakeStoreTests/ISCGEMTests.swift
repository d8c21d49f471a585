import Foundation
import QuakeStore
import Testing

/// The ISC-GEM catalogue's CSV through the importer: the real v5.0 rows of
/// 2013–2014 (`Tests/Fixtures/association`, its source in the README)
/// give the values written in each row; broken files give one error line
/// and leave the catalog as it was.
@Suite struct ISCGEMTests {
    let folder = TemporaryFolder()
    static let file = Fixture.folder.appendingPathComponent("association/iscgem_2013-2014_Mw6.csv").path

    @Test("each row is a reviewed Mw origin of the service iscgem, its values as written")
    func rowsAreOrigins() throws {
        let catalog = try folder.catalog()
        let report = try QuakeImporter(catalog: catalog).importFile(at: Self.file, name: "isc-gem.csv")
        #expect(report.summaryLine == "imported isc-gem.csv: 281 new, 0 updated, 0 unchanged, 0 skipped")
        // The file's first row:
        //  2013-01-05 08:58:20.75 ,   55.218 , -134.749 , … ,   13.8 , … , 7.53 , … ,    gcmt  , … ,  602213332
        let quake = try #require(try storedQuakes(catalog)["iscgem:602213332"])
        #expect(quake.time == Date(epochMilliseconds: 1_357_376_300_750))
        #expect(quake.latitude == 55.218 && quake.longitude == -134.749 && quake.depth == 13.8)
        #expect(quake.magnitude == 7.53 && quake.magType == "Mw" && quake.magSource == "gcmt")
        #expect(quake.code == "602213332" && quake.status == "reviewed" && quake.type == "earthquake")
    }

    @Test("a row of the wrong width, a bad number or a header without eventid is one line naming the file and line; nothing is stored")
    func brokenFiles() throws {
        let lines = try String(contentsOfFile: Self.file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let header = lines.prefix { $0.hasPrefix("#") }.joined(separator: "\n")
        let row = String(lines[header.split(separator: "\n").count])
        let cases: [(String, String)] = [
            (header + "\n" + row + "\n 2013-01-06 , 1 , 2\n", "broken.csv: row has 3 fields, the header has 24 at line 62"),
            (header + "\n" + row.replacingOccurrences(of: "55.218", with: "55.2x8") + "\n", "broken.csv: \"lat\" must be a number, found \"55.2x8\" at line 61"),
            (header.replacingOccurrences(of: "eventid", with: "evid") + "\n" + row + "\n", "broken.csv: missing column \"eventid\" in the ISC-GEM header at line 60"),
        ]
        for (text, expected) in cases {
            let catalog = try folder.catalog(UUID().uuidString + ".sqlite")
            do {
                let report = try QuakeImporter(catalog: catalog).importFile(at: folder.write("broken.csv", text), name: "broken.csv")
                Issue.record("expected \(expected), got \(report.summaryLine)")
            } catch {
                #expect("\(error)" == expected)
            }
            #expect(try catalog.count() == 0)
        }
    }
}
