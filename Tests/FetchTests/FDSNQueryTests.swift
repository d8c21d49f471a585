import Foundation
import GRDB
import Testing
import TestSupport

/// What `fetch --service` asks and how it stores the answer: the query's
/// parameters reach the service, QuakeML and every text layout give the
/// same quakes, ids follow the answer's identity; and the usage errors.
@Suite("fetch --service queries and formats", .timeLimit(.minutes(10)))
struct FDSNQueryTests {
    let harness = FDSNHarness()
    let range = ["--start", "2018-06-01", "--end", "2018-07-01"]

    struct Stored: Equatable, CustomStringConvertible {
        var time: Int64, latitude: Double, longitude: Double, depth: Double, magnitude: Double?, place: String
        var description: String { "\(time) \(latitude) \(longitude) \(depth) \(magnitude.map { "\($0)" } ?? "-") \(place)" }
    }

    func stored() throws -> [String: Stored] {
        try harness.read { db in
            var rows: [String: Stored] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, time, latitude, longitude, depth, magnitude, place FROM quake") {
                rows[row["id"]] = Stored(time: row["time"], latitude: row["latitude"], longitude: row["longitude"],
                                         depth: row["depth"], magnitude: row["magnitude"], place: row["place"])
            }
            return rows
        }
    }

    func expected(_ events: [CatalogEvent], idPrefix: String = "") -> [String: Stored] {
        Dictionary(uniqueKeysWithValues: events.map {
            (idPrefix + $0.id, Stored(time: millis($0), latitude: $0.lat, longitude: $0.lon, depth: $0.depthKm ?? 0,
                                      magnitude: $0.mag, place: $0.place))
        })
    }

    func catalog(_ count: Int = 200) throws -> (String, [CatalogEvent]) {
        try harness.syntheticCatalog(count, from: "2018-06-01T00:00:00", to: "2018-06-30T23:59:59", seed: 5)
    }

    @Test("every text layout (usgs, ingv, spaced) stores the same quakes, as the catalog has them",
          arguments: ["usgs", "ingv", "spaced"])
    func textVariants(variant: String) throws {
        let (path, events) = try catalog()
        let server = try FDSNServer(catalog: path, options: ["--text-variant", variant])
        let result = try harness.fetch(server, range)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "fetched \(server.baseURL) 2018-06-01…2018-07-01 in 1 window: 200 new, 0 updated, 0 skipped\n")
        #expect(try stored() == expected(events))
        #expect(LoggedRequest.log(server).last?.parameters["format"] == "text")
    }

    @Test("an answer sent as gzip bytes is inflated, as import inflates a file: the same quakes")
    func gzipAnswer() throws {
        let (path, events) = try catalog()
        let server = try FDSNServer(catalog: path, options: ["--gzip"])
        let result = try harness.fetch(server, range)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "fetched \(server.baseURL) 2018-06-01…2018-07-01 in 1 window: 200 new, 0 updated, 0 skipped\n")
        #expect(try stored() == expected(events))
    }

    @Test("QuakeML from a service whose publicIDs name INGV: ids ingv:ID, the same quakes")
    func quakeMLIdentity() throws {
        let (path, events) = try catalog()
        let server = try FDSNServer(catalog: path, options: ["--publicid-host", "webservices.ingv.it"])
        let result = try harness.fetch(server, range + ["--format", "quakeml"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "fetched \(server.baseURL) 2018-06-01…2018-07-01 in 1 window: 200 new, 0 updated, 0 skipped\n")
        let rows = try stored()
        #expect(Set(rows.keys) == Set(events.map { "ingv:" + $0.id }))
        let want = expected(events, idPrefix: "ingv:")
        for (id, row) in rows {
            let other = try #require(want[id])
            #expect(row.time == other.time && row.latitude == other.latitude && row.longitude == other.longitude
                    && abs(row.depth - other.depth) < 1e-9 && row.magnitude == other.magnitude && row.place == other.place,
                    "\(id): \(row) ≠ \(other)")
        }
        #expect(LoggedRequest.log(server).last?.parameters["format"] == "xml")
    }

    @Test("FDSN text whose Catalog column names INGV: ids ingv:ID")
    func textCatalogColumnIdentity() throws {
        let (path, synthetic) = try catalog(20)
        let events = synthetic.map { event -> CatalogEvent in
            var event = event
            event.author = "INGV"
            return event
        }
        try FDSNCatalog.write(events, to: path)
        let server = try FDSNServer(catalog: path)
        let result = try harness.fetch(server, range)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Set(try stored().keys) == Set(events.map { "ingv:" + $0.id }))
    }

    @Test("magnitude and region reach the service; only matching events are stored",
          arguments: [("-30,60,-120,150", "minlatitude=-30&maxlatitude=60&minlongitude=-120&maxlongitude=150"),
                      ("-60,60,170,-170", "minlatitude=-60&maxlatitude=60&minlongitude=170&maxlongitude=-170")])
    func parameters(region: String, expectedQuery: String) throws {
        let (path, events) = try catalog(3000)
        let server = try FDSNServer(catalog: path)
        let result = try harness.fetch(server, range + ["--min-magnitude", "4", "--region", region])
        #expect(result.status == 0, "\(result.stderr)")
        let bounds = region.split(separator: ",").map { Double($0)! }
        let (south, north, west, east) = (bounds[0], bounds[1], bounds[2], bounds[3])
        let matching = events.filter { event in
            guard let mag = event.mag, mag >= 4, event.lat >= south, event.lat <= north else { return false }
            return west <= east ? event.lon >= west && event.lon <= east : event.lon >= west || event.lon <= east
        }
        #expect(matching.count > 10)
        #expect(result.stdout == "fetched \(server.baseURL) 2018-06-01…2018-07-01 in 1 window: "
                + "\(thousands(matching.count)) new, 0 updated, 0 skipped\n")
        #expect(try stored() == expected(matching))
        let queries = LoggedRequest.queries(server)
        #expect(queries.count == 1)
        #expect(queries.allSatisfy { $0.query.contains("&minmagnitude=4&" + expectedQuery + "&") }, "\(queries.map(\.query))")
        let sources = try harness.run("sources")
        #expect(sources.stdout.contains("minmagnitude=4 " + expectedQuery.replacingOccurrences(of: "&", with: " ") + " (text)"),
                "\(sources.stdout)")
    }

    @Test("a southern, western point and a negative depth are values, not options: they reach the service")
    func negativeValues() throws {
        let (path, _) = try catalog(50)
        let server = try FDSNServer(catalog: path)
        let result = try harness.fetch(server, range + ["--near", "-41.3,-174.8", "--radius", "500", "--min-depth", "-2",
                                                        "--min-magnitude", "-1"])
        #expect(result.status == 0, "\(result.stderr)")
        let query = try #require(LoggedRequest.queries(server).last?.query)
        #expect(query.contains("&mindepth=-2&"), "\(query)")
        #expect(query.contains("&minmagnitude=-1&"), "\(query)")
        #expect(query.contains("&latitude=-41.3&longitude=-174.8&maxradius="), "\(query)")
    }

    @Test("usage errors: exit 64, the error and where to read more, no catalog made", arguments: [
        (["--service", "nowhere"], "--service: unknown service 'nowhere'; services are usgs, emsc, gfz, ingv, isc, geonet, "
            + "or a base URL ending in /fdsnws/event/1"),
        (["--service", "https://x.org/api"], "--service: service URL 'https://x.org/api' must end in /fdsnws/event/1"),
        (["--service", "ftp://x.org/fdsnws/event/1"], "--service: service URL 'ftp://x.org/fdsnws/event/1' must be an http or https URL"),
        (["--service", "usgs", "--start", "tomorrowish"],
         "--start must be an ISO date or time (2019-07-01, 2019-07-01T12:00) or an age (30d, 12h), not 'tomorrowish'"),
        (["--service", "usgs", "--near", "Tokyo"], "--near and --radius go together"),
        (["--min-magnitude", "4"], "the query options need --service NAME|URL"),
        (["--service", "usgs", "--feed", "all_day"], "give --service or --feed/--url, not both"),
        (["--service", "usgs", "--start", "2019-01-02", "--end", "2019-01-01"], "--start must be before --end"),
        (["--service", "usgs", "--max-rate", "1000"], "--max-rate must be between 0.01 and 100"),
        (["--service", "usgs", "--near", "-41.3,174.8", "--radius", "-5"], "--radius must be above 0 and at most 20016 km"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try harness.run("fetch", arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: \(message)\nSee 'quakes-tui fetch --help'.\n")
        #expect(!FileManager.default.fileExists(atPath: harness.db))
    }
}
