import Foundation
import Testing
import TestSupport

/// `fetch --service URL` against the local fdsnws server: a backfill split
/// into windows stores every event of the range once, whatever the service
/// refuses or waits out, and says so in one exact line. The oracle is the
/// catalog file read back and filtered in Swift, and the server's request log.
@Suite("fetch --service", .timeLimit(.minutes(10)))
struct FDSNFetchTests {
    let harness = FDSNHarness()
    let start = "2018-06-01", end = "2018-07-01"
    var rangeStart: Int64 { millis(start) }
    var rangeEnd: Int64 { millis(end) }

    /// The windows answered (200 or 204), in time order; checks they tile the range and none is asked twice.
    func answeredWindows(_ log: [LoggedRequest], sourceLocation: SourceLocation = #_sourceLocation) -> [(start: Int64, end: Int64)] {
        let queries = log.filter { $0.endpoint == "query" }
        let asked = queries.map { "\($0.parameters["starttime"]!)…\($0.parameters["endtime"]!)" }
        #expect(Set(asked).count == asked.count, "a window asked twice: \(asked)", sourceLocation: sourceLocation)
        let answered = queries.filter { [200, 204].contains($0.status) }.map(\.window).sorted { $0.start < $1.start }
        #expect(answered.first?.start == rangeStart && answered.last?.end == rangeEnd, sourceLocation: sourceLocation)
        #expect(zip(answered, answered.dropFirst()).allSatisfy { $0.end == $1.start }, "\(answered)",
                sourceLocation: sourceLocation)
        return answered
    }

    func expectAllStoredOnce(_ expected: [CatalogEvent], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ids = try harness.storedIDs()
        #expect(ids.count == expected.count, sourceLocation: sourceLocation)
        #expect(Set(ids) == Set(expected.map(\.id)), sourceLocation: sourceLocation)
    }

    @Test("a range over the service's limit is halved until each window is answered; every event once",
          arguments: [["--limit", "500"], ["--limit", "500", "--limit-status", "413"], ["--count", "--limit", "500"]])
    func splitBackfill(options: [String]) throws {
        let (path, _) = try harness.syntheticCatalog(3000, from: "2018-06-01T00:00:00", to: "2018-06-30T23:59:59")
        let server = try FDSNServer(catalog: path, options: options)
        let result = try harness.fetch(server, ["--start", start, "--end", end])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = try FDSNCatalog.read(path).filter { millis($0) >= rangeStart && millis($0) <= rangeEnd }
        #expect(expected.count == 3000)
        let log = LoggedRequest.log(server)
        let windows = answeredWindows(log)
        #expect(windows.count >= 6)
        let refusal = options.contains("413") ? 413 : 400
        #expect(log.contains { $0.status == refusal })
        #expect(!log.contains { ![200, 204, 404, refusal].contains($0.status) })
        #expect(result.stdout == "fetched \(server.baseURL) 2018-06-01…2018-07-01 in \(windows.count) windows: 3,000 new, 0 updated, 0 skipped\n")
        try expectAllStoredOnce(expected)
        // The ledger holds the split as answered, every window done.
        let ledger = try harness.windows()
        #expect(ledger.map { "\($0.start)-\($0.end)" } == windows.map { "\($0.start)-\($0.end)" })
        #expect(ledger.allSatisfy { $0.done })
    }

    @Test("a range the service's count says is over 80% of 20,000 is planned in windows: no refusal")
    func countPlannedBackfill() throws {
        let (path, _) = try harness.syntheticCatalog(17_000, from: "2018-06-01T00:00:00", to: "2018-06-30T23:59:59")
        // Asked whole, the range would be refused: only the plan avoids it.
        let server = try FDSNServer(catalog: path, options: ["--count", "--limit", "16000"])
        let result = try harness.fetch(server, ["--start", start, "--end", end])
        #expect(result.status == 0, "\(result.stderr)")
        let log = LoggedRequest.log(server)
        #expect(log.contains { $0.endpoint == "count" })
        #expect(log.allSatisfy { $0.status == 200 }, "\(log.map(\.status))")
        let windows = answeredWindows(log)
        #expect(windows.count >= 2)
        #expect(result.stdout == "fetched \(server.baseURL) 2018-06-01…2018-07-01 in \(windows.count) windows: 17,000 new, 0 updated, 0 skipped\n")
        let catalog = try FDSNCatalog.read(path)
        for window in windows {
            #expect(events(catalog, in: [window], rangeEnd: rangeEnd).count <= 16_000)
        }
        try expectAllStoredOnce(catalog)
    }

    @Test("events exactly at the range's ends and at the times halving cuts at are stored and counted once")
    func boundaryEvents() throws {
        let (path, synthetic) = try harness.syntheticCatalog(3000, from: "2018-06-01T00:00:01", to: "2018-06-30T23:59:59")
        let span = rangeEnd - rangeStart
        let cuts = (0...16).map { rangeStart + span * Int64($0) / 16 }
        let edges = cuts.enumerated().map { index, ms in
            CatalogEvent(id: String(format: "edge%02d", index), timeText: FDSNCatalog.isoText(millis: ms), latitude: "1",
                         longitude: "2", depth: "3", magnitude: "4.0", place: "Edge \(index)")
        }
        try FDSNCatalog.write((synthetic + edges).sorted { millis($0) < millis($1) }, to: path)
        let server = try FDSNServer(catalog: path, options: ["--limit", "500"])
        let result = try harness.fetch(server, ["--start", start, "--end", end])
        #expect(result.status == 0, "\(result.stderr)")
        let windows = answeredWindows(LoggedRequest.log(server))
        // The halving cut at the middle and quarters at least: edge events sit on window bounds.
        let bounds = Set(windows.map(\.start))
        #expect(bounds.isSuperset(of: [cuts[4], cuts[8], cuts[12]]))
        #expect(result.stdout == "fetched \(server.baseURL) 2018-06-01…2018-07-01 in \(windows.count) windows: 3,017 new, 0 updated, 0 skipped\n")
        try expectAllStoredOnce(synthetic + edges)
        let count = try harness.read { db in try Int.fetchOne(db, sql: "SELECT events FROM fetchSource") }
        #expect(count == 3017)
    }

    @Test("events an answer holds outside the window asked are counted in the summary, not imported")
    func eventsOutsideTheWindow() throws {
        let (path, _) = try harness.syntheticCatalog(40, from: "2018-05-20T00:00:00", to: "2018-07-10T23:59:59")
        let server = try FDSNServer(catalog: path, options: ["--ignore-window"])
        let result = try harness.fetch(server, ["--start", start, "--end", end])
        #expect(result.status == 0, "\(result.stderr)")
        let catalog = try FDSNCatalog.read(path)
        let inside = catalog.filter { millis($0) >= rangeStart && millis($0) <= rangeEnd }
        #expect(inside.count > 0 && inside.count < catalog.count)
        #expect(result.stdout == "fetched \(server.baseURL) 2018-06-01…2018-07-01 in 1 window: \(inside.count) new, 0 updated, "
                + "0 skipped, \(catalog.count - inside.count) outside the window, not imported\n")
        try expectAllStoredOnce(inside)
    }

    @Test("429s and 503s are waited out and retried; the answer after them is imported",
          arguments: [(["--rate-limit", "2", "--retry-after", "0"], [429, 429, 200]),
                      (["--unavailable", "1"], [503, 200]),
                      (["--rate-limit", "2", "--retry-after", "0", "--unavailable", "3"], [429, 429, 503, 503, 503, 200])])
    func retries(options: [String], statuses: [Int]) throws {
        let (path, catalog) = try harness.syntheticCatalog(50, from: "2018-06-02T00:00:00", to: "2018-06-20T00:00:00")
        let server = try FDSNServer(catalog: path, options: options)
        let result = try harness.fetch(server, ["--start", start, "--end", end])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "fetched \(server.baseURL) 2018-06-01…2018-07-01 in 1 window: 50 new, 0 updated, 0 skipped\n")
        let queries = LoggedRequest.queries(server)
        #expect(queries.map(\.status) == statuses)
        #expect(Set(queries.map(\.query)).count == 1, "the same window asked again")
        try expectAllStoredOnce(catalog)
    }

    @Test("more than five refusals for load end the fetch with the last one, nothing stored")
    func tooManyRefusals() throws {
        let (path, _) = try harness.syntheticCatalog(50, from: "2018-06-02T00:00:00", to: "2018-06-20T00:00:00")
        let server = try FDSNServer(catalog: path, options: ["--rate-limit", "6", "--retry-after", "0"])
        let result = try harness.fetch(server, ["--start", start, "--end", end])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: \(server.baseURL): window 2018-06-01…2018-07-01: HTTP 429 Too Many Requests; "
                + "0 of 1 windows done, the same command goes on from there\n")
        #expect(LoggedRequest.queries(server).map(\.status) == Array(repeating: 429, count: 6))
        #expect(try harness.storedIDs() == [])
    }

    @Test("a range without events (204) is one empty window, and the source is remembered")
    func noData() throws {
        let (path, _) = try harness.syntheticCatalog(50, from: "2018-06-02T00:00:00", to: "2018-06-20T00:00:00")
        let server = try FDSNServer(catalog: path)
        let result = try harness.fetch(server, ["--start", "2019-01-01", "--end", "2019-01-02T12:00"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "fetched \(server.baseURL) 2019-01-01…2019-01-02 12:00 in 1 window: 0 new, 0 updated, 0 skipped\n")
        #expect(LoggedRequest.queries(server).map(\.status) == [204])
        let synced = try #require(try harness.read { db in try Int64.fetchOne(db, sql: "SELECT syncedAt FROM fetchSource") })
        let sources = try harness.run("sources")
        #expect(sources.status == 0, "\(sources.stderr)")
        let rows = sources.stdout.split(separator: "\n").map {
            $0.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let lastSync = formatter.string(from: Date(timeIntervalSince1970: Double(synced) / 1000))
        #expect(rows == [["SOURCE", "QUERY", "RANGE", "LAST SYNC", "QUAKES"],
                         [server.baseURL, "all events (text)", "2019-01-01…2019-01-02 12:00", lastSync, "0"]])
    }

    @Test("a connection closed mid-answer fails naming the window; that window stores nothing; a re-run completes")
    func cutConnection() throws {
        let (path, _) = try harness.syntheticCatalog(3000, from: "2018-06-01T00:00:00", to: "2018-06-30T23:59:59")
        let server = try FDSNServer(catalog: path, options: ["--limit", "500", "--cut-at", "2"])
        let result = try harness.fetch(server, ["--start", start, "--end", end])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        let queries = LoggedRequest.queries(server)
        let answered = queries.filter { $0.status == 200 }
        #expect(answered.count == 2)
        let (first, cut) = (answered[0].window, answered[1].window)
        let ledger = try harness.windows()
        #expect(result.stderr.hasPrefix("error: \(server.baseURL): window \(rangeText(cut.start, cut.end)): connection closed after "))
        #expect(result.stderr.hasSuffix("; 1 of \(ledger.count) windows done, the same command goes on from there\n"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        let catalog = try FDSNCatalog.read(path)
        #expect(Set(try harness.storedIDs()) == Set(events(catalog, in: [first], rangeEnd: rangeEnd).map(\.id)))
        #expect(ledger.filter(\.done).map(\.start) == [first.start])

        let again = try harness.fetch(server, ["--start", start, "--end", end])
        #expect(again.status == 0, "\(again.stderr)")
        let total = try harness.windows().count
        let stored = events(catalog, in: [first], rangeEnd: rangeEnd).count
        #expect(again.stdout == "fetched \(server.baseURL) 2018-06-01…2018-07-01 in \(total) windows (1 done before): "
                + "\(thousands(3000 - stored)) new, 0 updated, 0 skipped\n")
        try expectAllStoredOnce(catalog)
    }

    @Test("an HTML page where FDSN text was asked is one line saying so, by its type or by its first bytes; nothing stored",
          arguments: [("html", "text/html"), ("html-plain", "text/plain")])
    func htmlPage(route: String, type: String) throws {
        let server = try FeedServer()
        let service = server.url("\(route)/fdsnws/event/1")
        let result = try harness.run("fetch", ["--service", service, "--start", start, "--end", end])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: \(service): window 2018-06-01…2018-07-01: the service answered with an HTML page "
                + "(\(type)), not an FDSN answer; 0 of 1 windows done, the same command goes on from there\n")
        #expect(try harness.storedIDs() == [])
    }

    @Test("a service named by its URL is named once in an error line, not again in the request's URL")
    func serviceNamedOnce() throws {
        let closed = try FetchCommandTests.closedPort()
        let service = "http://127.0.0.1:\(closed)/fdsnws/event/1"
        let result = try harness.run("fetch", ["--service", service, "--start", start, "--end", end])
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(service): connection refused\n")
    }
}
