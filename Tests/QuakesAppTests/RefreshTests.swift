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
        try h.send(.lastFetch(BrowserHarness.now.addingTimeInterval(-3 * 60 - 20)))
        #expect(h.lines[0] == " quakes-tui  quakes.sqlite  4,714 quakes  Updated 3 min ago  by time ▼")
        try h.send(.lastFetch(BrowserHarness.now.addingTimeInterval(-2 * 3600)))
        #expect(h.lines[0] == " quakes-tui  quakes.sqlite  4,714 quakes  Updated 2 h ago  by time ▼")
    }

    @Test("r starts a refresh; the status line shows its progress, then its outcome until a key")
    func refreshKey() throws {
        nonisolated(unsafe) var started = 0
        let h = try BrowserHarness(refresh: { started += 1 })
        try h.press(.character("r"))
        #expect(started == 1)
        try h.send(.refreshProgress("all_day.geojson [███████████░░░░░░░░░░░░░] 55 kB of 110 kB"))
        #expect(h.lines.last == "all_day.geojson [███████████░░░░░░░░░░░░░] 55 kB of 110 kB")
        // The filter field takes the bottom line while it is open; the progress comes back after.
        try h.press(.character("/"))
        try h.type("ala")
        #expect(h.lines.last?.hasPrefix("/ala") == true)
        try h.press(.escape)
        #expect(h.lines.last == "all_day.geojson [███████████░░░░░░░░░░░░░] 55 kB of 110 kB")
        var report = ImportReport(name: "all_day.geojson")
        report.new = 12
        report.updated = 3
        try h.send(.refreshFinished(feed: "all_day.geojson", .success(report)))
        #expect(h.lines.last == "refreshed all_day.geojson: 12 new, 3 updated, 0 unchanged, 0 skipped")
        #expect(h.lines[0] == " quakes-tui  quakes.sqlite  4,714 quakes  Updated 0 s ago  by time ▼", "updated as of the clock")
        try h.press(.character("j"))
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

    /// Events a refresher posts, for a test to wait on.
    final class PostedEvents: @unchecked Sendable {
        private let lock = NSCondition()
        private var events: [BrowserEvent] = []

        func post(_ event: BrowserEvent) { lock.withLock { events.append(event); lock.broadcast() } }

        /// Waits until the events so far satisfy `condition` (60 s at most); the events so far.
        func wait(until condition: ([BrowserEvent]) -> Bool) -> [BrowserEvent] {
            lock.withLock {
                let deadline = Date().addingTimeInterval(60)
                while !condition(events), lock.wait(until: deadline) {}
                return events
            }
        }

        func wait(for count: Int) -> [BrowserEvent] { wait(until: { $0.count >= count }) }
    }

    static func describe(_ event: BrowserEvent) -> String {
        switch event {
        case .refreshProgress(let line): "progress \(line)"
        case .refreshFinished(let feed, .success(let report)): "finished \(feed): \(report.counts)"
        case .refreshFinished(let feed, .failure(let error)): "failed \(feed): \(error)"
        default: "other"
        }
    }

    @Test("the refresher runs the fetch off the calling thread, posts its progress, then its outcome once")
    func refresher() throws {
        let gate = DispatchSemaphore(value: 0)
        var counts = ImportReport(name: "feed")
        counts.new = 12
        counts.updated = 3
        let report = counts
        let feed = RefreshFeed(label: "all_day.geojson") { progress in
            progress("all_day.geojson 10 kB")
            progress("all_day.geojson 20 kB")
            progress("all_day.geojson 30 kB")
            gate.wait()
            return report
        }
        let posted = PostedEvents()
        let refresher = FeedRefresher(feed: feed, post: posted.post)
        #expect(refresher.start())
        // Lines within 100 ms of the last one posted wait; the newest is
        // posted when the 100 ms are up, so the line before a stall shows.
        let progress = posted.wait(until: { $0.last.map(Self.describe) == "progress all_day.geojson 30 kB" }).map(Self.describe)
        #expect(progress.prefix(2) == ["progress refreshing all_day.geojson…", "progress all_day.geojson 10 kB"])
        #expect(progress.count <= 4, "\(progress)")
        #expect(!refresher.start(), "one refresh at a time")
        gate.signal()
        let all = posted.wait(until: { $0.count == progress.count + 1 }).map(Self.describe)
        #expect(all.last == "finished all_day.geojson: 12 new, 3 updated, 0 unchanged, 0 skipped")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(posted.wait(until: { _ in true }).count == all.count, "the outcome is posted once, and nothing after it")
        #expect(!refresher.isRunning)
    }

    @Test("a failed refresh carries the fetch's error")
    func failure() throws {
        struct Failure: Error, CustomStringConvertible {
            var description: String { "fetch https://example.org/all_day.geojson: HTTP 404 Not Found" }
        }
        let posted = PostedEvents()
        let refresher = FeedRefresher(feed: RefreshFeed(label: "all_day.geojson") { _ in throw Failure() }, post: posted.post)
        refresher.start()
        let events = posted.wait(for: 2)
        #expect(events.map(Self.describe).last == "failed all_day.geojson: fetch https://example.org/all_day.geojson: HTTP 404 Not Found")
        if case .refreshFinished(_, .failure(let error)) = events.last { #expect(error is Failure, "the error itself, not a string") }
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
