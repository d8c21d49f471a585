import Foundation
import TestSupport
import Testing

/// What `list`, import's summaries and the error lines print when a feed
/// holds control characters: the table, the summaries and `error:` lines
/// show them visibly, CSV and JSON keep the exact text, quoted and escaped;
/// `--csv-safe` keeps formulas from running in a spreadsheet. And `--limit`
/// below 0.
@Suite struct ListOutputTests {
    let folder = TemporaryFolder()
    let db: String
    /// An xterm title sequence, BEL, a newline, a tab, DEL and a C1 CSI.
    static let place = "\u{1B}]0;TITLE\u{07}Evil\nPlace\t\u{7F}\u{9B}"
    static let net = "z\u{1B}[31m"

    init() throws {
        db = folder.file("q.sqlite")
        let feed = singleQuakeFeed(id: "zz0001", place: #"\u001b]0;TITLE\u0007Evil\nPlace\t\u007f\u009b"#, magnitude: 2.5,
                                   time: 1_528_970_000_000, latitude: 2, longitude: 1, depth: 3)
            .replacingOccurrences(of: #""net":"zz""#, with: #""net":"z\u001b[31m""#)
        let result = try runQuakesTUI(["import", "--db", db, folder.write("evil.geojson", feed)])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func theTableShowsControlCharactersVisiblyOneRowALine() throws {
        let result = try runQuakesTUI(["list", "--db", db, "--section", "network"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            TIME (UTC)           MAG   DEPTH  PLACE
            z^[[31m · 1 quake
            2018-06-14 09:53:20   2.5     3.0  ^[]0;TITLE^GEvil^JPlace^I^?\u{FFFD}

            """)
    }

    @Test func csvAndJSONKeepTheExactText() throws {
        let csv = try runQuakesTUI(["list", "--db", db, "--format", "csv"])
        #expect(csv.stdout == """
            id,time,magnitude,place,depth,latitude,longitude,net,code,type,status
            zz0001,2018-06-14T09:53:20.000Z,2.5,"\(Self.place)",3,2,1,\(Self.net),0001,earthquake,reviewed

            """, "the field with a newline is quoted")

        let json = try runQuakesTUI(["list", "--db", db, "--format", "json"])
        #expect(json.stdout.contains(#""place":"\u001b]0;TITLE\u0007Evil\u000aPlace\u0009\u007f\u009b""#), "\(json.stdout)")
        #expect(!json.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) },
                "every control character escaped")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.first?["place"] as? String == Self.place)
        #expect(objects.first?["net"] as? String == Self.net)
    }

    @Test func errorLinesShowControlCharactersVisibly() throws {
        let missing = folder.file("feed\u{1B}]0;TITLE\u{07}\n.geojson")
        let result = try runQuakesTUI(["import", "--db", db, missing])
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(folder.path)/feed^[]0;TITLE^G^J.geojson: no such file\n")
    }

    @Test func importSummariesShowControlCharactersVisibly() throws {
        let feed = folder.write("feed\u{1B}[2J\u{9B}.geojson", try String(contentsOfFile: Fixture.day2014, encoding: .utf8))
        let result = try runQuakesTUI(["import", "--db", db, feed])
        #expect(result.status == 0)
        #expect(result.stdout == "imported \(folder.path)/feed^[[2J\u{FFFD}.geojson: 146 new, 0 updated, 0 unchanged, 0 skipped\n")
    }

    /// A catalog of one quake whose text fields would run as formulas in a
    /// spreadsheet, and whose numbers are negative.
    private func formulaCatalog() throws -> String {
        let db = folder.file("formula.sqlite")
        let feed = singleQuakeFeed(id: "zz-2+3", place: #"=HYPERLINK("https://evil.example/","Click")"#, magnitude: -0.4,
                                   time: 1_528_970_000_000, latitude: -33.25, longitude: -117.5, depth: -1.5)
            .replacingOccurrences(of: #""net":"zz""#, with: #""net":"@SUM(A1)""#)
            .replacingOccurrences(of: #""type":"earthquake""#, with: #""type":"+cmd|' /C calc'!A0""#)
            .replacingOccurrences(of: #""status":"reviewed""#, with: #""status":"\treviewed""#)
        let result = try runQuakesTUI(["import", "--db", db, folder.write("formula.geojson", feed)])
        #expect(result.status == 0, "\(result.stderr)")
        return db
    }

    @Test func csvSafePrefixesTextFieldsThatBeginAFormulaAndNeverNumbers() throws {
        let db = try formulaCatalog()
        let exact = try runQuakesTUI(["list", "--db", db, "--format", "csv", "--section", "network"])
        #expect(exact.stdout == """
            id,time,magnitude,place,depth,latitude,longitude,net,code,type,status,section
            zz-2+3,2018-06-14T09:53:20.000Z,-0.4,"=HYPERLINK(""https://evil.example/"",""Click"")",-1.5,-33.25,-117.5,\
            @SUM(A1),-2+3,+cmd|' /C calc'!A0,\treviewed,@SUM(A1)

            """, "without --csv-safe the text is exact")

        let safe = try runQuakesTUI(["list", "--db", db, "--format", "csv", "--csv-safe", "--section", "network"])
        #expect(safe.status == 0, "\(safe.stderr)")
        #expect(safe.stdout == """
            id,time,magnitude,place,depth,latitude,longitude,net,code,type,status,section
            zz-2+3,2018-06-14T09:53:20.000Z,-0.4,"'=HYPERLINK(""https://evil.example/"",""Click"")",-1.5,-33.25,-117.5,\
            '@SUM(A1),'-2+3,'+cmd|' /C calc'!A0,'\treviewed,'@SUM(A1)

            """)
    }

    @Test(arguments: ["table", "json", "geojson"])
    func csvSafeIsAUsageErrorWithAnotherFormat(_ format: String) throws {
        let result = try runQuakesTUI(["list", "--db", db, "--format", format, "--csv-safe"])
        #expect(result.status == 64)
        #expect(result.stderr == "error: --csv-safe is for --format csv only\nSee 'quakes-tui list --help'.\n")
        #expect(result.stdout == "")
    }

    @Test(arguments: [["--limit", "-1"], ["--limit=-5"]])
    func aNegativeLimitIsAUsageError(_ arguments: [String]) throws {
        let result = try runQuakesTUI(["list", "--db", db] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr == "error: --limit must be 0 or more\nSee 'quakes-tui list --help'.\n")
        #expect(result.stdout == "")
    }
}
