import Foundation
import QuakeStore
@testable import QuakesApp
import TerminalUI
import Testing
import TestSupport

/// Refreshing from the feed inside the browser: the `r` key, the status
/// line while a refresh runs, its outcome, `Updated … ago`, the timer.
@Suite("Refresh in the browser")
struct RefreshTests {
    @Test("the top line says when the catalog was last updated from a feed")
    func updatedAgo() throws {
        let h = try BrowserHarness()
        #expect(h.lines[0] == " quakes-tui  quakes.sqlite  4,714 quakes  by time ▼", "never fetched: nothing said")
        h.state.lastUpdated = BrowserHarness.now.addingTimeInterval(-3 * 60 - 20)
        try h.refresh()
        #expect(h.lines[0] == " quakes-tui  quakes.sqlite  4,714 quakes  Updated 3 min ago  by time ▼")
        h.state.lastUpdated = BrowserHarness.now.addingTimeInterval(-2 * 3600)
        try h.refresh()
        #expect(h.lines[0] == " quakes-tui  quakes.sqlite  4,714 quakes  Updated 2 h ago  by time ▼")
    }

    @Test("r starts a refresh; the status line shows its progress until a message or key replaces it")
    func refreshKey() throws {
        nonisolated(unsafe) var started = 0
        let h = try BrowserHarness(refresh: { started += 1 })
        try h.press(.character("r"))
        #expect(started == 1)
        h.state.refreshStatus = "all_day.geojson [███████████░░░░░░░░░░░░░] 55 kB of 110 kB"
        try h.refresh()
        #expect(h.lines.last == "all_day.geojson [███████████░░░░░░░░░░░░░] 55 kB of 110 kB")
        // The filter field takes the bottom line while it is open; the progress comes back after.
        try h.press(.character("/"))
        try h.type("ala")
        #expect(h.lines.last?.hasPrefix("/ala") == true)
        try h.press(.escape)
        #expect(h.lines.last == "all_day.geojson [███████████░░░░░░░░░░░░░] 55 kB of 110 kB")
        h.state.refreshStatus = nil
        try h.refresh()
        #expect(h.lines.last == "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit")
    }

    @Test("without a feed, r says so")
    func noFeed() throws {
        let h = try BrowserHarness()
        try h.press(.character("r"))
        #expect(h.lines.last == "no feed to refresh from")
    }

    @Test("the help lists r")
    func help() throws {
        let h = try BrowserHarness(height: 24)
        try h.press(.character("?"))
        #expect(h.lines.contains { $0.contains("r               refresh: fetch the feed in the background") })
    }

    @Test("the refresher runs the fetch off the calling thread, reports progress, then its outcome once")
    func refresher() throws {
        let gate = DispatchSemaphore(value: 0)
        let woken = DispatchSemaphore(value: 0)
        var counts = ImportReport(name: "feed")
        counts.new = 12
        counts.updated = 3
        let report = counts
        let feed = RefreshFeed(label: "all_day.geojson") { progress in
            progress("all_day.geojson 10 kB")
            gate.wait()
            return report
        }
        let refresher = FeedRefresher(feed: feed, wake: { woken.signal() })
        #expect(refresher.start())
        #expect(woken.wait(timeout: .now() + 10) == .success, "progress wakes the run loop")
        #expect(refresher.take().progress == "all_day.geojson 10 kB")
        #expect(!refresher.start(), "one refresh at a time")
        gate.signal()
        #expect(woken.wait(timeout: .now() + 10) == .success, "the end wakes the run loop")
        let end = refresher.take()
        #expect(end.progress == nil)
        #expect(end.outcome == .imported(report))
        #expect(refresher.take().outcome == nil, "taken once")
        #expect(!refresher.isRunning)
    }

    @Test("a failed refresh reports the fetch's error line")
    func failure() throws {
        struct Failure: Error, CustomStringConvertible {
            var description: String { "fetch https://example.org/all_day.geojson: HTTP 404 Not Found" }
        }
        let woken = DispatchSemaphore(value: 0)
        let refresher = FeedRefresher(feed: RefreshFeed(label: "all_day.geojson") { _ in throw Failure() },
                                      wake: { woken.signal() })
        refresher.start()
        #expect(woken.wait(timeout: .now() + 10) == .success)
        #expect(refresher.take().outcome == .failed("fetch https://example.org/all_day.geojson: HTTP 404 Not Found"))
    }

    @Test("the refresh timer fires at once on a stale catalog, then one period after each start, never while running")
    func timer() {
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        var never = RefreshTimer(every: 300, lastFetch: nil)
        let neverDue = [(false, 0.0), (false, 299), (true, 300), (false, 301)].map { running, after in
            never.isDue(running: running, now: t0.addingTimeInterval(after))
        }
        #expect(neverDue == [true, false, false, true])

        var fresh = RefreshTimer(every: 300, lastFetch: t0.addingTimeInterval(-60))
        let freshDue = [0.0, 240].map { fresh.isDue(running: false, now: t0.addingTimeInterval($0)) }
        #expect(freshDue == [false, true])
    }
}
