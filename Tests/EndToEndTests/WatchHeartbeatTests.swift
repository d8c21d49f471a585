import Foundation
import Testing
import TestSupport

/// `watch` on a terminal is never silent: a line on stderr, redrawn each
/// second, says what it watches, when it last synced, how many alerts and
/// when the next sync is; a failed sync is its own line above. Ctrl-C
/// wipes the line and ends the watch with 0.
@Suite(.timeLimit(.minutes(20)))
struct WatchHeartbeatTests {
    @Test("the heartbeat line counts the seconds since the sync and to the next")
    func heartbeat() throws {
        let folder = TemporaryFolder()
        let db = folder.file("q.sqlite")
        #expect(try runQuakesTUI(["import", "--db", db, Fixture.week]).status == 0)
        // A feed nobody serves: each sync fails, and the watch goes on.
        let config = folder.file("config/quakes-tui")
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "url = \"http://127.0.0.1:9/feed.geojson\"\n".write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        let run = try PaneCommand(["watch", "--db", db, "--every", "5s"], width: 120,
                                  environment: ["XDG_CONFIG_HOME": folder.file("config")])
        let pattern = /watching 1 source · synced (\d) s ago · 0 alerts · next in (\d) s/
        var seen: [(Int, Int)] = []
        let deadline = Date().addingTimeInterval(20)
        while seen.count < 2 && Date() < deadline {
            if let line = run.capture().last(where: { $0.contains("watching") }), let match = line.firstMatch(of: pattern),
               let since = Int(match.1), let next = Int(match.2), seen.last.map({ $0 != (since, next) }) ?? true {
                seen.append((since, next))
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(seen.count == 2, "\(run.capture().joined(separator: "\n"))")
        #expect(seen.allSatisfy { $0.0 + $0.1 >= 4 && $0.0 + $0.1 <= 5 }, "the seconds since and to the next add up to the period: \(seen)")
        #expect(run.capture().contains { $0.hasPrefix("watch: ") }, "the failed sync said above the line")
        try run.send(keys: "C-c")
        let (status, output, pane) = run.waitForExit()
        #expect(status == 0, "\(pane)")
        #expect(!output.contains { $0.contains("watching") }, "the line is wiped: \(output)")
    }
}
