import QuakeStore
import Testing
@testable import quakes_tui

/// How far a read is, as the browser's top line and `import`'s line on
/// stderr say it: the total estimated from the rows per byte so far.
struct ReadProgressTextTests {
    /// 312,000 rows in the first 48 of 117 MB: 760,500 in all at that rate.
    let halfway = ImportProgress(rows: 312_000, bytesRead: 48_000_000, totalBytes: 117_000_000)

    @Test func theTopLineSaysRowsOfTheEstimatedTotalAndTheShareOfTheBytes() {
        #expect(ReadProgressText(name: "catalog.csv").browserLine(halfway) == "reading catalog.csv 312,000 of ~760,500 (41 %)")
        #expect(ReadProgressText(name: "b.csv", position: (1, 3)).browserLine(halfway)
                == "reading b.csv (2 of 3) 312,000 of ~760,500 (41 %)")
        #expect(ReadProgressText(name: "a.csv", position: (0, 1)).browserLine(halfway)
                == "reading a.csv 312,000 of ~760,500 (41 %)", "one file of one is not numbered")
    }

    @Test func aReaderThatDoesNotTellItsBytesIsCountedOnly() {
        let geoJSON = ImportProgress(rows: 12_288, bytesRead: nil, totalBytes: 9_000_000)
        #expect(ReadProgressText(name: "feed.geojson").browserLine(geoJSON) == "reading feed.geojson 12,288 quakes")
        #expect(ReadProgressText(name: "feed.geojson").importLine(geoJSON, elapsed: 0.1) == "feed.geojson: 12,288 quakes")
    }

    @Test func importSaysRowsBytesRateAndTimeLeft() {
        // 156,000 rows a second; 41 % in 2 s leaves 2.875 s, said as 3.
        #expect(ReadProgressText(name: "catalog.csv").importLine(halfway, elapsed: 2)
                == "catalog.csv: 312,000 of ~760,500 quakes (41 %), 48 MB of 117 MB, 156,000 quakes/s, 3 s left")
        #expect(ReadProgressText(name: "catalog.csv").importLine(halfway, elapsed: 0.25)
                == "catalog.csv: 312,000 of ~760,500 quakes (41 %), 48 MB of 117 MB", "no rate from the first instants")
        let slow = ImportProgress(rows: 4_711, bytesRead: 837_026, totalBytes: 837_026)
        #expect(ReadProgressText(name: "week.csv").importLine(slow, elapsed: 1)
                == "week.csv: 4,711 of ~4,711 quakes (100 %), 837 kB of 837 kB, 4,711 quakes/s", "none left at the end")
    }
}
