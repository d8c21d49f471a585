import Foundation
import QuakeStore
import Testing

/// The `quakes-tui` binary itself: summaries, errors and exit codes.
@Suite struct CommandLineTests {
    @Test func importPrintsOneSummaryLinePerFile() throws {
        let folder = TemporaryFolder()
        let db = folder.file("q.sqlite")
        let result = try runQuakesTUI(["import", "--db", db, Fixture.day2014, Fixture.month2014])
        #expect(result.status == 0)
        #expect(result.stdout == """
            imported \(Fixture.day2014): 146 new, 0 updated, 0 unchanged, 0 skipped
            imported \(Fixture.month2014): 409 new, 0 updated, 0 unchanged, 0 skipped

            """)
        #expect(result.stderr == "")
    }

    @Test func aBadFileFailsAloneAndTheCommandExits1() throws {
        let folder = TemporaryFolder()
        let db = folder.file("q.sqlite")
        let bad = folder.write("bad.geojson", "{\"type\":\"FeatureCollection\",\"features\":[")
        let result = try runQuakesTUI(["import", "--db", db, bad, Fixture.day2014])
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(bad): unexpected end of input, expected a value at 1:41\n")
        #expect(result.stdout == "imported \(Fixture.day2014): 146 new, 0 updated, 0 unchanged, 0 skipped\n")
        #expect(try QuakeCatalog(path: db).count() == 146)

        let missing = try runQuakesTUI(["import", "--db", db, folder.file("nope.geojson")])
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: \(folder.file("nope.geojson")): no such file\n")
    }

    @Test func skippedFeaturesAreListedTwentyAtMostUnlessAllAreAskedFor() throws {
        let folder = TemporaryFolder()
        let features = (0..<25).map { i in
            #"{"type":"Feature","id":"zz\#(i)","properties":{"mag":1.0,"place":"P","updated":1},"geometry":{"type":"Point","coordinates":[1,2,3]}}"#
        }
        let feed = folder.write("untimed.geojson", #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}")
        let capped = try runQuakesTUI(["import", "--db", folder.file("a.sqlite"), feed])
        #expect(capped.stdout.split(separator: "\n").map(String.init) == ["imported \(feed): 0 new, 0 updated, 0 unchanged, 25 skipped"]
            + (1...20).map { "  skipped feature \($0): missing time" } + ["  … and 5 more skipped (--all-skipped lists them)"])
        let all = try runQuakesTUI(["import", "--db", folder.file("b.sqlite"), "--all-skipped", feed])
        #expect(all.stdout.split(separator: "\n").map(String.init) == ["imported \(feed): 0 new, 0 updated, 0 unchanged, 25 skipped"]
            + (1...25).map { "  skipped feature \($0): missing time" })
    }

    @Test func importReadsStandardInput() throws {
        let folder = TemporaryFolder()
        let db = folder.file("q.sqlite")
        let feed = try Data(contentsOf: URL(fileURLWithPath: Fixture.month2014))
        let result = try runQuakesTUI(["import", "--db", db, "-"], stdin: feed)
        #expect(result.stdout == "imported standard input: 409 new, 0 updated, 0 unchanged, 0 skipped\n")
    }

    @Test func listPrintsNewestFirstAsTableCSVAndJSON() throws {
        let folder = TemporaryFolder()
        let db = folder.file("q.sqlite")
        _ = try runQuakesTUI(["import", "--db", db, Fixture.week])

        let table = try runQuakesTUI(["list", "--db", db, "--limit", "3"])
        #expect(table.stdout == """
            TIME (UTC)           MAG   DEPTH  PLACE
            2018-06-14 09:12:13   2.9     1.5  5km SW of Volcano, Hawaii
            2018-06-14 09:11:44   2.1     0.5  1km W of Volcano, Hawaii
            2018-06-14 09:09:46   0.6     4.3  9km NE of Aguanga, CA

            """)

        let csv = try runQuakesTUI(["list", "--db", db, "--limit", "2", "--format", "csv"])
        #expect(csv.stdout == """
            id,time,magnitude,place,depth,latitude,longitude,net,code,type,status
            hv70264586,2018-06-14T09:12:13.010Z,2.94,"5km SW of Volcano, Hawaii",1.46,19.3939991,-155.2749939,hv,70264586,earthquake,automatic
            hv70264576,2018-06-14T09:11:44.430Z,2.09,"1km W of Volcano, Hawaii",0.54,19.4335003,-155.2541656,hv,70264576,earthquake,automatic

            """)

        let all = try runQuakesTUI(["list", "--db", db, "--format", "csv"])
        #expect(all.stdout.split(separator: "\n").count == 4712)

        let json = try runQuakesTUI(["list", "--db", db, "--limit", "1", "--format", "json"])
        #expect(json.stdout == """
            [
              {"id":"hv70264586","time":"2018-06-14T09:12:13.010Z","magnitude":2.94,"place":"5km SW of Volcano, Hawaii",\
            "depth":1.46,"latitude":19.3939991,"longitude":-155.2749939,"net":"hv","code":"70264586","type":"earthquake",\
            "status":"automatic","magType":"ml","updated":"2018-06-14T09:18:07.700Z","sig":133,"tsunami":0,"alert":null,\
            "felt":null,"cdi":null,"mmi":null,"nst":51,"gap":47,"dmin":0.001866,"rms":0.33,"horizontalError":null,\
            "depthError":null,"magError":null,"magNst":null,"locationSource":null,"magSource":null,"catalog":null,\
            "contributor":null,"evaluationMode":null,"evaluationStatus":null,"origins":1,"cluster":null,"role":null,"mainshock":null}
            ]

            """)
        let allJSON = try runQuakesTUI(["list", "--db", db, "--format", "json"])
        let parsed = try JSONSerialization.jsonObject(with: Data(allJSON.stdout.utf8)) as? [[String: Any]]
        #expect(parsed?.count == 4711)
    }

    @Test func aNullMagnitudeIsAnEmptyCSVFieldAndJSONNull() throws {
        let folder = TemporaryFolder()
        let db = folder.file("q.sqlite")
        let text = featureCollection([("us0001", ",us0001,", 4.0, 1)]).replacingOccurrences(of: "\"mag\":4.0", with: "\"mag\":null")
        _ = try runQuakesTUI(["import", "--db", db, folder.write("n.geojson", text)])
        let csv = try runQuakesTUI(["list", "--db", db, "--format", "csv"])
        #expect(csv.stdout.split(separator: "\n").last == "us0001,2018-06-14T09:12:13.010Z,,Place of us0001,10,61.2,-150.5,us,us0001,earthquake,automatic")
        let json = try runQuakesTUI(["list", "--db", db, "--format", "json"])
        #expect(json.stdout.contains("\"magnitude\":null,"))
        let table = try runQuakesTUI(["list", "--db", db])
        #expect(table.stdout.split(separator: "\n").last == "2018-06-14 09:12:13     —    10.0  Place of us0001")
    }
}
