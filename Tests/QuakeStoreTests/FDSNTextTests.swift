import Foundation
import QuakeStore
import Testing

/// FDSN event text (`format=text`) through the importer: the real week in
/// ComCat's layout gives the quakes the GeoJSON week gives, in every field
/// the text carries; other services' layouts (INGV's `Depth/Km`, a 14th
/// EventType column, spaces around bars, `--`) give the quakes written out
/// in each test; broken files give their one error line.
@Suite(.timeLimit(.minutes(10)))
struct FDSNTextTests {
    let folder = TemporaryFolder()

    func importText(_ text: String, service: String? = nil, into catalog: QuakeCatalog? = nil) throws -> (ImportReport, [String: Quake]) {
        let catalog = try catalog ?? folder.catalog()
        let report = try QuakeImporter(catalog: catalog).importFile(at: folder.write("events.txt", text), name: "events.txt",
                                                                    service: service)
        return (report, try storedQuakes(catalog))
    }

    func report(new: Int = 0, updated: Int = 0, unchanged: Int = 0, name: String = "events.txt") -> ImportReport {
        var report = ImportReport(name: name)
        (report.new, report.updated, report.unchanged) = (new, updated, unchanged)
        return report
    }

    static func date(_ epochMilliseconds: Int64) -> Date { Date(epochMilliseconds: epochMilliseconds) }

    @Test func weekTextGivesTheGeoJSONWeeksQuakes() throws {
        let geoJSON = try folder.catalog("geojson.sqlite")
        _ = try QuakeImporter(catalog: geoJSON).importFile(at: Fixture.week)
        let fromGeoJSON = try storedQuakes(geoJSON)
        let textCatalog = try folder.catalog("text.sqlite")
        let textReport = try QuakeImporter(catalog: textCatalog).importFile(at: Fixture.weekFDSNText, name: "week.txt")
        #expect(textReport == report(new: 4711, name: "week.txt"))
        let fromText = try storedQuakes(textCatalog)
        #expect(fromText.count == 4711)
        #expect(Set(fromText.keys) == Set(fromGeoJSON.keys))
        for (id, text) in fromText {
            guard let geo = fromGeoJSON[id] else { continue }
            #expect(text.time == geo.time, "\(id)")
            #expect(abs(text.latitude - geo.latitude) <= 0.00005 && abs(text.longitude - geo.longitude) <= 0.00005, "\(id)")
            #expect(text.depth == geo.depth && text.magnitude == geo.magnitude, "\(id)")
            #expect(text.magType == geo.magType && text.place == geo.place, "\(id)")
        }
        // The first line, every field: hv70264586|2018-06-14T09:12:13.010|19.394|-155.275|1.46|hv|hv|hv|hv70264586|ml|2.94|hv|5km SW of Volcano, Hawaii
        let time = Self.date(1_528_967_533_010)
        #expect(fromText["hv70264586"] == Quake(
            id: "hv70264586", code: "hv70264586", net: "hv", ids: ",hv70264586,", magnitude: 2.94, magType: "ml",
            place: "5km SW of Volcano, Hawaii", time: time, updated: time, depth: 1.46, latitude: 19.394, longitude: -155.275,
            status: "", type: "earthquake", title: "M 2.9 - 5km SW of Volcano, Hawaii",
            url: "https://earthquake.usgs.gov/earthquakes/eventpage/hv70264586")
            .sourced(location: "hv", magnitude: "hv", catalog: "hv", contributor: "hv"))
    }

    /// ComCat's ids are stored bare, so the text's events are the GeoJSON's:
    /// older (the text's `updated` is the origin time), they change nothing.
    @Test func weekTextAfterTheGeoJSONWeekMerges() throws {
        let catalog = try folder.catalog()
        let importer = QuakeImporter(catalog: catalog)
        _ = try importer.importFile(at: Fixture.week)
        let before = try storedQuakes(catalog)
        let textReport = try importer.importFile(at: Fixture.weekFDSNText, name: "week.txt")
        #expect(textReport == report(unchanged: 4711, name: "week.txt"))
        #expect(try storedQuakes(catalog) == before)
    }

    static let ingvText = """
        #EventID | Time | Latitude | Longitude | Depth/Km | Author | Catalog | Contributor | ContributorID | MagType | Magnitude | MagAuthor | EventLocationName | EventType
        863301 | 2012-05-29T23:58:58.770000 | 44.874 | 11.071 | 9.6 | SURVEY-INGV | INGV | BULLETIN-INGV | 863301 | ML | 2.8 | -- | Pianura padana emiliana (MO) | earthquake
        863302 | 2012-05-30T00:01:02Z | 44.9 | 11.1 |  | SURVEY-INGV | INGV |  |  |  |  | -- | Pianura padana emiliana (FE) | quarry blast

        863303|2012-05-30T00:02:03.123Z|-44.9|-11.1|-1.5||INGV|||Mw|5|--|Mid-Atlantic Ridge|

        """

    /// The quakes of `ingvText`, stored under `service`, whose event page is `url`.
    static func ingvQuakes(service: String, url: (String) -> String) -> [String: Quake] {
        let first = date(1_338_335_938_770), second = date(1_338_336_062_000), third = date(1_338_336_123_123)
        let quakes = [
            Quake(id: "\(service):863301", code: "863301", net: "bulletin-ingv", ids: ",\(service):863301,", magnitude: 2.8,
                  magType: "ML", place: "Pianura padana emiliana (MO)", time: first, updated: first, depth: 9.6,
                  latitude: 44.874, longitude: 11.071, status: "", type: "earthquake",
                  title: "M 2.8 - Pianura padana emiliana (MO)", url: url("863301"))
                .sourced(location: "SURVEY-INGV", catalog: "INGV", contributor: "BULLETIN-INGV"),
            Quake(id: "\(service):863302", code: "863302", net: "ingv", ids: ",\(service):863302,", magnitude: nil,
                  magType: "", place: "Pianura padana emiliana (FE)", time: second, updated: second, depth: 0,
                  latitude: 44.9, longitude: 11.1, status: "", type: "quarry blast",
                  title: "M ? Quarry Blast - Pianura padana emiliana (FE)", url: url("863302"))
                .sourced(location: "SURVEY-INGV", catalog: "INGV"),
            Quake(id: "\(service):863303", code: "863303", net: "ingv", ids: ",\(service):863303,", magnitude: 5,
                  magType: "Mw", place: "Mid-Atlantic Ridge", time: third, updated: third, depth: -1.5,
                  latitude: -44.9, longitude: -11.1, status: "", type: "earthquake",
                  title: "M 5.0 - Mid-Atlantic Ridge", url: url("863303")).sourced(catalog: "INGV"),
        ]
        return Dictionary(uniqueKeysWithValues: quakes.map { ($0.id, $0) })
    }

    @Test func ingvLayoutIsReadByColumnName() throws {
        let (report, quakes) = try importText(Self.ingvText)
        #expect(report == self.report(new: 3))
        #expect(quakes == Self.ingvQuakes(service: "ingv") { "https://terremoti.ingv.it/event/\($0)" })
    }

    /// INGV's own answers leave Catalog and Contributor empty; the Author
    /// `SURVEY-INGV` names the service in a word of its own. A ComCat
    /// Author (a network, `us`) names none, and `ISCGEM` is not `ISC`.
    @Test func anAuthorNamesTheServiceWhenCatalogAndContributorAreEmpty() throws {
        let text = """
            #EventID|Time|Latitude|Longitude|Depth/Km|Author|Catalog|Contributor|ContributorID|MagType|Magnitude|MagAuthor|EventLocationName|EventType
            863301|2012-05-29T23:58:58.770000|44.874|11.071|9.6|SURVEY-INGV||||ML|2.8|--|Pianura padana emiliana (MO)|earthquake
            us7000abcd|2024-01-01T00:00:00Z|38.25|142.5|10|us||||mww|6.1|us|Honshu|earthquake
            iscgem1|1950-01-01T00:00:00Z|38.25|142.5|10|ISCGEM||||mw|6.1||Honshu|earthquake

            """
        let (report, quakes) = try importText(text)
        #expect(report == self.report(new: 3))
        #expect(quakes.keys.sorted() == ["ingv:863301", "iscgem1", "us7000abcd"])
        #expect(quakes["ingv:863301"]?.net == "ingv")
        #expect(quakes["ingv:863301"]?.url == "https://terremoti.ingv.it/event/863301")
    }

    @Test func serviceGivenToTheImportOverridesTheCatalogColumn() throws {
        let (report, quakes) = try importText(Self.ingvText, service: "emsc")
        #expect(report == self.report(new: 3))
        #expect(quakes == Self.ingvQuakes(service: "emsc") { "https://www.seismicportal.eu/eventdetails.html?unid=\($0)" })
    }

    /// Columns in another order, CRLF line ends, blank lines before the
    /// header, a 6-decimal time with `Z` and a 0-decimal one without; the
    /// Catalog names no service, so the ids are ComCat's, bare.
    @Test func comCatLayoutInAnotherOrder() throws {
        let text = "\r\n\r\n#Time|EventID|Longitude|Latitude|Depth/km|Author|Catalog|Contributor|ContributorID|MagType|Magnitude|MagAuthor|EventLocationName\r\n"
            + "2024-01-01T00:00:00.999999Z|us7000abcd|142.5|38.25|10|us|us|us|us7000abcd|mww|6.1|us|near the east coast of Honshu, Japan\r\n"
            + "2012-05-30T00:01:02|ak0123|-150|61||ak|ak|||ml|1.25|ak|\r\n"
        let (report, quakes) = try importText(text)
        #expect(report == self.report(new: 2))
        let first = Self.date(1_704_067_200_999), second = Self.date(1_338_336_062_000)
        #expect(quakes == [
            "us7000abcd": Quake(id: "us7000abcd", code: "us7000abcd", net: "us", ids: ",us7000abcd,", magnitude: 6.1,
                                magType: "mww", place: "near the east coast of Honshu, Japan", time: first, updated: first,
                                depth: 10, latitude: 38.25, longitude: 142.5, status: "", type: "earthquake",
                                title: "M 6.1 - near the east coast of Honshu, Japan",
                                url: "https://earthquake.usgs.gov/earthquakes/eventpage/us7000abcd")
                .sourced(location: "us", magnitude: "us", catalog: "us", contributor: "us"),
            "ak0123": Quake(id: "ak0123", code: "ak0123", net: "ak", ids: ",ak0123,", magnitude: 1.25, magType: "ml",
                            place: "", time: second, updated: second, depth: 0, latitude: 61, longitude: -150, status: "",
                            type: "earthquake", title: "M 1.3 - ",   // 1.25: USGS rounds the half away from zero
                            url: "https://earthquake.usgs.gov/earthquakes/eventpage/ak0123")
                .sourced(location: "ak", magnitude: "ak", catalog: "ak"),
        ])
    }

    @Test func headerWithoutARequiredColumnIsOneErrorLine() throws {
        let path = folder.write("events.txt", "#EventID|Time|Lat|Longitude|Depth/km\n1|2012-05-30T00:01:02|44|11|5\n")
        let result = try runQuakesTUI(["import", "--db", folder.file("quakes.sqlite"), path])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: \(path): missing column \"Latitude\" in the FDSN text header at line 1\n")
    }

    /// A value that is no number or time at all, or a line of another
    /// shape than the header, fails the file as in CSV: one line, nothing stored.
    @Test func unreadableLinesFailTheFile() throws {
        let header = "#EventID|Time|Latitude|Longitude|Depth/km\n"
        func error(_ text: String) throws -> String { try error(Data(text.utf8)) }
        func error(_ bytes: Data) throws -> String {
            let catalog = try folder.catalog()
            do {
                _ = try QuakeImporter(catalog: catalog).importFile(at: folder.write("bad.txt", bytes), name: "bad.txt")
                return "imported"
            } catch {
                #expect(try storedQuakes(catalog).isEmpty)
                return "\(error)"
            }
        }
        #expect(try error(header + "1|2012-05-30T00:01:02|44|11|5\n2|2012-05-30T00:01:02|north|11|5\n")
            == #"bad.txt: "Latitude" must be a number, found "north" at line 3"#)
        #expect(try error(header + "1|2012-05-30 noon|44|11|5\n")
            == #"bad.txt: "Time" must be an ISO 8601 time, found "2012-05-30 noon" at line 2"#)
        #expect(try error(header + "1|2012-05-30T00:01:02|44|11\n") == "bad.txt: row has 4 fields, the header has 5 at line 2")
        #expect(try error("\n  \n#EventID|Time|Latitude\n") == #"bad.txt: missing column "Longitude" in the FDSN text header at line 3"#)
        #expect(try error(Data("#EventID|Time|Latitude|Longitude\n1|2012-05-30T00:01:02|44|11\n".utf8) + [0xFF, 0x0A])
            == "bad.txt: not UTF-8 (invalid byte 0xFF) at 3:1")
    }

    @Test func badRowsAreSkippedWithTheirReasons() throws {
        let path = folder.write("events.txt", """
            #EventID|Time|Latitude|Longitude|Depth/km|Author|Catalog|Contributor|ContributorID|MagType|Magnitude|MagAuthor|EventLocationName
            us1|2018-06-14T09:12:13.010|19.394|-155.275|1.46|us|us|us|us1|ml|2.94|us|somewhere
            us2|2018-06-14T09:12:13.010||-155.275|1.46|us|us|us|us2|ml|2.94|us|no latitude
            us3||19.394|-155.275|1.46|us|us|us|us3|ml|2.94|us|no time
            |2018-06-14T09:12:13.010|19.394|-155.275|1.46|us|us|us||ml|2.94|us|no id
            us5|2018-06-14T09:12:13.010|19.394|-155.275|1.46|us|us|us|us5|ml|99|us|too big
            us6|2018-06-14T09:12:13.010|19.394|-155.275|1001|us|us|us|us6|ml|2|us|too deep

            """)
        let result = try runQuakesTUI(["import", "--db", folder.file("quakes.sqlite"), path])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            imported \(path): 1 new, 0 updated, 0 unchanged, 5 skipped
              skipped line 3: missing coordinates
              skipped line 4: missing time
              skipped line 5: missing EventID
              skipped line 6: magnitude 99.0 out of range
              skipped line 7: depth 1001.0 out of range

            """)
    }

    @Test func serviceOptionStoresUnderThatService() throws {
        let path = folder.write("events.txt", Self.ingvText)
        let result = try runQuakesTUI(["import", "--db", folder.file("quakes.sqlite"), "--service", "EMSC", path])
        #expect(result.status == 0)
        #expect(result.stdout == "imported \(path): 3 new, 0 updated, 0 unchanged, 0 skipped\n")
        let stored = try storedQuakes(try QuakeCatalog(path: folder.file("quakes.sqlite")))
        #expect(stored.keys.sorted() == ["emsc:863301", "emsc:863302", "emsc:863303"])
    }

    @Test func unknownServiceIsAUsageError() throws {
        let path = folder.write("events.txt", Self.ingvText)
        let result = try runQuakesTUI(["import", "--db", folder.file("quakes.sqlite"), "--service", "nowhere", path])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: unknown service \"nowhere\"; known services: usgs, emsc, gfz, ingv, isc, geonet, iris\n"
                + "See 'quakes-tui import --help'.\n")
    }
}

extension Quake {
    /// The quake with FDSN text's Author, MagAuthor, Catalog and Contributor.
    func sourced(location: String? = nil, magnitude: String? = nil, catalog: String? = nil, contributor: String? = nil) -> Quake {
        var quake = self
        (quake.locationSource, quake.magSource, quake.catalog, quake.contributor) = (location, magnitude, catalog, contributor)
        return quake
    }
}
