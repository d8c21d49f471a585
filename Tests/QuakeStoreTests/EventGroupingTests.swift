import Foundation
import GRDB
@testable import QuakeStore
import Testing
import TestSupport

/// Reports of one quake from two services become one event: real EMSC and
/// USGS answers for the same window (`Tests/Fixtures/association`, their
/// sources in its README), grouped as the independent reference script
/// (`reference_associate.py`, PDL's rules) groups them.
@Suite struct EventGroupingTests {
    let folder = TemporaryFolder()
    static let association = Fixture.folder.appendingPathComponent("association")
    static let emsc = association.appendingPathComponent("emsc_fdsnws-event_2017-09-01_2017-11-01_M6.5.txt").path
    static let usgs = association.appendingPathComponent("usgs_2017-09-01_2017-11-01_M6.5.csv").path

    /// The reference script's groups: the ids of each event's origins, as
    /// stored (the other service's, all digits first, as `SERVICE:ID`).
    static func expectedGroups(_ file: String = "expected_events.txt", other service: String = "emsc") throws -> Set<Set<String>> {
        let text = try String(contentsOfFile: association.appendingPathComponent(file).path, encoding: .utf8)
        let lines = text.split(separator: "\n").filter { $0.contains(" + ") || !$0.contains(" ") }
        return Set(lines.map { line in
            Set(line.components(separatedBy: " + ").map { $0.first!.isNumber ? service + ":" + $0 : $0 })
        })
    }

    /// Every event's origins' ids, from the catalog.
    static func groups(_ catalog: QuakeCatalog) throws -> Set<Set<String>> {
        let events = try catalog.dbWriter.read { db in try String.fetchAll(db, sql: "SELECT id FROM quake") }
        return Set(try events.map { Set(try catalog.origins(ofEventHolding: $0).map(\.report.id)) })
    }

    func catalog(importing paths: [String]) throws -> (QuakeCatalog, [ImportReport]) {
        let catalog = try folder.catalog(UUID().uuidString + ".sqlite")
        let reports = try paths.map { try QuakeImporter(catalog: catalog).importFile(at: $0) }
        return (catalog, reports)
    }

    @Test("EMSC's and USGS's answers for one window: six events of two origins each, as the reference script groups them, whichever comes first")
    func twoServicesBecomeTheReferenceEvents() throws {
        let expected = try Self.expectedGroups()
        #expect(expected.count == 6 && expected.allSatisfy { $0.count == 2 })
        for order in [[Self.emsc, Self.usgs], [Self.usgs, Self.emsc]] {
            let (catalog, reports) = try catalog(importing: order)
            #expect(try catalog.count() == 6)
            #expect(try Self.groups(catalog) == expected)
            #expect(reports[1].counts == "6 new, 0 updated, 0 unchanged, 0 skipped, 6 joined another service's event")
            // USGS ranks before EMSC and ComCat's `us` is no regional network: USGS's origins speak.
            let ids = try catalog.dbWriter.read { db in try String.fetchAll(db, sql: "SELECT id FROM quake ORDER BY time") }
            #expect(ids == ["us2000ahv0", "us2000ar20", "us2000b2vq", "us1000apql", "us1000aw8q", "us1000aytk"])
        }
    }

    static let usgsTwoYears = association.appendingPathComponent("usgs_2013-2014_M6.csv").path
    static let iscGEMTwoYears = association.appendingPathComponent("iscgem_2013-2014_Mw6.csv").path

    @Test("USGS's and ISC-GEM's catalogues of 2013–2014, M ≥ 6: 305 events, grouped as the reference script groups them, whichever comes first")
    func twoCataloguesBecomeTheReferenceEvents() throws {
        let expected = try Self.expectedGroups("expected_events_2013-2014_M6.txt", other: "iscgem")
        #expect(expected.count == 305 && expected.filter { $0.count == 2 }.count == 273)
        for order in [[Self.usgsTwoYears, Self.iscGEMTwoYears], [Self.iscGEMTwoYears, Self.usgsTwoYears]] {
            let (catalog, reports) = try catalog(importing: order)
            #expect(try catalog.count() == 305)
            #expect(try Self.groups(catalog) == expected)
            #expect(reports[1].counts.hasSuffix(", 273 joined another service's event"), "\(reports[1].counts)")
        }
    }

    @Test("the b-value over the events of both catalogues equals USGS's alone within its σ; counting both agencies' reports would not be one catalogue")
    func theBValueOverEventsIsOneAgencys() throws {
        func stats(_ paths: [String]) throws -> (b: Double, error: Double, count: Int) {
            let db = folder.file(UUID().uuidString + ".sqlite")
            for path in paths { #expect(try runQuakesTUI(["import", "--db", db, path]).status == 0) }
            let answer = try runQuakesTUI(["stats", "--db", db, "--format", "json", "--mc", "6.0"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? [String: Any], "\(answer.stderr)")
            return (try #require(object["b"] as? Double), try #require(object["b_error"] as? Double), try #require(object["count"] as? Int))
        }
        let usgs = try stats([Self.usgsTwoYears])
        let events = try stats([Self.usgsTwoYears, Self.iscGEMTwoYears])
        #expect(usgs.count == 297 && events.count == 305)
        #expect(abs(events.b - usgs.b) <= usgs.error, "events \(events), USGS alone \(usgs)")
        // Aki–Utsu by hand over USGS's 297 magnitudes, each to its 0.1 bin
        // (some are given to 0.01), Mc 6.0: the number the program gives.
        let text = try String(contentsOfFile: Self.usgsTwoYears, encoding: .utf8)
        let magnitudes = text.split(separator: "\n").dropFirst().map { (Double($0.split(separator: ",")[4])! * 10).rounded() / 10 }
        let mean = magnitudes.reduce(0, +) / Double(magnitudes.count)
        #expect(abs(usgs.b - log10(M_E) / (mean - (6.0 - 0.05))) < 1e-9)
    }

    @Test("the 2017 Puebla M 7.1: EMSC 20170919_0000091 and USGS us2000ar20 are one event, USGS's values, EMSC's differences listed")
    func pueblaIsOneEvent() throws {
        let (catalog, _) = try catalog(importing: [Self.emsc, Self.usgs])
        let origins = try catalog.origins(ofEventHolding: "emsc:20170919_0000091")
        #expect(origins.map(\.report.id) == ["us2000ar20", "emsc:20170919_0000091"])
        #expect(origins.map(\.provider) == ["usgs", "emsc"])
        let event = try #require(try storedQuakes(catalog)["us2000ar20"])
        #expect(event.magnitude == 7.1 && event.latitude == 18.5499 && event.depth == 48)
        let (seconds, kilometres, magnitude) = origins[1].differences(from: origins[0].report)
        // 18:14:38.5 against 18:14:38.090; (18.59, -98.47) against (18.5499, -98.4887).
        #expect(abs(seconds - 0.41) < 1e-9)
        #expect(abs(kilometres - GreatCircle.distanceKilometres(18.5499, -98.4887, 18.59, -98.47)) < 1e-9)
        #expect(kilometres > 4.85 && kilometres < 4.9)
        #expect(magnitude == 0)
    }

    @Test("importing either answer again adds no origin and no event")
    func reimportingDuplicatesNothing() throws {
        let (catalog, _) = try catalog(importing: [Self.emsc, Self.usgs])
        let before = try Self.groups(catalog)
        for path in [Self.emsc, Self.usgs] {
            let report = try QuakeImporter(catalog: catalog).importFile(at: path)
            #expect(report.counts == "0 new, 0 updated, 6 unchanged, 0 skipped")
        }
        #expect(try Self.groups(catalog) == before)
        #expect(try catalog.dbWriter.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM origin") } == 6, "the other service's report of each event; its own row is the preferred origin")
    }

    /// An EMSC text row of the fixture's shape.
    static func emscText(_ rows: [String]) -> String {
        "#EventID|Time|Latitude|Longitude|Depth/km|Author|Catalog|Contributor|ContributorID|MagType|Magnitude|MagAuthor|EventLocationName\n"
            + rows.map { $0 + "\n" }.joined()
    }

    func importText(_ text: String, into catalog: QuakeCatalog, answeredAt: Date) throws -> ImportReport {
        try QuakeImporter(catalog: catalog).importData(Data(text.utf8), name: "emsc", answeredAt: answeredAt)
    }

    @Test("an origin updated out of its event's windows leaves it and is an event of its own; the event keeps its other origin")
    func anOriginThatMovesAwayLeaves() throws {
        let (catalog, _) = try catalog(importing: [Self.emsc, Self.usgs])
        // EMSC moves Puebla 3° north (a revision of the same id): out of the ±0.9° box.
        let moved = "20170919_0000091|2017-09-19T18:14:38.5Z|21.59|-98.47|50.0|EMSC|EMSC-RTS|EMSC|619258|mw|7.1|EMSC|PUEBLA, MEXICO"
        let report = try importText(Self.emscText([moved]), into: catalog, answeredAt: Date())
        #expect(report.counts == "0 new, 1 updated, 0 unchanged, 0 skipped")
        #expect(try catalog.origins(ofEventHolding: "us2000ar20").map(\.report.id) == ["us2000ar20"])
        let alone = try #require(try storedQuakes(catalog)["emsc:20170919_0000091"])
        #expect(try catalog.origins(ofEventHolding: alone.id).count == 1 && alone.latitude == 21.59)
        #expect(try catalog.count() == 7)
        #expect(try catalog.dbWriter.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM origin") } == 5)
        // Moved back: it joins again.
        let back = "20170919_0000091|2017-09-19T18:14:38.5Z|18.59|-98.47|50.0|EMSC|EMSC-RTS|EMSC|619258|mw|7.1|EMSC|PUEBLA, MEXICO"
        #expect(try importText(Self.emscText([back]), into: catalog, answeredAt: Date().addingTimeInterval(1)).joined == 1)
        #expect(try catalog.count() == 6)
    }

    @Test("a second report of the same service never joins an event holding one: the nearer joins, the other stays alone")
    func oneReportAServicePerEvent() throws {
        let (catalog, _) = try catalog(importing: [Self.usgs])
        let rows = ["20170919_0000091|2017-09-19T18:14:38.5Z|18.59|-98.47|50.0|EMSC|EMSC-RTS|EMSC|619258|mw|7.1|EMSC|PUEBLA, MEXICO",
                    "20170919_0000099|2017-09-19T18:14:45.0Z|18.70|-98.40|50.0|EMSC|EMSC-RTS|EMSC|619259|mw|5.0|EMSC|PUEBLA, MEXICO"]
        let report = try importText(Self.emscText(rows), into: catalog, answeredAt: Date())
        #expect(report.joined == 1)
        #expect(try catalog.origins(ofEventHolding: "us2000ar20").map(\.report.id) == ["us2000ar20", "emsc:20170919_0000091"])
        #expect(try catalog.origins(ofEventHolding: "emsc:20170919_0000099").map(\.report.id) == ["emsc:20170919_0000099"])
    }

    @Test("split keeps an origin apart and merge keeps two together, in later imports too")
    func mergeAndSplitAreKept() throws {
        let (catalog, _) = try catalog(importing: [Self.emsc, Self.usgs])
        #expect(try catalog.split("emsc:20170919_0000091") == "us2000ar20")
        #expect(try catalog.count() == 7)
        _ = try QuakeImporter(catalog: catalog).importFile(at: Self.emsc)
        let changed = "20170919_0000091|2017-09-19T18:14:38.5Z|18.59|-98.47|51.0|EMSC|EMSC-RTS|EMSC|619258|mw|7.1|EMSC|PUEBLA, MEXICO"
        #expect(try importText(Self.emscText([changed]), into: catalog, answeredAt: Date()).counts
                == "0 new, 1 updated, 0 unchanged, 0 skipped", "revised, and still apart")
        #expect(try catalog.count() == 7)
        #expect(throws: GroupingError(description: "emsc:20170919_0000091 is an event of one origin: nothing to split")) {
            try catalog.split("emsc:20170919_0000091")
        }
        #expect(try catalog.merge("us2000ar20", "emsc:20170919_0000091") == "us2000ar20", "together again: the user changed their mind")
        #expect(try catalog.count() == 6)
        // Bouvet's EMSC origin with the Loyalty Islands' USGS one: 20 days and
        // 11,000 km apart, one event because the user says so.
        try catalog.split("emsc:20171010_0000169")
        try catalog.split("emsc:20171031_0000002")
        #expect(try catalog.merge("emsc:20171010_0000169", "us1000aytk") == "us1000aytk")
        let bouvet = "20171010_0000169|2017-10-10T18:53:33.6Z|-54.33|8.49|12.0|EMSC|EMSC-RTS|EMSC|623367|mw|6.7|EMSC|BOUVET ISLAND REGION"
        #expect(try importText(Self.emscText([bouvet]), into: catalog, answeredAt: Date().addingTimeInterval(1)).counts
                == "0 new, 1 updated, 0 unchanged, 0 skipped")
        #expect(try catalog.origins(ofEventHolding: "us1000aytk").map(\.report.id) == ["us1000aytk", "emsc:20171010_0000169"])
        #expect(try catalog.origins(ofEventHolding: "us1000apql").map(\.report.id) == ["us1000apql"],
                "Bouvet's USGS origin stays apart from its EMSC one")
        #expect(try catalog.count() == 7)
        #expect(throws: GroupingError(description: "us1000aytk and us2000ar20 cannot be one event: both hold a report of emsc and usgs, and an event holds one report a service")) {
            try catalog.merge("us1000aytk", "us2000ar20")
        }
        #expect(throws: GroupingError(description: "no quake or origin nothing in the catalog")) { try catalog.merge("nothing", "us2000ar20") }
        #expect(throws: GroupingError(description: "us2000ar20 and emsc:20170919_0000091 are already one event, us2000ar20")) {
            try catalog.merge("us2000ar20", "emsc:20170919_0000091")
        }
    }

    @Test("a second service's answer large enough for a bulk load is grouped at its end: every report of the real week joins its quake, the others stay alone")
    func aBulkLoadIsGroupedAtItsEnd() throws {
        let catalog = try folder.catalog("bulk.sqlite")
        _ = try QuakeImporter(catalog: catalog).importFile(at: Fixture.weekFDSNText)
        // The real week as another service reports it: each quake 1 s later
        // and 0.01° north, as EMSC's ids; then 9,289 quakes of 2000 that
        // nothing matches, so the answer (14,000 rows, 2.6 MB) is loaded in bulk.
        let lines = try String(contentsOfFile: Fixture.weekFDSNText, encoding: .utf8).split(separator: "\n").dropFirst()
        var rows: [String] = []
        for line in lines {
            var fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let time = try #require(ISOTime.epochMilliseconds(fields[1] + "Z"))
            fields[0] = "2018\(fields[0])"
            fields[1] = ISOTime.string(epochMilliseconds: time + 1000)
            fields[2] = String(try #require(Double(fields[2])) + 0.01)
            rows.append(fields.joined(separator: "|"))
        }
        for n in 0..<(14_000 - rows.count) {
            rows.append("2000x\(n)|\(ISOTime.string(epochMilliseconds: 946_684_800_000 + Int64(n) * 60_000))|10|10|10|EMSC|EMSC-RTS|EMSC|1|mb|4|EMSC|"
                        + String(repeating: "FAR FROM ANY OTHER QUAKE ", count: 6))
        }
        let report = try QuakeImporter(catalog: catalog).importData(Data(Self.emscText(rows).utf8), name: "emsc", service: "emsc")
        #expect(report.counts == "14000 new, 0 updated, 0 unchanged, 0 skipped, 4711 joined another service's event")
        #expect(try catalog.count() == 14_000)
        #expect(try catalog.dbWriter.read { db in try Int.fetchOne(db, sql: "SELECT sum(quakes) FROM quakeDay") } == 14_000,
                "the kept counts follow the reports that left the table for their events")
        #expect(try catalog.dbWriter.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM origin WHERE provider = 'emsc'") } == 4711)
        // USGS's ComCat origins speak; each joined report is its own quake's, 1 s later.
        let volcano = try catalog.origins(ofEventHolding: "hv70264586")
        #expect(volcano.map(\.report.id) == ["hv70264586", "emsc:2018hv70264586"])
        #expect(abs(volcano[1].differences(from: volcano[0].report).seconds - 1) < 1e-9)
    }

    @Test("a catalog of schema v8 is upgraded in place: every quake an event of one origin, its services listed")
    func olderCatalogsMigrate() throws {
        let path = folder.file("v8.sqlite")
        var configuration = Configuration()
        configuration.prepareDatabase { db in SQLFunctions.register(in: db) }
        try DatabaseQueue(path: path, configuration: configuration).write { db in
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            for migration in Schema.migrations.prefix(8) {
                try migration.run(db)
                try db.execute(sql: "INSERT INTO grdb_migrations VALUES (?)", arguments: [migration.identifier])
            }
        }
        try DatabaseQueue(path: path).write { db in
            for (id, time) in [("us1", 1_000_000), ("emsc:2", 1_005_000)] {
                try db.execute(sql: """
                    INSERT INTO quake (id, code, net, ids, magType, place, placeFolded, time, updated, day, depth, latitude, longitude,
                                       status, type, title, url)
                    VALUES (?, '', '', '', '', 'x', 'x', ?, 0, '1970-01-01', 10, 10, 10, '', 'earthquake', '', '')
                    """, arguments: [id, time])
            }
        }
        let catalog = try QuakeCatalog(path: path)
        let stored = try storedQuakes(catalog)
        #expect(stored.count == 2, "two services' reports 5 s apart stay two events until imported again")
        #expect(try catalog.origins(ofEvents: ["us1", "emsc:2"]).map(\.report.id) == ["us1", "emsc:2"])
        #expect(try catalog.dbWriter.read { db in try String.fetchAll(db, sql: "SELECT provider FROM catalogProvider ORDER BY 1") }
                == ["emsc", "usgs"])
    }

    /// USGS's Puebla report re-keyed, as ComCat does when another network's
    /// id becomes preferred: a new id whose `ids` list the one stored. Made
    /// up from the real row (its time, place and values), updated later.
    static let rekeyedPuebla = """
        {"type":"FeatureCollection","features":[{"type":"Feature","id":"pt17262000","properties":{"mag":7.1,\
        "place":"1 km S of Matzaco, Mexico","time":1505844878090,"updated":1700000000000,"net":"pt","code":"17262000",\
        "ids":",pt17262000,us2000ar20,","status":"reviewed","tsunami":0,"sig":1000,"magType":"mww","type":"earthquake",\
        "title":"M 7.1 - 1 km S of Matzaco, Mexico"},\
        "geometry":{"type":"Point","coordinates":[-98.4887,18.5499,48]}}]}
        """

    @Test("a ComCat report re-keyed (its ids list the stored one) takes the stored report's place in its event: the other service's origin stays, no second event")
    func aRekeyedComCatReportKeepsTheOtherServicesOrigin() throws {
        let (catalog, _) = try catalog(importing: [Self.emsc, Self.usgs])
        let before = try Self.groups(catalog)
        _ = try QuakeImporter(catalog: catalog).importData(Data(Self.rekeyedPuebla.utf8), name: "rekeyed")
        #expect(try catalog.count() == 6, "no second event")
        var expected = before
        expected.remove(["us2000ar20", "emsc:20170919_0000091"])
        expected.insert(["pt17262000", "emsc:20170919_0000091"])
        #expect(try Self.groups(catalog) == expected)
        let origins = try catalog.origins(ofEventHolding: "pt17262000")
        #expect(origins.map(\.provider) == ["usgs", "emsc"], "EMSC's origin kept")
    }
}
