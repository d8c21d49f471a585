import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A backfill cut short (the service dies, Ctrl-C) keeps exactly the
/// windows done, and the same command run again asks only the others.
@Suite("fetch --service resumes", .timeLimit(.minutes(10)))
struct FDSNResumeTests {
    let harness = FDSNHarness()
    let start = "2018-06-01", end = "2018-07-01"
    var rangeEnd: Int64 { millis(end) }

    /// Windows answered 200 or 204 in a log.
    func answered(_ log: [LoggedRequest]) -> [(start: Int64, end: Int64)] {
        log.filter { $0.endpoint == "query" && [200, 204].contains($0.status) }.map(\.window)
    }

    func overlaps(_ a: (start: Int64, end: Int64), _ b: (start: Int64, end: Int64)) -> Bool {
        a.start < b.end && b.start < a.end
    }

    @Test("a service dying at a window: exact error line, the done windows' events kept; a new server on the same URL finishes the rest",
          arguments: [1, 2, 3])
    func resumeAfterDeath(seed: UInt64) throws {
        var numbers = SeededNumbers(state: seed)
        let dieAt = numbers.next(in: 4...12)
        let (path, _) = try harness.syntheticCatalog(3000, from: "2018-06-01T00:00:00", to: "2018-06-30T23:59:59")
        let catalog = try FDSNCatalog.read(path)
        let first = try FDSNServer(catalog: path, options: ["--limit", "500", "--die-at", String(dieAt)])
        let failed = try harness.fetch(first, ["--start", start, "--end", end])
        #expect(failed.status == 1, "die at \(dieAt)")
        #expect(failed.stdout == "")
        let log1 = LoggedRequest.log(first)
        let dead = try #require(log1.last { $0.status == 0 }, "die at \(dieAt): \(log1)")
        let done1 = answered(log1)
        let ledger1 = try harness.windows()
        #expect(ledger1.filter(\.done).map(\.start).sorted() == done1.map(\.start).sorted(), "die at \(dieAt)")
        #expect(failed.stderr.hasPrefix("error: \(first.baseURL): window \(rangeText(dead.window.start, dead.window.end)): "),
                "die at \(dieAt): \(failed.stderr)")
        #expect(failed.stderr.hasSuffix("; \(done1.count) of \(ledger1.count) windows done, the same command goes on from there\n"),
                "die at \(dieAt): \(failed.stderr)")
        #expect(failed.stderr.split(separator: "\n").count == 1)
        let kept = events(catalog, in: done1, rangeEnd: rangeEnd)
        #expect(Set(try harness.storedIDs()) == Set(kept.map(\.id)), "die at \(dieAt)")
        #expect(try harness.storedIDs().count == kept.count)
        #expect(!first.isRunning)

        let second = try FDSNServer(catalog: path, options: ["--port", String(first.port), "--limit", "500"])
        #expect(second.baseURL == first.baseURL)
        let resumed = try harness.fetch(second, ["--start", start, "--end", end])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let ledger2 = try harness.windows()
        #expect(ledger2.allSatisfy { $0.done })
        let before = done1.count > 0 ? " (\(done1.count) done before)" : ""
        #expect(resumed.stdout == "fetched \(second.baseURL) 2018-06-01…2018-07-01 in \(ledger2.count) windows\(before): "
                + "\(thousands(3000 - kept.count)) new, 0 updated, 0 skipped\n", "die at \(dieAt)")
        let log2 = LoggedRequest.log(second)
        #expect(!log2.contains { $0.endpoint == "count" }, "a resumed backfill plans nothing")
        for request in log2 where request.endpoint == "query" {
            #expect(!done1.contains { overlaps($0, request.window) }, "asked again: \(request.query)")
        }
        let ids = try harness.storedIDs()
        #expect(ids.count == 3000 && Set(ids) == Set(catalog.map(\.id)))
    }

    @Test("Ctrl-C between windows: exit 130, `interrupted` on stderr, the done windows kept; the re-run finishes")
    func interrupt() throws {
        let path = harness.folder.file("catalog.txt")
        // Four events, a limit of one: the range is halved to one event a window.
        let days = ["2018-06-04T06:00:00.000", "2018-06-11T06:00:00.000", "2018-06-19T06:00:00.000", "2018-06-26T06:00:00.000"]
        let catalog = days.enumerated().map { index, time in
            CatalogEvent(id: "ev\(index)", timeText: time, latitude: "10", longitude: "20", depth: "5",
                         magnitude: "3.\(index)", place: "Place \(index)")
        }
        try FDSNCatalog.write(catalog, to: path)
        let server = try FDSNServer(catalog: path, options: ["--limit", "1", "--delay", "1.5"])
        let child = try ChildProcess.quakesTUI(["fetch", "--db", harness.db, "--service", server.baseURL, "--max-rate", "100",
                                                "--start", start, "--end", end],
                                               environment: harness.environment, outputPrefix: harness.folder.file("fetch"))
        let deadline = Date().addingTimeInterval(60)
        var doneBefore = 0
        while Date() < deadline, child.isRunning {
            doneBefore = (try? harness.windows().filter(\.done).count) ?? 0
            if doneBefore >= 1 { break }
            usleep(50_000)
        }
        #expect(doneBefore >= 1)
        #expect(child.send(SIGINT))
        let status = child.wait(timeout: 30)
        #expect(status == 130, "\(child.stderr)")
        #expect(child.stdout == "")
        #expect(child.stderr.contains("interrupted"), "\(child.stderr)")
        let ledger = try harness.windows()
        let done = ledger.filter(\.done)
        #expect(done.count >= doneBefore && done.count < ledger.count)
        #expect(child.stderr == "\(server.baseURL): interrupted; \(done.count) of \(ledger.count) windows done, "
                + "the same command goes on from there\n")
        let kept = events(catalog, in: done.map { (start: $0.start, end: $0.end) }, rangeEnd: rangeEnd)
        #expect(Set(try harness.storedIDs()) == Set(kept.map(\.id)))

        let again = try harness.fetch(server, ["--start", start, "--end", end])
        #expect(again.status == 0, "\(again.stderr)")
        let total = try harness.windows().count
        #expect(again.stdout == "fetched \(server.baseURL) 2018-06-01…2018-07-01 in \(total) windows (\(done.count) done before): "
                + "\(4 - kept.count) new, 0 updated, 0 skipped\n")
        #expect(Set(try harness.storedIDs()) == ["ev0", "ev1", "ev2", "ev3"])
    }
}
