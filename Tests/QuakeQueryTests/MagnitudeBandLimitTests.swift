import Foundation
import GRDB
import TestSupport
import Testing

/// A catalog made by an older version may hold magnitudes no feed can bring
/// now (the importer skips them); `--section magnitude` trapped converting
/// the band of 1e19 to an Int.
@Suite struct MagnitudeBandLimitTests {
    let folder = TemporaryFolder()
    let db: String

    init() throws {
        db = folder.file("q.sqlite")
        #expect(try runQuakesTUI(["import", "--db", db, Fixture.week]).status == 0)
        // Written as an older version could have stored them.
        try DatabaseQueue(path: db).write { db in
            try db.execute(sql: "UPDATE quake SET magnitude = 1e19 WHERE id = 'hv70264586'")
            try db.execute(sql: "UPDATE quake SET magnitude = -1e19 WHERE id = 'hv70264576'")
        }
    }

    @Test func hugeMagnitudesAreSectionedNotATrap() throws {
        let table = try runQuakesTUI(["list", "--db", db, "--section", "magnitude", "--limit", "3"])
        #expect(table.stderr == "")
        #expect(table.status == 0)
        #expect(table.stdout == """
            TIME (UTC)           MAG   DEPTH  PLACE
            M9223372036854775808 · 1 quake
            2018-06-14 09:12:13  10000000000000000000.0     1.5  5km SW of Volcano, Hawaii
            M5 · 27 quakes
            2018-06-14 06:27:39   5.6    10.0  275km W of Puerto Chacabuco, Chile
            2018-06-13 23:54:45   5.3    10.0  13km WNW of Tonosi, Panama

            """)
    }

    /// The smallest band comes last, read from the end (a jump into the
    /// second half): the in-memory band must match SQLite's.
    @Test func theLowestBandIsLastInCSV() throws {
        let csv = try runQuakesTUI(["list", "--db", db, "--section", "magnitude", "--format", "csv", "--limit", "0"])
        #expect(csv.status == 0)
        let lines = csv.stdout.split(separator: "\n")
        try #require(lines.count == 4712)
        #expect(lines[1].hasPrefix("hv70264586,2018-06-14T09:12:13.010Z,1e+19,"))
        #expect(lines[1].hasSuffix(",M9223372036854775808"))
        let unknown = lines.firstIndex { $0.hasSuffix(",M unknown") } ?? lines.endIndex
        let lowest = lines[..<unknown].last ?? ""
        #expect(lowest.hasPrefix("hv70264576,2018-06-14T09:11:44.430Z,-1e+19,"))
        #expect(lowest.hasSuffix(",M-9223372036854775808"))
    }
}
