import Foundation
import QuakeStore
import Testing
import TestSupport

/// `quakes-tui fetch`, the real binary against a real HTTP server on
/// 127.0.0.1: what lands in the catalog, what the user reads, the exit status.
@Suite("fetch", .timeLimit(.minutes(10)))
struct FetchCommandTests {
    let harness: FetchHarness
    var server: FeedServer { harness.server }
    var folder: TemporaryFolder { harness.folder }
    var db: String { harness.db }

    /// A catalog already holding the March 2014 M4.5+ month (409 quakes).
    init() throws { harness = try FetchHarness() }

    func fetch(_ arguments: [String]) throws -> CommandResult { try harness.fetch(arguments) }

    func catalogIDs() throws -> Set<String> { try harness.catalogIDs() }

    func expectUntouched(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try harness.expectUntouched(sourceLocation: sourceLocation)
    }

    @Test("a feed served as application/geo+json is imported; the summary line says what changed; the update is remembered")
    func success() throws {
        let url = server.url("feed/all_day_2014-04.geojson")
        let before = Date()
        let result = try fetch(["--url", url])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "imported \(url): 146 new, 0 updated, 0 unchanged, 0 skipped\n")
        #expect(result.stderr == "", "no progress bar without a terminal")
        let ids = try catalogIDs()
        #expect(ids.count == 409 + 146)
        #expect(ids.isSuperset(of: try Fixture.features(Fixture.day2014).map { $0["id"] as! String }))
        let last = try #require(try QuakeCatalog(path: db).lastFetch())
        #expect(last.url == url)
        #expect(last.date >= before.addingTimeInterval(-1) && last.date <= Date())

        // The same feed again: nothing new.
        let again = try fetch(["--url", url])
        #expect(again.stdout == "imported \(url): 0 new, 0 updated, 146 unchanged, 0 skipped\n")
    }

    @Test("valid GeoJSON under a wrong content type (text/plain) is accepted")
    func wrongContentType() throws {
        let url = server.url("feed/all_day_2014-04.geojson?type=text/plain")
        let result = try fetch(["--url", url])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "imported \(url): 146 new, 0 updated, 0 unchanged, 0 skipped\n")
    }

    @Test("HTTP errors are one line, exit 1, nothing imported", arguments: [
        (404, "HTTP 404 Not Found"), (500, "HTTP 500 Internal Server Error"), (503, "HTTP 503 Service Unavailable"),
    ])
    func httpStatus(code: Int, text: String) throws {
        let url = server.url("status/\(code)")
        let result = try fetch(["--url", url])
        #expect(result.status == 1)
        #expect(result.stderr == "error: fetch \(url): \(text)\n")
        #expect(result.stdout == "")
        try expectUntouched()
    }

    @Test("an HTML page served with 200 (a captive portal) is rejected, naming its type")
    func htmlPage() throws {
        let url = server.url("html")
        let result = try fetch(["--url", url])
        #expect(result.status == 1)
        #expect(result.stderr == "error: fetch \(url): not a GeoJSON FeatureCollection (text/html): unexpected character '<' at 1:1\n")
        try expectUntouched()
    }

    @Test("a connection closed half-way through the body imports nothing")
    func cutShort() throws {
        #expect(try Data(contentsOf: URL(fileURLWithPath: Fixture.day2014)).count == 109_827)
        let url = server.url("cut/all_day_2014-04.geojson")
        let result = try fetch(["--url", url])
        #expect(result.status == 1)
        #expect(result.stderr == "error: fetch \(url): connection closed after 55 kB of 110 kB\n")
        try expectUntouched()
    }

    @Test("a server that sends nothing, or stalls half-way, fails after --timeout seconds without data")
    func timeouts() throws {
        for path in ["slow", "stall/all_day_2014-04.geojson"] {
            let url = server.url(path)
            let started = Date()
            let result = try fetch(["--url", url, "--timeout", "1"])
            #expect(result.status == 1)
            #expect(result.stderr == "error: fetch \(url): timed out (no data for 1 s)\n")
            // Not a timing assertion: only that it did not wait for the server's 60 s.
            #expect(Date().timeIntervalSince(started) < 50)
        }
        try expectUntouched()
    }

    @Test("connection refused and an unresolvable host are one line each")
    func unreachable() throws {
        // A port just released by a listener of our own: nothing listens there.
        let closed = try Self.closedPort()
        let refused = try fetch(["--url", "http://127.0.0.1:\(closed)/all_day.geojson"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: fetch http://127.0.0.1:\(closed)/all_day.geojson: connection refused\n")
        let dns = try fetch(["--url", "http://no-such-host.invalid/all_day.geojson"])
        #expect(dns.status == 1)
        #expect(dns.stderr == "error: fetch http://no-such-host.invalid/all_day.geojson: cannot resolve host no-such-host.invalid\n")
        try expectUntouched()
    }

    @Test("a redirect is followed to http or https only: one to a file: URL is one line, nothing read")
    func redirects() throws {
        let url = server.url("redirect?to=/feed/all_day_2014-04.geojson")
        let result = try fetch(["--url", url])
        #expect(result.stderr == "")
        #expect(result.stdout == "imported \(url): 146 new, 0 updated, 0 unchanged, 0 skipped\n")
        let toFile = server.url("redirect?to=file://\(Fixture.day2014)")
        let refused = try fetch(["--url", toFile])
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: fetch \(toFile): redirected to a URL that is not http or https\n")
    }

    @Test("a server whose answer is not HTTP is one line in words")
    func notHTTP() throws {
        let url = server.url("not-http")
        let result = try fetch(["--url", url])
        #expect(result.status == 1)
        #expect(result.stderr == "error: fetch \(url): the server's answer is not HTTP\n")
        try expectUntouched()
    }

    @Test("file:// URLs and plain paths are fetched from disk")
    func fileURL() throws {
        let url = "file://" + Fixture.day2014
        let result = try fetch(["--url", url])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "imported \(Fixture.day2014): 146 new, 0 updated, 0 unchanged, 0 skipped\n")
        let path = try fetch(["--url", Fixture.day2014])
        #expect(path.stdout == "imported \(Fixture.day2014): 0 new, 0 updated, 146 unchanged, 0 skipped\n")
        let missing = try fetch(["--url", "file:///nonexistent/all_day.geojson"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: fetch /nonexistent/all_day.geojson: no such file\n")
    }

    @Test("a JSON body that is not a FeatureCollection imports nothing")
    func notAFeatureCollection() throws {
        let file = folder.write("feature.json", #"{"type":"Feature","properties":{}}"#)
        let result = try fetch(["--url", "file://" + file])
        #expect(result.status == 1)
        #expect(result.stderr == "error: fetch \(file): not a GeoJSON FeatureCollection: not a FeatureCollection (\"type\" is \"Feature\") at 1:1\n")
        try expectUntouched()
    }

    @Test("--feed takes the USGS summary names only; --feed and --url exclude each other")
    func feedNames() throws {
        let unknown = try fetch(["--feed", "all_year"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("error: --feed: unknown feed 'all_year'; feeds are significant_hour, significant_day, "))
        #expect(unknown.stderr.hasSuffix("\nSee 'quakes-tui fetch --help'.\n"))
        let both = try fetch(["--feed", "all_day", "--url", server.url("feed/all_day_2014-04.geojson")])
        #expect(both.status == 64)
        #expect(both.stderr == "error: give --feed or --url, not both\nSee 'quakes-tui fetch --help'.\n")
        let badTimeout = try fetch(["--timeout", "0"])
        #expect(badTimeout.status == 64)
        #expect(badTimeout.stderr == "error: --timeout must be between 1 and 86400 seconds\nSee 'quakes-tui fetch --help'.\n")
        try expectUntouched()
    }

    @Test("the config file's url is fetched when no flag names a feed; a bad config file is one line, exit 1")
    func configFile() throws {
        let url = server.url("feed/all_day_2014-04.geojson")
        try FileManager.default.createDirectory(atPath: folder.file("config/quakes-tui"), withIntermediateDirectories: true)
        folder.write("config/quakes-tui/config.toml", """
            # a regional feed
            url = "\(url)"
            timeout = 5
            refresh-every = "5m"
            """)
        let result = try fetch([])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "imported \(url): 146 new, 0 updated, 0 unchanged, 0 skipped\n")

        let config = folder.file("config/quakes-tui/config.toml")
        for (text, message) in [
            ("feed = \"all_year\"\n", "unknown feed 'all_year'; feeds are significant_hour"),
            ("fead = \"all_day\"\n", "unknown key 'fead'; keys are feed, url, timeout, refresh-every, max-download, home, alert, cell-aspect, push, association"),
            ("timeout = \"soon\"\n", "'timeout' must be a number of seconds between 1 and 86400"),
            ("refresh-every = \"5 parsecs\"\n", "'refresh-every': '5 parsecs' is not a duration (examples: 90s, 5m, 1h, 1h30m)"),
            ("refresh-every = \"2s\"\n", "'refresh-every': '2s' is shorter than 10 s"),
            ("url = \"http://x\n", "1:"),
            ("alert = 6\n", "'alert' must be a predicate such as \"magnitude >= 6\""),
            ("push = \"usgs\"\n", "'push' must be a push source: \"emsc\""),
            ("association = 3\n", "'association' must be a table: [association]"),
            ("[association]\nseconds = \"x\"\n", "'association.seconds' must be a number of seconds between 0.001 and 86400"),
            ("[association]\nmagnitude = 11\n", "'association.magnitude' must be a magnitude difference between 0 and 10"),
            ("[association]\npreference = [1]\n", "'association.preference' must be a list of services, such as [\"usgs\", \"emsc\"]"),
            ("[association]\nsecond = 3\n",
             "unknown key 'association.second'; keys are seconds, kilometres, magnitude, kilometres-per-magnitude, preference"),
        ] {
            folder.write("config/quakes-tui/config.toml", text)
            let bad = try fetch([])
            #expect(bad.status == 1, "\(text)")
            #expect(bad.stderr.hasPrefix("error: config \(config): \(message)"), "\(bad.stderr)")
            #expect(bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
        }
    }

    /// A TCP port on 127.0.0.1 that was free a moment ago.
    static func closedPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw ChildProcessError("cannot bind a port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
