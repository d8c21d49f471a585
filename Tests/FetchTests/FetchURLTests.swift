import Foundation
import QuakeStore
import Testing
import TestSupport

/// What `--url` and `--timeout` accept: IPv6 loopback, an upper-case scheme,
/// a relative path, and timeouts from 1 s to a day.
@Suite("fetch: URLs and timeouts", .timeLimit(.minutes(10)))
struct FetchURLTests {
    let harness: FetchHarness
    var server: FeedServer { harness.server }

    init() throws { harness = try FetchHarness() }

    @Test("--timeout outside 1…86400 seconds is a usage error up front", arguments: ["0", "0.5", "86401", "1e308", "inf", "nan"])
    func timeoutOutOfRange(value: String) throws {
        let result = try harness.fetch(["--url", server.url("feed/all_day_2014-04.geojson"), "--timeout", value])
        #expect(result.status == 64)
        #expect(result.stderr == "error: --timeout must be between 1 and 86400 seconds\nSee 'quakes-tui fetch --help'.\n", "\(result.stderr)")
        try harness.expectUntouched()
    }

    @Test("the config's timeout takes the same range", arguments: ["timeout = 1e308", "timeout = inf", "timeout = 0.5", "timeout = 86401"])
    func configTimeoutOutOfRange(line: String) throws {
        try harness.writeConfig(line + "\n")
        let result = try harness.fetch(["--url", server.url("feed/all_day_2014-04.geojson")])
        #expect(result.status == 1)
        #expect(result.stderr == "error: config \(harness.configPath): 'timeout' must be a number of seconds between 1 and 86400\n")
        try harness.expectUntouched()
    }

    @Test("the longest timeout, a day, is accepted")
    func dayLongTimeout() throws {
        let url = server.url("feed/all_day_2014-04.geojson")
        let result = try harness.fetch(["--url", url, "--timeout", "86400"])
        #expect(result.stderr == "")
        #expect(result.stdout == "imported \(url): 146 new, 0 updated, 0 unchanged, 0 skipped\n")
    }

    @Test("http://[::1]:PORT/ is fetched from a server listening on IPv6 loopback only")
    func ipv6Loopback() throws {
        let server6 = try FeedServer(host: "::1")
        let url = server6.url("feed/all_day_2014-04.geojson")
        #expect(url.hasPrefix("http://[::1]:"))
        let result = try harness.fetch(["--url", url])
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout == "imported \(url): 146 new, 0 updated, 0 unchanged, 0 skipped\n")
        #expect(try QuakeCatalog(path: harness.db).lastFetch()?.url == url)

        let closed = try FetchCommandTests.closedPort()
        let refused = try harness.fetch(["--url", "http://[::1]:\(closed)/all_day.geojson"])
        #expect(refused.stderr == "error: fetch http://[::1]:\(closed)/all_day.geojson: connection refused\n")
    }

    @Test("other IPv6 literals, which FoundationNetworking cannot fetch, are a usage error up front")
    func otherIPv6() throws {
        let result = try harness.fetch(["--url", "http://[2001:db8::1]/all_day.geojson"])
        #expect(result.status == 64)
        #expect(result.stderr == "error: --url: URL 'http://[2001:db8::1]/all_day.geojson': IPv6 addresses other than "
                + "[::1] cannot be fetched (FoundationNetworking refuses them on Linux); use a host name\nSee 'quakes-tui fetch --help'.\n")
    }

    @Test("an upper-case scheme (HTTP://) works")
    func upperCaseScheme() throws {
        let path = "feed/all_day_2014-04.geojson"
        let result = try harness.fetch(["--url", "HTTP://127.0.0.1:\(server.port)/\(path)"])
        #expect(result.stderr == "")
        #expect(result.stdout == "imported \(server.url(path)): 146 new, 0 updated, 0 unchanged, 0 skipped\n")
    }

    @Test("a relative path given to --url, bare or as a file: URL, is read from the current folder and kept absolute",
          arguments: ["feeds/day.geojson", "file:feeds/day.geojson"])
    func relativePath(_ url: String) throws {
        let folder = harness.folder
        try FileManager.default.createDirectory(atPath: folder.file("feeds"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixture.day2014, toPath: folder.file("feeds/day.geojson"))
        let child = try ChildProcess.quakesTUI(["fetch", "--db", harness.db, "--url", url],
                                               environment: harness.environment, workingDirectory: folder.path,
                                               outputPrefix: folder.file("relative"))
        #expect(child.wait() == 0)
        #expect(child.stderr == "")
        let absolute = URL(fileURLWithPath: folder.path).resolvingSymlinksInPath().path + "/feeds/day.geojson"
        #expect(child.stdout == "imported \(absolute): 146 new, 0 updated, 0 unchanged, 0 skipped\n")
    }

    @Test("a FIFO given to --url that no writer opens, or whose writer stops without closing it, fails after --timeout seconds",
          arguments: [false, true])
    func fifoTimeout(writerStalls: Bool) throws {
        let fifo = harness.folder.file("feed.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        // Part of a feed, then the FIFO held open without a byte more.
        let writer = writerStalls ? try ChildProcess(["/bin/sh", "-c", #"exec 3>"$1"; head -c 50000 "$2" >&3; exec sleep 60"#,
                                                      "sh", fifo, Fixture.day2014], outputPrefix: harness.folder.file("writer"))
            : nil
        for url in ["file://" + fifo, fifo] {
            let result = try harness.fetch(["--url", url, "--timeout", "1"])
            #expect(result.status == 1)
            #expect(result.stderr == "error: fetch \(fifo): timed out (no data for 1 s)\n")
            #expect(result.stdout == "")
        }
        try harness.expectUntouched()
        withExtendedLifetime(writer) {}
    }
}
