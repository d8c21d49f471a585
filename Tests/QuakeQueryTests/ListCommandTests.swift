import Foundation
import TestSupport
import Testing

/// `quakes-tui list` goes through the same results controller as the browser.
@Suite struct ListCommandTests {
    let folder = TemporaryFolder()
    let db: String

    init() throws {
        db = folder.file("q.sqlite")
        let result = try runQuakesTUI(["import", "--db", db, Fixture.week])
        #expect(result.status == 0)
    }

    @Test func whereAndSortSelectAndOrderRows() throws {
        let result = try runQuakesTUI(["list", "--db", db, "--where", "place CONTAINS[cd] 'alaska' AND magnitude >= 3.9",
                                       "--sort", "-magnitude,time", "--limit", "0"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            TIME (UTC)           MAG   DEPTH  PLACE
            2018-06-10 05:30:15   4.0   181.2  84km NNW of Talkeetna, Alaska
            2018-06-10 15:50:29   4.0    38.2  84km SSE of Atka, Alaska
            2018-06-11 00:56:27   4.0    83.4  20km S of False Pass, Alaska
            2018-06-10 00:29:17   3.9     1.5  164km NE of Cape Yakataga, Alaska
            2018-06-10 02:23:37   3.9    41.8  67km SW of Atka, Alaska
            2018-06-10 05:30:48   3.9    92.0  71km NNW of Talkeetna, Alaska
            2018-06-11 16:28:00   3.9    87.0  88km ENE of Chignik Lake, Alaska

            """)
    }

    @Test func aBadPredicateShowsACaretAndIsAUsageError() throws {
        let result = try runQuakesTUI(["list", "--db", db, "--where", "magnitude >= 4 AND plase CONTAINS 'x'"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            error: --where: 1:20: unknown key 'plase' (did you mean 'place'?)
              magnitude >= 4 AND plase CONTAINS 'x'
                                 ^
            See 'quakes-tui list --help'.

            """)
    }

    @Test func theCaretCountsTheColumnsWideAndControlCharactersTake() throws {
        let result = try runQuakesTUI(["list", "--db", db, "--where", "place == '東京' AND\tdepth < 'x'"])
        #expect(result.status == 64)
        // Before 'x': "place == '" 10, 東京 4 (two wide), "' AND" 5, the TAB printed as ^I 2, "depth < " 8.
        let caret = String(repeating: " ", count: 2 + 10 + 4 + 5 + 2 + 8) + "^"
        #expect(result.stderr == "error: --where: 1:27: depth needs a number, found \"x\"\n"
                + "  place == '東京' AND^Idepth < 'x'\n" + caret + "\nSee 'quakes-tui list --help'.\n")
    }

    @Test func aBadSortKeyIsRefused() throws {
        let result = try runQuakesTUI(["list", "--db", db, "--sort", "-size"])
        #expect(result.status == 64)
        #expect(result.stderr == "error: --sort: unknown sort key 'size'; sortable keys are place, magnitude, time, depth, "
                + "latitude, longitude, net, type, status, felt, cdi, mmi, sig, DISTANCE(…)\nSee 'quakes-tui list --help'.\n")
    }

    /// Magnitude ties are broken by id, in the primary key's direction.
    @Test func sectionsPrintHeadersInTablesAndAFieldInCSV() throws {
        let table = try runQuakesTUI(["list", "--db", db, "--section", "magnitude", "--where", "magnitude >= 4.9", "--sort", "-magnitude", "--limit", "5"])
        #expect(table.stdout == """
            TIME (UTC)           MAG   DEPTH  PLACE
            M5 · 27 quakes
            2018-06-12 23:08:28   5.8    10.0  94km SW of Muara Siberut, Indonesia
            2018-06-14 06:27:39   5.6    10.0  275km W of Puerto Chacabuco, Chile
            2018-06-13 06:59:01   5.4    10.0  70km WSW of Muara Siberut, Indonesia
            2018-06-12 23:32:45   5.4    51.0  99km S of Isangel, Vanuatu
            2018-06-11 19:54:21   5.4    30.3  22km SE of Kushima, Japan

            """)
        let csv = try runQuakesTUI(["list", "--db", db, "--section", "day", "--format", "csv", "--limit", "0"])
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.first == "id,time,magnitude,place,depth,latitude,longitude,net,code,type,status,section")
        #expect(lines.count == 4712)
        #expect(lines.filter { $0.hasSuffix(",2018-06-07") }.count == 320)

        let json = try runQuakesTUI(["list", "--db", db, "--section", "network", "--where", "net IN {'pr', 'uw'}",
                                     "--sort", "time", "--format", "json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["section"] as? String } == objects.map { $0["net"] as? String },
                "each object says its network section")
        #expect(objects.map { $0["net"] as! String } == objects.map { $0["net"] as! String }.sorted(), "sections contiguous")
        #expect(Set(objects.map { $0["section"] as! String }) == ["pr", "uw"])
        #expect(objects.allSatisfy { $0.count == 38 }, "the eleven fields, section, the 22 measurement fields, origins, cluster, role and mainshock")
    }
}
