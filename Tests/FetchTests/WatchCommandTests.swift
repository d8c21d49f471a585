import Foundation
import QuakeStore
import Testing
import TestSupport

/// `quakes-tui watch`, the real binary syncing every second from the test
/// HTTP server (the config file's `url`), ended by SIGTERM.
@Suite("watch", .timeLimit(.minutes(10)))
struct WatchCommandTests {
    let harness: FetchHarness
    var server: FeedServer { harness.server }
    var folder: TemporaryFolder { harness.folder }

    /// A catalog holding the March 2014 M4.5+ month; the feed served is
    /// a day of April 2014 (146 quakes, none of them in the catalog).
    init() throws { harness = try FetchHarness() }

    /// The day's quakes of M4.5 or more, in time order: what the watch alerts on.
    func expectedQuakes() throws -> [[String: Any]] {
        try Fixture.features(Fixture.day2014).filter { (($0["properties"] as! [String: Any])["mag"] as? Double ?? 0) >= 4.5 }
            .sorted { time($0) < time($1) }
    }

    func time(_ feature: [String: Any]) -> Int64 { ((feature["properties"] as! [String: Any])["time"] as! NSNumber).int64Value }

    /// The line format written out independently: Foundation's formatter for the time.
    func expectedLine(_ feature: [String: Any]) -> String {
        let properties = feature["properties"] as! [String: Any]
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let date = Date(timeIntervalSince1970: Double(time(feature)) / 1000)
        let depth = ((feature["geometry"] as! [String: Any])["coordinates"] as! [Double])[2]
        return "\(formatter.string(from: date)) UTC  M\(String(format: "%.1f", properties["mag"] as! Double))  "
            + "\(properties["place"] as! String)  \(Int(depth.rounded())) km  \(feature["id"] as! String)"
    }

    /// `5.3`, `5` (not `5.0`): a plain decimal.
    func plain(_ value: Double) -> String {
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// Starts the watch, waits until `ready` holds (or 60 s), lets it sync
    /// twice more, then sends SIGTERM and returns its exit status.
    func watch(_ arguments: [String], until ready: (ChildProcess) -> Bool) throws -> (ChildProcess, Int32) {
        let child = try ChildProcess.quakesTUI(["watch", "--db", harness.db, "--every", "1s"] + arguments,
                                               environment: harness.environment, outputPrefix: folder.file("watch"))
        let deadline = Date().addingTimeInterval(60)
        while !ready(child) && child.isRunning && Date() < deadline { usleep(20_000) }
        // Two more periods: later syncs of the same feed must alert nothing more.
        Thread.sleep(forTimeInterval: 2.5)
        #expect(child.isRunning, "watch ended early: \(child.stderr)")
        child.send(SIGTERM)
        return (child, child.wait(timeout: 60))
    }

    @Test("each new matching quake is one line, once, in time order; --exec runs per alert with QUAKE_*; SIGTERM exits 0")
    func textLinesAndExec() throws {
        try harness.writeConfig("url = \"\(server.url("feed/all_day_2014-04.geojson"))\"\n")
        let expected = try expectedQuakes()
        #expect(expected.count == 30)
        let execOutput = folder.file("exec.txt")
        let (child, status) = try watch(["--where", "magnitude >= 4.5",
                                         "--exec", "echo \"$QUAKE_ID $QUAKE_MAGNITUDE\" >> '\(execOutput)'"]) { _ in
            ((try? String(contentsOfFile: execOutput, encoding: .utf8)) ?? "").split(separator: "\n").count >= expected.count
        }
        #expect(status == 0)
        #expect(child.stdout == expected.map { expectedLine($0) + "\n" }.joined())
        #expect(child.stderr == "")
        let execLines = expected.map {
            "\($0["id"] as! String) \(plain(($0["properties"] as! [String: Any])["mag"] as! Double))\n"
        }
        #expect(try String(contentsOfFile: execOutput, encoding: .utf8) == execLines.joined())
    }

    @Test("--format json: one object per line, fixed keys; QUAKE_TIME, _PLACE, _DEPTH, _URL; a failing command is one line and the watch goes on")
    func jsonLinesAndFailingCommand() throws {
        try harness.writeConfig("url = \"\(server.url("feed/all_day_2014-04.geojson"))\"\n")
        let execOutput = folder.file("exec.txt")
        let command = "echo \"$QUAKE_TIME|$QUAKE_PLACE|$QUAKE_LATITUDE|$QUAKE_LONGITUDE|$QUAKE_DEPTH|$QUAKE_URL\" >> '\(execOutput)'; exit 3"
        let (child, status) = try watch(["--where", "magnitude >= 7", "--format", "json", "--exec", command]) {
            $0.stderr.contains("usc000piqj")
        }
        #expect(status == 0)
        #expect(child.stdout == """
            {"id":"usc000piqj","time":"2014-04-13T12:36:18.710Z","magnitude":7.4,"place":"111km S of Kirakira, Solomon Islands",\
            "latitude":-11.451,"longitude":162.0692,"depth":35,"url":"http://earthquake.usgs.gov/earthquakes/eventpage/usc000piqj"}

            """)
        #expect(child.stderr == "watch: alert command exited with status 3 for usc000piqj\n")
        #expect(try String(contentsOfFile: execOutput, encoding: .utf8) == """
            2014-04-13T12:36:18.710Z|111km S of Kirakira, Solomon Islands|-11.451|162.0692|35|\
            http://earthquake.usgs.gov/earthquakes/eventpage/usc000piqj

            """)
    }

    @Test("a failed sync is one line on stderr and the watch goes on syncing")
    func failedSync() throws {
        let url = server.url("status/500")
        try harness.writeConfig("url = \"\(url)\"\n")
        let (child, status) = try watch([]) { $0.stderr.split(separator: "\n").count >= 2 }
        #expect(status == 0)
        #expect(child.stdout == "")
        let lines = Set(child.stderr.split(separator: "\n").map(String.init))
        #expect(lines == ["watch: fetch \(url): HTTP 500 Internal Server Error"])
    }
}
