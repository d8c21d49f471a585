import Foundation
import Testing
import TestSupport

/// Two `quakes-tui import` processes writing one catalog at once, with the
/// browser open on it in a third: the second importer waits for the first
/// (SQLite's busy timeout) instead of failing with `database is locked`,
/// and the browser shows the sum as soon as they are done.
@Suite("Concurrent writers", .timeLimit(.minutes(10)))
struct ConcurrentWriterTests {
    static let features = 20_000

    @Test("two imports at once both succeed, the count is the sum, and the open browser shows it within 1 s")
    func twoImportsAndABrowser() throws {
        let session = try TmuxSession()
        session.waitForTable()
        let a = session.folder.file("a.geojson"), b = session.folder.file("b.geojson")
        let idsA = try SyntheticFeed.write(count: Self.features, to: a, idPrefix: "aa")
        // b's quakes are a day newer than a's: b's newest comes first in the table.
        let newestB: Int64 = 1_893_542_400_000 + Int64(Self.features - 1) * 60_000
        let idsB = try SyntheticFeed.write(count: Self.features, to: b, idPrefix: "bb", startTime: 1_893_542_400_000)
        #expect(Set(idsA).isDisjoint(with: idsB))

        let first = try ChildProcess.quakesTUI(["import", "--db", session.db, a], outputPrefix: session.folder.file("a"))
        let second = try ChildProcess.quakesTUI(["import", "--db", session.db, b], outputPrefix: session.folder.file("b"))
        // At once: one of them writes (for a quarter of a second) while the
        // other is still running, waiting for its turn.
        let overlapped = waitForOverlap(session.db, first, second)
        let statuses = (first.wait(), second.wait())
        let finished = Date()
        #expect(overlapped, "the two imports did not run at the same time")
        #expect(statuses == (0, 0), "a: \(first.stderr) b: \(second.stderr)")
        #expect(first.stderr == "" && second.stderr == "", "no 'database is locked': \(first.stderr) \(second.stderr)")
        #expect(first.stdout == "imported \(a): 20000 new, 0 updated, 0 unchanged, 0 skipped\n")
        #expect(second.stdout == "imported \(b): 20000 new, 0 updated, 0 unchanged, 0 skipped\n")

        // Within a second of both ending, the browser shows the total and
        // the newest new quake on top.
        var pane = Pane(lines: session.capture())
        while !pane.top.contains("  44,711 quakes") && Date().timeIntervalSince(finished) < 1 {
            Thread.sleep(forTimeInterval: 0.02)
            pane = Pane(lines: session.capture())
        }
        let seenAfter = Date().timeIntervalSince(finished)
        #expect(pane.top.contains("  44,711 quakes"), "after \(seenAfter) s\(pane)")
        #expect(seenAfter < 1)
        pane = session.waitUntil { $0.rows.first?.time == Oracle.utc(milliseconds: newestB, fraction: false) }
        #expect(pane.rows.first?.time == Oracle.utc(milliseconds: newestB, fraction: false), "\(pane)")

        #expect(try CatalogProbe.integrityCheck(session.db) == ["ok"])
        #expect(try CatalogProbe.count(session.db) == 4711 + 2 * Self.features)
        let ids = Set(try CatalogProbe.ids(session.db))
        #expect(ids.isSuperset(of: idsA) && ids.isSuperset(of: idsB) && ids.isSuperset(of: Oracle.week.map(\.id)))
    }

    /// Whether, within `timeout`, one importer held the write lock for a
    /// quarter of a second while the other one was running too.
    private func waitForOverlap(_ db: String, _ one: ChildProcess, _ other: ChildProcess, timeout: TimeInterval = 60) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var holder: pid_t?
        var since = Date()
        while Date() < deadline && (one.isRunning || other.isRunning) {
            let writer = CatalogProbe.walWriter(db)
            if writer != holder { holder = writer; since = Date() }
            if let holder, [one.pid, other.pid].contains(holder), Date().timeIntervalSince(since) >= 0.25,
               one.isRunning && other.isRunning {
                return true
            }
            usleep(10_000)
        }
        return false
    }
}
