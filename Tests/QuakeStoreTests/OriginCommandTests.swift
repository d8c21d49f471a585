import Foundation
import Testing
import TestSupport

/// `list --origins`, `merge` and `split` as a user runs them, on the real
/// EMSC and USGS answers for one window (`Tests/Fixtures/association`).
@Suite struct OriginCommandTests {
    let folder = TemporaryFolder()
    static let association = Fixture.folder.appendingPathComponent("association")
    static let emsc = association.appendingPathComponent("emsc_fdsnws-event_2017-09-01_2017-11-01_M6.5.txt").path
    static let usgs = association.appendingPathComponent("usgs_2017-09-01_2017-11-01_M6.5.csv").path

    func catalog() throws -> String {
        let db = folder.file("q.sqlite")
        for (path, summary) in [(Self.emsc, "6 new, 0 updated, 0 unchanged, 0 skipped"),
                                (Self.usgs, "6 new, 0 updated, 0 unchanged, 0 skipped, 6 joined another service's event")] {
            let imported = try runQuakesTUI(["import", "--db", db, path])
            #expect(imported.status == 0 && imported.stdout == "imported \(path): \(summary)\n", "\(imported.stderr)")
        }
        return db
    }

    @Test("list --origins prints each event's origins, the preferred first, with their differences from it")
    func listOrigins() throws {
        let db = try catalog()
        let table = try runQuakesTUI(["list", "--db", db, "--origins", "--where", "place CONTAINS 'Matzaco'"])
        #expect(table.stdout == """
            event              service   origin                 time                  mag     depth     Δt s    Δ km    ΔM
            us2000ar20         usgs     *us2000ar20             2017-09-19 18:14:38   7.1     48.0        ·       ·     ·
            us2000ar20         emsc      emsc:20170919_0000091  2017-09-19 18:14:38   7.1     50.0      0.4     4.9  +0.0

            """, "\(table.stderr)")
        let csv = try runQuakesTUI(["list", "--db", db, "--origins", "--format", "csv", "--sort", "time", "--limit", "1"])
        #expect(csv.stdout == """
            event,service,id,preferred,time,latitude,longitude,depth,magnitude,magType,status,updated,dt,distance,dmagnitude
            us2000ahv0,usgs,us2000ahv0,true,2017-09-08T04:49:19.180Z,15.0222,-93.8993,47.39,8.2,mww,reviewed,2023-03-17T00:17:02.841Z,0,0,0
            us2000ahv0,emsc,emsc:20170908_0000020,false,2017-09-08T04:49:21.200Z,15.02,-93.81,72,8.1,mw,,2017-09-08T04:49:21.200Z,2.02,9.6,-0.1

            """, "\(csv.stderr)")
        let all = try runQuakesTUI(["list", "--db", db, "--format", "csv", "--columns", "all", "--where", "origins > 1", "--sort", "time"])
        #expect(all.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").last! } == Array(repeating: "2", count: 6),
                "each event's origins in CSV: USGS's and EMSC's")
        let json = try runQuakesTUI(["list", "--db", db, "--origins", "--format", "json", "--sort", "time", "--limit", "1"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["id"] as? String } == ["us2000ahv0", "emsc:20170908_0000020"])
        #expect(objects.map { $0["dmagnitude"] as? Double } == [0, -0.1])
        #expect(objects.map { $0["preferred"] as? Bool } == [true, false])
    }


    @Test("the config file's [association] decides: within 0.3 s only the Rat Islands pair (0.01 s apart) is one quake; magnitudes within 0.05, the three pairs that agree, EMSC's origins speaking when ranked first")
    func configuredWindows() throws {
        let config = folder.file("config")
        try FileManager.default.createDirectory(atPath: config + "/quakes-tui", withIntermediateDirectories: true)
        for (association, joined) in [("seconds = 0.3", 1), ("magnitude = 0.05\npreference = [\"emsc\", \"usgs\"]", 3)] {
            _ = folder.write("config/quakes-tui/config.toml", "[association]\n" + association + "\n")
            let db = folder.file("\(joined).sqlite")
            for path in [Self.emsc, Self.usgs] {
                let imported = try runQuakesTUI(["import", "--db", db, path], environment: ["XDG_CONFIG_HOME": config])
                #expect(imported.status == 0 && !imported.stdout.isEmpty, "\(imported.stdout) \(imported.stderr)")
            }
            let events = try runQuakesTUI(["list", "--db", db, "--format", "csv", "--where", "origins > 1"])
            #expect(events.stdout.split(separator: "\n").count - 1 == joined, "\(association): \(events.stdout)")
            let ids = events.stdout.split(separator: "\n").dropFirst().map { String($0.split(separator: ",")[0]) }
            #expect(ids == (joined == 1 ? ["us2000b2vq"] : ["emsc:20171024_0000031", "emsc:20171010_0000169", "emsc:20170919_0000091"]))
        }
    }

    @Test("split and merge say what they did, and refuse in a line naming the ids")
    func splitAndMerge() throws {
        let db = try catalog()
        let split = try runQuakesTUI(["split", "--db", db, "emsc:20170919_0000091"])
        #expect(split.status == 0 && split.stdout == "split emsc:20170919_0000091 from event us2000ar20: now an event of its own\n",
                "\(split.stderr)")
        let count = try runQuakesTUI(["list", "--db", db, "--format", "csv", "--where", "origins == 1"])
        #expect(count.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[0] }
                == ["emsc:20170919_0000091", "us2000ar20"])
        let again = try runQuakesTUI(["split", "--db", db, "emsc:20170919_0000091"])
        #expect(again.status == 1 && again.stderr == "error: emsc:20170919_0000091 is an event of one origin: nothing to split\n")
        let merge = try runQuakesTUI(["merge", "--db", db, "us2000ar20", "emsc:20170919_0000091"])
        #expect(merge.status == 0 && merge.stdout == "merged us2000ar20 and emsc:20170919_0000091: event us2000ar20, 2 origins\n",
                "\(merge.stderr)")
        let refused = try runQuakesTUI(["merge", "--db", db, "us2000ar20", "us2000ahv0"])
        #expect(refused.status == 1 && refused.stderr
                == "error: us2000ar20 and us2000ahv0 cannot be one event: both hold a report of emsc and usgs, and an event holds one report a service\n")
        let unknown = try runQuakesTUI(["merge", "--db", db, "us2000ar20", "nothing"])
        #expect(unknown.status == 1 && unknown.stderr == "error: no quake or origin nothing in the catalog\n")
    }
}

/// `list --freq` as a user runs it on the bundled week.
@Suite struct FrequencyCommandTests {
    let folder = TemporaryFolder()

    @Test("list --freq prints a field's values with their counts and shares, most first; csv and json too")
    func listFrequency() throws {
        let db = folder.file("q.sqlite")
        #expect(try runQuakesTUI(["import", "--db", db, Fixture.week]).status == 0)
        let table = try runQuakesTUI(["list", "--db", db, "--freq", "type"])
        let types = Dictionary(grouping: try Fixture.features(Fixture.week), by: { ($0["properties"] as! [String: Any])["type"] as! String })
            .mapValues(\.count).sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let width = max(4, types.map(\.key.count).max()!)
        func padded(_ s: String, _ n: Int) -> String { String(repeating: " ", count: n - s.count) + s }
        let lines = ["type".padding(toLength: width, withPad: " ", startingAt: 0) + "  quakes      %"] + types.map { type, count in
            type.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + padded(count.formatted(.number.locale(Locale(identifier: "en_US"))), 6) + "  "
                + padded(String(format: "%.1f", 100 * Double(count) / Double(types.map(\.value).reduce(0, +))), 5)
        }
        #expect(table.status == 0 && table.stdout == lines.joined(separator: "\n") + "\n", "\(table.stderr)")
        let csv = try runQuakesTUI(["list", "--db", db, "--freq", "type", "--format", "csv", "--where", "type == 'earthquake'"])
        #expect(csv.stdout == "type,quakes,percent\nearthquake,\(types.first { $0.key == "earthquake" }!.value),100.0\n")
        let json = try runQuakesTUI(["list", "--db", db, "--freq", "alert", "--format", "json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let alerts = try Fixture.features(Fixture.week).map { ($0["properties"] as! [String: Any])["alert"] as? String }
        #expect(objects.map { $0["value"] as? String } == [nil, "green"]
                && objects.map { $0["quakes"] as? Int } == [alerts.filter { $0 == nil }.count, alerts.filter { $0 == "green" }.count],
                "\(json.stdout)")
        let refused = try runQuakesTUI(["list", "--db", db, "--freq", "id"])
        #expect(refused.status == 64 && refused.stderr.hasPrefix("error: --freq id: id is different for every quake\n"),
                "\(refused.stderr)")
    }
}

/// The daily options' short forms print what their long forms print.
@Suite struct ShortOptionTests {
    let folder = TemporaryFolder()

    @Test("list -n -w -s -f and stats -w -f are --limit --where --sort --format")
    func shortOptions() throws {
        let db = folder.file("q.sqlite")
        #expect(try runQuakesTUI(["import", "--db", db, Fixture.week]).status == 0)
        let long = try runQuakesTUI(["list", "--db", db, "--limit", "3", "--where", "magnitude > 4", "--sort", "-magnitude",
                                     "--format", "csv"])
        let short = try runQuakesTUI(["list", "--db", db, "-n", "3", "-w", "magnitude > 4", "-s", "-magnitude", "-f", "csv"])
        #expect(long.status == 0 && long.stdout.split(separator: "\n").count == 4, "\(long.stderr)")
        #expect(short.stdout == long.stdout, "\(short.stderr)")
        let stats = try runQuakesTUI(["stats", "--db", db, "-w", "net == 'us'", "-f", "json"])
        let statsLong = try runQuakesTUI(["stats", "--db", db, "--where", "net == 'us'", "--format", "json"])
        #expect(stats.status == 0 && stats.stdout == statsLong.stdout, "\(stats.stderr)")
    }

    @Test("a re-keyed ComCat report of an event whose EMSC origin speaks is that event's USGS origin: no second event; which origin speaks follows where `regional` stands in the ranking")
    func aRekeyedComCatReportOfAnEventEMSCSpeaksFor() throws {
        // `pt`, a ComCat network other than `us`, is a regional authority:
        // it speaks where `regional` is ranked, else as any USGS origin.
        let rankings: [(preference: String, speaker: String)] = [
            ("[\"emsc\", \"usgs\"]", "emsc:20170919_0000091"),
            ("[\"regional\", \"emsc\", \"usgs\"]", "pt17262000"),
            ("[\"emsc\", \"regional\", \"usgs\"]", "emsc:20170919_0000091"),
            ("[\"usgs\", \"emsc\"]", "pt17262000"),
        ]
        for (n, ranking) in rankings.enumerated() {
            let config = folder.file("rekey-config-\(n)")
            try FileManager.default.createDirectory(atPath: config + "/quakes-tui", withIntermediateDirectories: true)
            _ = folder.write("rekey-config-\(n)/quakes-tui/config.toml", "[association]\npreference = \(ranking.preference)\n")
            let rekeyed = folder.write("rekeyed.geojson", EventGroupingTests.rekeyedPuebla)
            let db = folder.file("rekeyed-\(n).sqlite")
            for path in [EventGroupingTests.emsc, EventGroupingTests.usgs, rekeyed] {
                let imported = try runQuakesTUI(["import", "--db", db, path], environment: ["XDG_CONFIG_HOME": config])
                #expect(imported.status == 0, "\(imported.stderr)")
            }
            let all = try runQuakesTUI(["list", "--db", db, "--format", "csv", "--limit", "0"])
            #expect(all.stdout.split(separator: "\n").count - 1 == 6, "six events: \(all.stdout)")
            let origins = try runQuakesTUI(["list", "--db", db, "--origins", "--format", "csv", "--where", "magnitude >= 7 AND magnitude < 7.5"])
            let ids = origins.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
            // One event of the two reports, the preferred origin listed first and naming the event.
            #expect(ids.map { $0.count > 2 ? $0[2] : "" } == [ranking.speaker, ranking.speaker == "pt17262000" ? "emsc:20170919_0000091" : "pt17262000"],
                    "\(ranking.preference): \(origins.stdout)")
            #expect(Set(ids.map { $0.first ?? "" }) == [ranking.speaker], "\(ranking.preference): \(origins.stdout)")
        }
    }
}
