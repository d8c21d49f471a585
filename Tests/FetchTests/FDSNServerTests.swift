import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport

/// The local fdsnws-event service (fdsnws_server.py) the fetch tests use
/// answers as its catalog and options say: checked with curl against an
/// independent filter of the catalog in Swift.
@Suite struct FDSNServerTests {
    let folder = TemporaryFolder()

    /// What curl got: the status (0: none), headers by lower-case name, body, curl's exit status.
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: String
        var exit: Int32
        var ids: [String] { body.split(separator: "\n").dropFirst().map { String($0.split(separator: "|")[0]) } }
    }

    func get(_ url: String) throws -> Answer {
        let headers = folder.file("headers"), body = folder.file("body")
        let result = try runProgram("curl", ["-s", "-D", headers, "-o", body, "-w", "%{http_code}", url])
        let headerText = (try? String(contentsOfFile: headers, encoding: .utf8)) ?? ""
        var fields: [String: String] = [:]
        for line in headerText.split(separator: "\r\n") {
            if let colon = line.firstIndex(of: ":") {
                fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return Answer(status: Int(result.stdout) ?? 0, headers: fields,
                      body: (try? String(contentsOfFile: body, encoding: .utf8)) ?? "", exit: result.status)
    }

    func synthetic(_ count: Int = 500, seed: UInt64 = 7) throws -> (String, [CatalogEvent]) {
        let path = folder.file("catalog.txt")
        let events = try FDSNServer.writeSyntheticCatalog(
            to: path, count: count, from: Date(timeIntervalSince1970: 1_500_000_000),
            to: Date(timeIntervalSince1970: 1_600_000_000), seed: seed)
        return (path, events)
    }

    @Test func fixtureWindowAndMagnitudeMatchTheCatalogLines() throws {
        let server = try FDSNServer(catalog: Fixture.weekFDSNText)
        let lines = try String(contentsOfFile: Fixture.weekFDSNText, encoding: .utf8).split(separator: "\n").map(String.init)
        let events = try FDSNCatalog.read(Fixture.weekFDSNText)
        let start = FDSNCatalog.date("2018-06-12T00:00:00")!, end = FDSNCatalog.date("2018-06-13")!
        let expected = events.filter { $0.time >= start && $0.time <= end && ($0.mag ?? -9) >= 2.5 }
            .sorted { ($0.time, $0.id) < ($1.time, $1.id) }
        let answer = try get(server.url("query", ["starttime": "2018-06-12T00:00:00Z", "endtime": "2018-06-13",
                                                  "minmag": "2.5", "orderby": "time-asc"]))
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "text/plain; charset=utf-8")
        #expect(!expected.isEmpty)
        // Same header, same lines as the catalog file, in time order.
        let byID = Dictionary(uniqueKeysWithValues: lines.dropFirst().map { (String($0.split(separator: "|")[0]), $0) })
        #expect(answer.body == ([FDSNCatalog.usgsHeader] + expected.map { byID[$0.id]! }).joined(separator: "\n") + "\n")
        #expect(server.requests() == ["200 /fdsnws/event/1/query?starttime=2018-06-12T00:00:00Z&endtime=2018-06-13&minmag=2.5&orderby=time-asc"])
    }

    @Test func boxesRadiusDepthAndUnknownMagnitudes() throws {
        let (path, synthesized) = try synthetic()
        var events = synthesized
        for index in stride(from: 0, to: events.count, by: 10) { events[index].magnitude = "" }
        try FDSNCatalog.write(events, to: path)
        let server = try FDSNServer(catalog: path, options: ["--count"])
        let newestFirst = events.sorted { ($1.time, $0.id) < ($0.time, $1.id) }

        // Across the antimeridian: longitude ≥ 170 or ≤ −170.
        let box = try get(server.url("query", ["minlongitude": "170", "maxlongitude": "-170", "minlat": "-60", "maxlat": "60"]))
        #expect(box.ids.count > 5)
        #expect(box.ids == newestFirst.filter { ($0.lon >= 170 || $0.lon <= -170) && abs($0.lat) <= 60 }.map(\.id))

        // Within 40° of (35, 139): great-circle degrees.
        func arc(_ e: CatalogEvent) -> Double {
            let (p1, p2) = (35.0 * .pi / 180, e.lat * .pi / 180)
            let (dp, dl) = (p2 - p1, (e.lon - 139) * .pi / 180)
            let a = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
            return 2 * asin(min(1, a.squareRoot())) * 180 / .pi
        }
        let ring = try get(server.url("query", ["lat": "35", "lon": "139", "minradius": "10", "maxradius": "40"]))
        #expect(ring.ids.count > 5)
        #expect(ring.ids == newestFirst.filter { arc($0) >= 10 && arc($0) <= 40 }.map(\.id))

        // Any magnitude bound leaves out the 50 events without one.
        let magnitudes = newestFirst.filter { ($0.depthKm ?? -1) >= 100 && ($0.depthKm ?? 1e9) <= 300 && $0.mag != nil && $0.mag! <= 7.5 }
        let deep = try get(server.url("query", ["mindepth": "100", "maxdepth": "300", "maxmagnitude": "7.5"]))
        #expect(deep.ids.count > 5)
        #expect(deep.ids == magnitudes.map(\.id))
        #expect(try get(server.url("count", ["maxmag": "7.5"])).body == "450\n")
        #expect(try get(server.url("count")).body == "500\n")
    }

    @Test func pagesByMagnitudeCoverTheCatalogOnce() throws {
        let (path, events) = try synthetic(120)
        let server = try FDSNServer(catalog: path)
        let expected = events.sorted { ($1.mag!, $1.time, $0.id) < ($0.mag!, $0.time, $1.id) }.map(\.id)
        var pages: [String] = []
        for offset in stride(from: 1, through: 120, by: 50) {
            pages += try get(server.url("query", ["orderby": "magnitude", "limit": "50", "offset": String(offset)])).ids
        }
        #expect(pages == expected)
        let one = try get(server.url("query", ["eventid": "syn00042", "format": "text"]))
        #expect(one.body == FDSNCatalog.usgsHeader + "\n" + events[41].usgsLine + "\n")
    }

    @Test func badParametersNoDataAndNoCountEndpoint() throws {
        let (path, _) = try synthetic(20)
        let server = try FDSNServer(catalog: path)
        let unknown = try get(server.url("query", ["minmag": "2", "magnitude": "3"]))
        #expect(unknown.status == 400)
        #expect(unknown.body.hasPrefix("Error 400: Bad Request\n\nUnknown parameter: magnitude\n"))
        #expect(try get(server.url("query", ["starttime": "yesterday"])).status == 400)
        #expect(try get(server.url("query", ["offset": "0"])).status == 400)
        let none = try get(server.url("query", ["minmag": "9"]))
        #expect(none.status == 204 && none.body.isEmpty)
        #expect(try get(server.url("query", ["minmag": "9", "nodata": "404"])).status == 404)
        #expect(try get(server.url("count")).status == 404)
        #expect(server.requests().map { $0.prefix(4) } == ["400 ", "400 ", "400 ", "204 ", "404 ", "404 "])
    }

    @Test func rateLimitUnavailableAndCutInOrder() throws {
        let (path, _) = try synthetic(50)
        let server = try FDSNServer(catalog: path, options: ["--rate-limit", "2", "--retry-after", "7",
                                                            "--unavailable", "1", "--cut-at", "1"])
        let url = server.url("query", ["minmag": "-1"])
        let first = try get(url), second = try get(url), third = try get(url), cut = try get(url), whole = try get(url)
        #expect([first.status, second.status, third.status] as [Int] == [429, 429, 503])
        #expect(first.headers["retry-after"] == "7" && third.headers["retry-after"] == "0")
        #expect(cut.status == 200 && cut.exit == 18)   // curl: partial file
        #expect(whole.status == 200 && whole.exit == 0 && whole.ids.count == 50)
        #expect(Int(cut.headers["content-length"]!) == whole.body.utf8.count)
        #expect(server.requests().map { $0.prefix(3) } == ["429", "429", "503", "200", "200"])
    }

    @Test func searchLimitAndDeath() throws {
        let (path, _) = try synthetic(30)
        let server = try FDSNServer(catalog: path, options: ["--limit", "10", "--limit-status", "413", "--die-at", "3",
                                                            "--retry-after", "none", "--rate-limit", "0"])
        let tooMany = try get(server.url("query"))
        #expect(tooMany.status == 413)
        #expect(tooMany.body.contains("30 matching events exceeds search limit of 10."))
        #expect(try get(server.url("query", ["limit": "10"])).ids.count == 10)
        let dead = try get(server.url("query", ["limit": "5"]))
        #expect(dead.status == 0 && dead.exit != 0)
        #expect(server.requests() == ["413 /fdsnws/event/1/query", "200 /fdsnws/event/1/query?limit=10",
                                      "000 /fdsnws/event/1/query?limit=5"])
    }

    @Test func rewrittenCatalogAndUpdatedAfter() throws {
        let (path, synthesized) = try synthetic(40)
        var events = synthesized
        let server = try FDSNServer(catalog: path)
        #expect(try get(server.url("query", ["updatedafter": "2021-01-01"])).status == 204)
        events[4].updatedText = "2021-02-03T04:05:06.789"
        events.append(CatalogEvent(id: "new0001", timeText: "2020-12-31T23:59:59.999Z", latitude: "10", longitude: "20",
                                   depth: "5", magnitude: "3.3", place: "四川省", updatedText: "2021-01-01T00:00:00"))
        try FDSNCatalog.write(events, to: path)
        let updated = try get(server.url("query", ["updatedafter": "2021-01-01T00:00:00.000000"]))
        #expect(updated.ids == ["new0001", "syn00005"])
        #expect(updated.body.contains("new0001|2020-12-31T23:59:59.999|10|20|5|sy|sy|sy|new0001|ml|3.3|sy|四川省\n"))
    }

    @Test func textVariantsAndQuakeML() throws {
        let path = folder.file("catalog.txt")
        try FDSNCatalog.write([CatalogEvent(id: "ev1", timeText: "2020-01-02T03:04:05.6", latitude: "38.3",
                                            longitude: "142.4", depth: "1.46", magnitude: "7.1",
                                            place: "Smith & Sons' <Quarry>, Tōhoku")], to: path)
        let ingv = try FDSNServer(catalog: path, options: ["--text-variant", "ingv"])
        #expect(try get(ingv.url()).body == """
            #EventID|Time|Latitude|Longitude|Depth/Km|Author|Catalog|Contributor|ContributorID|MagType|Magnitude|MagAuthor|EventLocationName|EventType
            ev1|2020-01-02T03:04:05.600|38.3|142.4|1.46|sy|sy|sy|ev1|ml|7.1|sy|Smith & Sons' <Quarry>, Tōhoku|earthquake

            """)
        let spaced = try FDSNServer(catalog: path, options: ["--text-variant", "spaced", "--publicid-host", "x.test"])
        #expect(try get(spaced.url()).body.hasSuffix("\nev1 | 2020-01-02T03:04:05.600000Z | 38.3 | 142.4 | 1.46 | sy | sy | sy | ev1 | ml | 7.1 | sy | Smith & Sons' <Quarry>, Tōhoku\n"))
        let xml = try get(spaced.url("query", ["format": "xml"]))
        #expect(xml.headers["content-type"] == "application/xml")
        #expect(xml.body.contains(#"<event publicID="smi:x.test/fdsnws/event/1/query?eventid=ev1">"#))
        #expect(xml.body.contains("<text>Smith &amp; Sons' &lt;Quarry&gt;, Tōhoku</text>"))
        #expect(xml.body.contains("<depth><value>1460</value></depth>"))
        #expect(xml.body.contains("<time><value>2020-01-02T03:04:05.600Z</value></time>"))
        #expect(xml.body.contains("<mag><value>7.1</value></mag>"))
        #expect(try XMLDocument(data: Data(xml.body.utf8)).rootElement()?.name == "q:quakeml")
    }
}
