import Foundation
import Testing
import TestSupport

/// The feed from a real terminal: `r` and `--refresh-every` in the browser,
/// and the progress bar of `quakes-tui fetch`, against a real HTTP server.
@Suite("Feed refresh", .timeLimit(.minutes(10)))
struct FeedRefreshTests {
    static let day = "feed/all_day_2014-04.geojson"
    static let idle = " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by time ▼"

    /// `Updated N s ago` a few seconds after a refresh, whatever N is.
    /// `unseen`: what the top line counts since the last key (`+146 new since you looked`).
    static func isUpdatedTopLine(_ top: String, count: String, unseen: String? = nil) -> Bool {
        let pattern = #"^ quakes-tui  quakes\.sqlite  "# + count + #" quakes  row [0-9,]+  Updated [0-9]{1,2} s ago  "#
            + (unseen.map { NSRegularExpression.escapedPattern(for: $0) + "  " } ?? "") + "by time ▼$"
        return top.range(of: pattern, options: .regularExpression) != nil
    }

    @Test("r fetches the feed: the new quakes appear, the top line says Updated, the status line the counts")
    func refreshKey() throws {
        let server = try FeedServer()
        let session = try TmuxSession(arguments: ["--url", server.url(Self.day)])
        var pane = session.waitForTable()
        #expect(pane.top == Self.idle, "\(pane)")
        session.send("r")
        pane = session.waitUntil { $0.top.contains("4,857 quakes") && $0.bottom.hasPrefix("refreshed") }
        // Came after the key: counted until the next.
        #expect(Self.isUpdatedTopLine(pane.top, count: "4,857", unseen: "+146 new since you looked"), "\(pane)")
        #expect(pane.bottom == "refreshed all_day_2014-04.geojson: 146 new, 0 updated, 0 unchanged, 0 skipped", "\(pane)")
        // The next key puts the hints back.
        session.send("j")
        pane = session.waitUntil { $0.bottom.hasPrefix("/ filter") }
        #expect(pane.bottom == SortingTests.hints, "\(pane)")
    }

    @Test("a failed refresh shows its error line and changes nothing")
    func refreshFailure() throws {
        _ = try Self.failedRefresh("status/404", reason: "HTTP 404 Not Found")
    }

    /// The browser refreshing from the test server's `path`: the bottom line
    /// says `error: fetch URL: <reason>`, the top line is as before. Returns
    /// the session, still running, and that pane.
    static func failedRefresh(_ path: String, reason: String, server: FeedServer? = nil,
                              sourceLocation: SourceLocation = #_sourceLocation) throws -> (TmuxSession, Pane, FeedServer) {
        let server = try server ?? FeedServer()
        let url = server.url(path)
        let session = try TmuxSession(arguments: ["--url", url])
        session.waitForTable()
        session.send("r")
        let pane = session.waitUntil { $0.bottom.hasPrefix("error:") }
        #expect(pane.bottom == "error: fetch \(url): \(reason)", "\(pane)", sourceLocation: sourceLocation)
        #expect(pane.top == Self.idle, "\(pane)", sourceLocation: sourceLocation)
        return (session, pane, server)
    }

    @Test("while a refresh hangs on a slow server, the status line shows its progress and the keys still work")
    func responsiveDuringRefresh() throws {
        let server = try FeedServer()
        let url = server.url("stall/all_day_2014-04.geojson")
        let session = try TmuxSession(arguments: ["--url", url, "--timeout", "20"])
        session.waitForTable()
        session.send("r")
        var pane = session.waitUntil { $0.bottom.contains("55 kB of 110 kB") }
        #expect(pane.bottom == "all_day_2014-04.geojson [███████████░░░░░░░░░░░░░] 55 kB of 110 kB", "\(pane)")
        // Filtering works meanwhile: the reader never waits for the fetch.
        session.type("/kodiak")
        pane = session.waitUntil { $0.top.contains("filter \"kodiak\"") && $0.rows.allSatisfy { $0.place.lowercased().contains("kodiak") } }
        #expect(pane.top.hasPrefix(" quakes-tui  quakes.sqlite  ") && pane.top.contains(" of 4,711 quakes  row 1  filter \"kodiak\""), "\(pane)")
        #expect(!pane.rows.isEmpty)
        session.send("Escape")
        pane = session.waitUntil { $0.bottom.contains("55 kB of 110 kB") }
        #expect(pane.bottom == "all_day_2014-04.geojson [███████████░░░░░░░░░░░░░] 55 kB of 110 kB", "\(pane)")
    }

    @Test("--refresh-every refreshes a never-fetched catalog at once, without a key")
    func refreshTimer() throws {
        let server = try FeedServer()
        let session = try TmuxSession(arguments: ["--url", server.url(Self.day), "--refresh-every", "10m"])
        let pane = session.waitUntil { $0.top.contains("4,857 quakes") }
        #expect(Self.isUpdatedTopLine(pane.top, count: "4,857", unseen: "+146 new since you looked"), "\(pane)")
    }

    @Test("the config file points refresh at its feed")
    func configFeed() throws {
        let server = try FeedServer()
        let config = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: config.file("quakes-tui"), withIntermediateDirectories: true)
        config.write("quakes-tui/config.toml", "url = \"\(server.url(Self.day))\"\n")
        let session = try TmuxSession(environment: ["XDG_CONFIG_HOME": config.path])
        session.waitForTable()
        session.send("r")
        let pane = session.waitUntil { $0.top.contains("4,857 quakes") && $0.bottom.hasPrefix("refreshed") }
        #expect(pane.bottom == "refreshed all_day_2014-04.geojson: 146 new, 0 updated, 0 unchanged, 0 skipped", "\(pane)")
    }

    @Test("fetch on a terminal draws a progress bar on stderr, then leaves only the summary")
    func fetchProgressBar() throws {
        let server = try FeedServer()
        let stalled = server.url("stall/all_day_2014-04.geojson")
        let session = try TmuxSession(arguments: ["--url", stalled, "--timeout", "3"], command: ["fetch"])
        var pane = session.waitUntil { $0.contains("55 kB of 110 kB") }
        #expect(pane.lines[0] == "all_day_2014-04.geojson [███████████░░░░░░░░░░░░░] 55 kB of 110 kB", "\(pane)")
        pane = session.waitUntil { $0.lines.contains { $0.hasPrefix("EXIT=") } }
        #expect(pane.lines[0] == "error: fetch \(stalled): timed out (no data for 3 s)", "the bar is cleared: \(pane)")
        #expect(pane.lines[1] == "EXIT=1", "\(pane)")

        // Interrupted mid-download: the bar is wiped, the exit is 128 + SIGINT.
        let interrupted = try TmuxSession(arguments: ["--url", stalled, "--timeout", "20"], command: ["fetch"])
        pane = interrupted.waitUntil { $0.contains("55 kB of 110 kB") }
        #expect(pane.lines[0].hasSuffix("55 kB of 110 kB"), "\(pane)")
        let pid = try #require(interrupted.appPID())
        kill(pid, SIGINT)
        pane = interrupted.waitUntil { $0.lines.contains { $0.hasPrefix("EXIT=") } }
        #expect(pane.lines[0] == "EXIT=130", "\(pane)")

        // Outside a UTF-8 locale the bar is drawn in ASCII.
        let plain = try TmuxSession(arguments: ["--url", stalled, "--timeout", "3"], command: ["fetch"],
                                    environment: ["LANG": "C", "LC_ALL": "C"])
        pane = plain.waitUntil { $0.contains("55 kB of 110 kB") }
        #expect(pane.lines[0] == "all_day_2014-04.geojson [###########.............] 55 kB of 110 kB", "\(pane)")

        let ok = server.url(Self.day)
        let done = try TmuxSession(arguments: ["--url", ok], command: ["fetch"])
        pane = done.waitUntil { $0.lines.contains { $0.hasPrefix("EXIT=") } }
        #expect(pane.lines[0] == "imported \(ok): 146 new, 0 updated, 0 unchanged, 0 skipped", "\(pane)")
        #expect(pane.lines[1] == "EXIT=0", "\(pane)")
    }
}
