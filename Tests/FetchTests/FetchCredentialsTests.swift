import Foundation
import QuakeStore
import Testing
import TestSupport

/// Credentials in a URL (`http://user:secret@host/…`) are sent with the
/// request and nowhere else: every line the user reads, and the catalog,
/// hold the URL without them.
@Suite("fetch: credentials in a URL", .timeLimit(.minutes(10)))
struct FetchCredentialsTests {
    let harness: FetchHarness
    var server: FeedServer { harness.server }
    static let secret = "s3cr3t-Pa55"

    init() throws { harness = try FetchHarness() }

    /// `http://reader:s3cr3t-Pa55@127.0.0.1:PORT/PATH`
    func withCredentials(_ path: String) -> String {
        server.url(path).replacingOccurrences(of: "http://", with: "http://reader:\(Self.secret)@")
    }

    /// The catalog's files, every byte of them: no column, no page left in the log, holds the secret.
    func expectSecretNotStored(sourceLocation: SourceLocation = #_sourceLocation) {
        for file in [harness.db, harness.db + "-wal"] {
            let bytes = FileManager.default.contents(atPath: file) ?? Data()
            #expect(bytes.range(of: Data(Self.secret.utf8)) == nil, "\(file)", sourceLocation: sourceLocation)
        }
    }

    @Test("a feed fetched with credentials: they reach the server; the summary and the catalog name the URL without them")
    func feed() throws {
        let shown = server.url("auth/all_day_2014-04.geojson")
        let denied = try harness.fetch(["--url", shown])
        #expect(denied.stderr == "error: fetch \(shown): HTTP 401 Unauthorized\n", "the server wants the credentials")

        let result = try harness.fetch(["--url", withCredentials("auth/all_day_2014-04.geojson")])
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout == "imported \(shown): 146 new, 0 updated, 0 unchanged, 0 skipped\n")
        #expect(try QuakeCatalog(path: harness.db).lastFetch()?.url == shown)
        let remembered = try QuakeCatalog(path: harness.db).dbWriter.read { db in
            try String.fetchAll(db, sql: "SELECT service FROM fetchSource")
        }
        #expect(remembered == [shown])
        expectSecretNotStored()
    }

    @Test("an error line names the URL without its credentials", arguments: [
        ("status/404", "HTTP 404 Not Found"), ("cut/all_day_2014-04.geojson", "connection closed after 55 kB of 110 kB"),
    ])
    func errorLine(path: String, reason: String) throws {
        let result = try harness.fetch(["--url", withCredentials(path)])
        #expect(result.status == 1)
        #expect(result.stderr == "error: fetch \(server.url(path)): \(reason)\n")
        #expect(!result.stdout.contains(Self.secret))
        expectSecretNotStored()
    }

    @Test("a URL refused up front is quoted without its credentials")
    func refusedURL() throws {
        let result = try harness.fetch(["--url", "ftp://reader:\(Self.secret)@example.org/all_day.geojson"])
        #expect(result.status == 64)
        #expect(result.stderr == "error: --url: unsupported URL 'ftp://example.org/all_day.geojson': use http, https or file\n"
                + "See 'quakes-tui fetch --help'.\n", "\(result.stderr)")
    }

    @Test("fetch --service with credentials: the summary, the catalog's source and last fetch name the service without them")
    func service() throws {
        let catalog = harness.folder.file("catalog.txt")
        try FDSNServer.writeSyntheticCatalog(to: catalog, count: 50, from: FDSNCatalog.date("2018-06-02")!,
                                             to: FDSNCatalog.date("2018-06-28")!)
        let fdsn = try FDSNServer(catalog: catalog)
        let withSecret = fdsn.baseURL.replacingOccurrences(of: "http://", with: "http://reader:\(Self.secret)@")
        let result = try harness.fetch(["--service", withSecret, "--start", "2018-06-01", "--end", "2018-07-01"])
        #expect(result.stderr == "")
        #expect(result.stdout == "fetched \(fdsn.baseURL) 2018-06-01…2018-07-01 in 1 window: 50 new, 0 updated, 0 skipped\n")
        let remembered = try QuakeCatalog(path: harness.db).dbWriter.read { db in
            try String.fetchAll(db, sql: "SELECT service FROM fetchSource")
        }
        #expect(remembered == [fdsn.baseURL])
        #expect(try QuakeCatalog(path: harness.db).lastFetch()?.url == fdsn.baseURL)
        expectSecretNotStored()

        let failed = try harness.fetch(["--service", withSecret.replacingOccurrences(of: "\(fdsn.port)", with: "1"),
                                        "--start", "2018-06-01", "--end", "2018-07-01"])
        #expect(failed.status == 1)
        #expect(!failed.stderr.contains(Self.secret), "\(failed.stderr)")
        #expect(failed.stderr.hasPrefix("error: http://127.0.0.1:1/fdsnws/event/1: "), "\(failed.stderr)")
    }
}
