import Foundation
import GRDB
import Testing
import TestSupport

/// What the FDSN fetch suites share: an empty catalog of the test's own, a
/// config folder of its own, `fetch --service` against the local fdsnws
/// server, and the oracle's view of the server's catalog and request log.
struct FDSNHarness {
    let folder = TemporaryFolder()
    let db: String
    let environment: [String: String]

    init() {
        db = folder.file("quakes.sqlite")
        environment = ["XDG_CONFIG_HOME": folder.file("config")]
    }

    /// `quakes-tui COMMAND --db DB ARGUMENTS…`
    func run(_ command: String, _ arguments: [String] = []) throws -> CommandResult {
        try runQuakesTUI([command, "--db", db] + arguments, environment: environment)
    }

    /// `fetch --service URL --max-rate 100 ARGUMENTS…`
    func fetch(_ server: FDSNServer, _ arguments: [String]) throws -> CommandResult {
        try run("fetch", ["--service", server.baseURL, "--max-rate", "100"] + arguments)
    }

    /// The catalog seen through a plain connection of the test's own.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        configuration.readonly = true
        return try DatabaseQueue(path: db, configuration: configuration).read(body)
    }

    func storedIDs() throws -> [String] {
        try read { db in try String.fetchAll(db, sql: "SELECT id FROM quake ORDER BY id") }
    }

    /// The ledger's windows of the one source: `(start, end, done)`, in time order.
    func windows() throws -> [(start: Int64, end: Int64, done: Bool)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT startTime, endTime, done FROM fetchWindow ORDER BY startTime")
                .map { (start: $0[0], end: $0[1], done: $0[2]) }
        }
    }

    /// A synthetic catalog of `count` events in [from, to] (ISO times) written to catalog.txt.
    func syntheticCatalog(_ count: Int, from: String, to: String, seed: UInt64 = 11) throws -> (String, [CatalogEvent]) {
        let path = folder.file("catalog.txt")
        let events = try FDSNServer.writeSyntheticCatalog(to: path, count: count, from: FDSNCatalog.date(from)!,
                                                          to: FDSNCatalog.date(to)!, seed: seed)
        return (path, events)
    }
}

/// One line of the server's request log: `STATUS /fdsnws/event/1/ENDPOINT?QUERY`.
struct LoggedRequest: Equatable {
    var status: Int
    var endpoint: String
    var parameters: [String: String]
    var query: String

    init(_ line: String) {
        let space = line.firstIndex(of: " ")!
        status = Int(line[..<space])!
        let target = line[line.index(after: space)...]
        let path = target.prefix { $0 != "?" }
        endpoint = String(path.split(separator: "/").last ?? "")
        query = target.count > path.count ? String(target.dropFirst(path.count + 1)) : ""
        var parameters: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            parameters[parts[0]] = parts.count > 1 ? (parts[1].removingPercentEncoding ?? parts[1]) : ""
        }
        self.parameters = parameters
    }

    /// The window asked: starttime and endtime in epoch milliseconds.
    var window: (start: Int64, end: Int64) { (millis(parameters["starttime"]!), millis(parameters["endtime"]!)) }

    static func log(_ server: FDSNServer) -> [LoggedRequest] { server.requests().map(LoggedRequest.init) }

    /// The event queries alone (not `version`, `application.wadl`, `catalogs`…).
    static func queries(_ server: FDSNServer) -> [LoggedRequest] { log(server).filter { $0.endpoint == "query" } }
}

/// Epoch milliseconds of an ISO time (the oracle's own reading).
func millis(_ text: String) -> Int64 {
    Int64((FDSNCatalog.date(text)!.timeIntervalSince1970 * 1000).rounded())
}

func millis(_ event: CatalogEvent) -> Int64 { millis(event.timeText) }

/// The summary line's range: `2018-06-01`, or `2018-06-01 12:00` when a bound is not midnight.
func rangeText(_ start: Int64, _ end: Int64) -> String {
    func text(_ ms: Int64) -> String {
        let date = Date(timeIntervalSince1970: Double(ms) / 1000)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = ms % 86_400_000 == 0 ? "yyyy-MM-dd" : "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
    return text(start) + "…" + text(end)
}

/// `3,000`: numbers as the summary line writes them.
func thousands(_ n: Int) -> String {
    let digits = String(n)
    var out = ""
    for (index, character) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
        out.append(character)
    }
    return out
}

/// The events of `events` in the windows `[start, end)` (the last one, ending at `rangeEnd`, holding its end).
func events(_ events: [CatalogEvent], in windows: [(start: Int64, end: Int64)], rangeEnd: Int64) -> [CatalogEvent] {
    events.filter { event in
        let t = millis(event)
        return windows.contains { t >= $0.start && (t < $0.end || ($0.end == rangeEnd && t == $0.end)) }
    }
}

/// A small deterministic generator for picking test cases.
struct SeededNumbers {
    var state: UInt64
    mutating func next(in range: ClosedRange<Int>) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return range.lowerBound + Int((state >> 33) % UInt64(range.count))
    }
}
