import Foundation
import Testing
import TestSupport

/// `decluster` and `stats --omori/--forecast` through the real binary, on
/// the field's fixtures written as USGS CSV files: SeismoStats'
/// Gardner–Knopoff catalogue (its expected mainshock flags, from OpenQuake's
/// HMTK) and SAPP's 2003 northern Miyagi aftershocks (SAPP's `momori` fit).
@Suite(.timeLimit(.minutes(10)))
struct SequenceCommandTests {
    let folder = TemporaryFolder()

    /// The Gardner–Knopoff test catalogue in a catalog of its own.
    func gardnerKnopoffCatalog() throws -> String {
        let db = folder.file("gk.sqlite")
        let csv = folder.write("gk.csv", try SequenceFixtures.gardnerKnopoffCSV())
        #expect(try runQuakesTUI(["import", "--db", db, csv]).status == 0)
        return db
    }

    func ids(_ db: String, where predicate: String) throws -> [String] {
        let result = try runQuakesTUI(["list", "--db", db, "--where", predicate, "--sort", "time", "--limit", "100", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "," }) }
    }

    @Test func gardnerKnopoffFindsTheHMTKMainshocksAndKeepsThemAsPredicateKeys() throws {
        let db = try gardnerKnopoffCatalog()
        let result = try runQuakesTUI(["decluster", "--db", db, "--method", "gk"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").prefix(5) == [
            "gk (Gardner–Knopoff, Gardner & Knopoff (1974) window): 11 quakes in 5 clusters",
            "  mainshocks  5  (2 alone)",
            "  foreshocks  2",
            "  aftershocks 4",
            "largest: 4 quakes, mainshock gk02 M7.0 1980-01-01T00:00:00.000Z",
        ])
        // SeismoStats dec_gardner_knopoff_test.py l. 32–38: flags 1,0,1,0,0,1,0,0,1,0,1.
        #expect(try ids(db, where: "role == \"mainshock\"") == ["gk00", "gk02", "gk05", "gk08", "gk10"])
        #expect(try ids(db, where: "role == \"foreshock\"") == ["gk01", "gk07"])
        #expect(try ids(db, where: "role == \"aftershock\"") == ["gk03", "gk04", "gk06", "gk09"])
        #expect(try ids(db, where: "mainshock == \"gk02\"") == ["gk01", "gk02", "gk03", "gk04"])
        // Clusters are numbered in the time order of their first quake.
        #expect(try ids(db, where: "cluster == 2") == ["gk01", "gk02", "gk03", "gk04"])
        let csv = try runQuakesTUI(["list", "--db", db, "--where", "id == \"gk07\"", "--columns", "all", "--format", "csv"])
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.first?.hasSuffix(",origins,cluster,role,mainshock") == true)
        #expect(lines.last?.hasSuffix(",1,4,foreshock,gk08") == true)
        // The GeoJSON export carries the verdict too, after the stored fields.
        let geoJSON = try runQuakesTUI(["list", "--db", db, "--where", "id == \"gk07\"", "--format", "geojson"])
        let document = try JSONSerialization.jsonObject(with: Data(geoJSON.stdout.utf8)) as? [String: Any]
        let feature = try #require((document?["features"] as? [[String: Any]])?.first)
        let properties = try #require(feature["properties"] as? [String: Any])
        #expect(properties["cluster"] as? Int == 4 && properties["role"] as? String == "foreshock"
                && properties["mainshock"] as? String == "gk08", "\(geoJSON.stdout)")
    }

    @Test func aQuakeArrivingLaterJoinsItsSequenceWithoutDeclusteringAgain() throws {
        let db = try gardnerKnopoffCatalog()
        #expect(try runQuakesTUI(["decluster", "--db", db, "--method", "gk", "--window", "uhrhammer"]).status == 0)
        // Ten days after the M7 at its epicentre: inside every window of an M7.
        let late = folder.write("late.csv", SequenceFixtures.csv([SequenceFixtures.row(id: "gk11", time: "1980-01-11T00:00:00.000Z",
                                                                                          latitude: "0.0", longitude: "0.05", magnitude: "4.0")]))
        #expect(try runQuakesTUI(["import", "--db", db, late]).status == 0)
        #expect(try ids(db, where: "mainshock == \"gk02\" AND role == \"aftershock\"").contains("gk11"))
        // A method run earlier is kept and run again too, but the current one is what the fields read.
        let json = try runQuakesTUI(["decluster", "--db", db, "--method", "reasenberg", "--format", "json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(document["method"] as? String == "reasenberg")
        #expect(document["quakes"] as? Int == 12)
    }

    @Test func aRunOverAnotherSelectionSaysItReplacesTheEarlierOne() throws {
        let db = try gardnerKnopoffCatalog()
        #expect(try runQuakesTUI(["decluster", "--db", db]).status == 0)
        let scoped = try runQuakesTUI(["decluster", "--db", db, "--where", "magnitude >= 5"])
        #expect(scoped.stdout.split(separator: "\n").first == "gk (Gardner–Knopoff, Gardner & Knopoff (1974) window): 7 quakes in 4 clusters")
        let last = try #require(scoped.stdout.split(separator: "\n").last)
        #expect(last.hasPrefix("replaced its run of ") && last.hasSuffix(" over every quake"), "\(last)")
        // The same selection again replaces nothing worth saying.
        let again = try runQuakesTUI(["decluster", "--db", db, "--where", "magnitude >= 5"])
        #expect(!again.stdout.contains("replaced"))
    }

    @Test func aWindowIsGardnerKnopoffsOnly() throws {
        let result = try runQuakesTUI(["decluster", "--db", folder.file("x.sqlite"), "--method", "reasenberg", "--window", "uhrhammer"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--window is Gardner–Knopoff's: use it with --method gk"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("x.sqlite")))
    }

    /// SAPP's Miyagi aftershocks in a catalog of their own.
    func miyagiCatalog() throws -> String {
        let db = folder.file("miyagi.sqlite")
        #expect(try runQuakesTUI(["import", "--db", db, folder.write("miyagi.csv", try SequenceFixtures.miyagiCSV())]).status == 0)
        return db
    }

    @Test func theOmoriFitOfMiyagisAftershocksIsSAPPs() throws {
        let db = try miyagiCatalog()
        let result = try runQuakesTUI(["stats", "--db", db, "--format", "json", "--omori", "--omori-magnitude", "2.5",
                                       "--omori-start", "0.01", "--omori-end", "18.68"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let mainshock = try #require(document["mainshock"] as? [String: Any])
        #expect(mainshock["id"] as? String == "jm1")
        #expect(mainshock["magnitude"] as? Double == 6.2)
        let omori = try #require(document["omori"] as? [String: Any])
        // SAPP 1.0.9-1 momori on the Rd's example (Tests/Fixtures/sapp/README.md): 536 events,
        // K 95.37593200, c 0.05960030679, p 0.97406207467, -log L -1802.324219.
        #expect(omori["n"] as? Int == 536)
        #expect(abs(try #require(omori["k"] as? Double) / 95.37593200 - 1) < 3e-4)
        #expect(abs(try #require(omori["c"] as? Double) / 0.05960030679 - 1) < 3e-4)
        #expect(abs(try #require(omori["p"] as? Double) / 0.97406207467 - 1) < 3e-4)
        #expect(abs(try #require(omori["neg_log_likelihood"] as? Double) + 1802.324219) < 2e-3)
        #expect(document["forecast"] == nil)
    }

    @Test func theForecastSaysWhichParametersItUsed() throws {
        let db = try miyagiCatalog()
        let result = try runQuakesTUI(["stats", "--db", db, "--forecast", "--omori-magnitude", "2.5", "--at", "2003-07-26T22:13:00Z"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("forecast ") })
        #expect(lines[start] == "forecast 1.00 days after the mainshock, Reasenberg & Jones (1989), from this sequence's own fit and b-value:")
        #expect(lines[start + 3].split(separator: " ") == ["next", "day", "next", "week", "next", "month", "next", "year"])
        #expect(lines[start + 4].hasPrefix("  M ≥ 5.2  "))
        // Each cell is Reasenberg & Jones's integral of its printed parameters, worked here in closed form.
        let json = try runQuakesTUI(["stats", "--db", db, "--forecast", "--omori-magnitude", "2.5", "--at", "2003-07-26T22:13:00Z",
                                     "--format", "json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let forecast = try #require(document["forecast"] as? [String: Any])
        let parameters = try #require(forecast["parameters"] as? [String: Any])
        #expect(parameters["source"] as? String == "sequence")
        let (a, b, p, c) = (parameters["a"] as! Double, parameters["b"] as! Double, parameters["p"] as! Double, parameters["c"] as! Double)
        let cells = try #require(forecast["cells"] as? [[String: Any]])
        #expect(cells.count == 16)
        for cell in cells {
            let (magnitude, days) = (cell["magnitude"] as! Double, cell["days"] as! Double)
            let t0 = forecast["elapsed_days"] as! Double
            let integral = (pow(t0 + days + c, 1 - p) - pow(t0 + c, 1 - p)) / (1 - p)
            let expected = pow(10, a + b * (6.2 - magnitude)) * integral
            #expect(abs(cell["expected"] as! Double / expected - 1) < 1e-9)
            #expect(abs(cell["probability"] as! Double - (1 - exp(-expected))) < 1e-12)
        }
        // Too few quakes for a fit of their own: the generic California parameters, named.
        let few = try runQuakesTUI(["stats", "--db", db, "--forecast", "--where", "magnitude >= 5", "--at", "2003-07-26T22:13:00Z"])
        #expect(few.stdout.contains("from the generic California parameters of Reasenberg & Jones (1989):"))
        #expect(few.stdout.contains("  a -1.67  b 0.91  p 1.08  c 0.05 days"))
        let before = try runQuakesTUI(["stats", "--db", db, "--forecast", "--at", "2003-07-25T00:00:00Z"])
        #expect(before.status == 1)
        #expect(before.stderr.contains("Aftershock forecast: elapsed time"))
    }
}

/// `stats`' magnitude methods, the mix warning and the moment through the
/// real binary on the real week (the numbers of each method are checked
/// against SeismoStats in QuakeSeismologyTests; here, what `stats` says).
@Suite(.timeLimit(.minutes(10)))
struct MagnitudeStatsTests {
    let folder = TemporaryFolder()
    let db: String

    init() throws {
        db = folder.file("q.sqlite")
        #expect(try runQuakesTUI(["import", "--db", db, Fixture.week]).status == 0)
    }

    func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try runQuakesTUI(["stats", "--db", db, "--format", "json"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
    }

    @Test func theWeekMixesMagnitudeTypesAndSaysSo() throws {
        let result = try runQuakesTUI(["stats", "--db", db], environment: ["LC_ALL": "C.UTF-8"])
        let warning = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("warning: ") })
        #expect(warning.hasPrefix("warning: mixes ml (3,872), md (712), mb (89), mww (14), mw (7), mwr (7), mb_lg (5), mh (5); networks hv (3,071)"))
        #expect(warning.hasSuffix(": a b-value over them means little"))
        let document = try json([])
        let types = try #require(document["magnitude_types"] as? [[String: Any]])
        #expect(types.first?["name"] as? String == "ml" && types.first?["count"] as? Int == 3_872)
        #expect(document["mc_method"] as? String == "maxc" && document["b_method"] as? String == "utsu")
    }

    @Test func theCumulativeMomentIsTheSumOfEachQuakesMoment() throws {
        // Hanks & Kanamori (1979): M0 = 10^(1.5 Mw + 9.1) N·m, summed here from Foundation's reading of the feed.
        let magnitudes = try Fixture.features(Fixture.week).compactMap { (($0["properties"] as! [String: Any])["mag"] as? NSNumber)?.doubleValue }
        let total = magnitudes.reduce(0.0) { $0 + pow(10, 1.5 * $1 + 9.1) }
        let document = try json([])
        #expect(abs(try #require(document["moment_nm"] as? Double) / total - 1) < 1e-12)
        #expect(abs(try #require(document["moment_mw"] as? Double) - 2.0 / 3.0 * (log10(total) - 9.1)) < 1e-12)
    }

    @Test func aFixedMcAndTheClassicEstimatorReplaceTheChartsFit() throws {
        let document = try json(["--mc", "2.5", "--b", "classic"])
        #expect(document["mc"] as? Double == 2.5)
        #expect(document["mc_method"] as? String == "fixed" && document["b_method"] as? String == "classic")
        // Tinti & Mulargia (1987): with p = 1 + Δm/(mean − Mc + Δm/2)... here β = ln(1 + Δm/(mean − Mc)) / Δm
        // over the magnitudes binned to 0.1 at or above 2.5 − 0.05, computed from Foundation's reading of the feed.
        let binned = try Fixture.features(Fixture.week).compactMap { (($0["properties"] as! [String: Any])["mag"] as? NSNumber)?.doubleValue }
            .map { ($0 * 10).rounded(.toNearestOrAwayFromZero) / 10 }.filter { $0 >= 2.45 }
        let mean = binned.reduce(0, +) / Double(binned.count)
        let beta = log(1 + 0.1 / (mean - 2.5)) / 0.1
        #expect(abs(try #require(document["b"] as? Double) - beta / log(10)) < 1e-9)
        #expect(document["n_above_mc"] as? Int == binned.count)
    }

    @Test func anUnknownMcMethodIsAUsageError() throws {
        let result = try runQuakesTUI(["stats", "--db", db, "--mc", "best"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--mc: \"best\" is neither maxc, mbs, ks nor a magnitude"))
    }
}
