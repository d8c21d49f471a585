import Foundation
import GRDB
import QuakeCharts
import Testing
import TestSupport

/// `quakes-tui stats` on the real week, every key of its JSON against
/// `ChartsOracle`; the text lines; bad arguments.
@Suite(.timeLimit(.minutes(10)))
struct StatsCommandTests {
    let folder = TemporaryFolder()
    let db: String

    static let keys = ["count", "without_magnitude", "first_time", "last_time", "min_magnitude", "max_magnitude",
                       "mc", "b", "b_error", "a", "n_above_mc", "time_bin", "time_bins", "magnitude_bins",
                       "magnitude_time_bin", "magnitude_time",
                       "mc_method", "b_method", "magnitude_types", "networks", "warning", "moment_nm", "moment_mw"]

    init() throws {
        db = folder.file("q.sqlite")
        #expect(try runQuakesTUI(["import", "--db", db, Fixture.week]).status == 0)
    }

    func stats(_ arguments: [String], locale: String = "C.UTF-8") throws -> CommandResult {
        try runQuakesTUI(["stats", "--db", db] + arguments, environment: ["LC_ALL": locale])
    }

    /// The document's top-level keys in the order they are written, and the document.
    func json(_ arguments: [String]) throws -> (keys: [String], document: [String: Any]) {
        let result = try stats(arguments + ["--format", "json"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let keys = result.stdout.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  \""), !line.hasPrefix("   ") else { return nil }
            return String(line.dropFirst(3).prefix { $0 != "\"" })
        }
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        return (keys, document)
    }

    /// Every key against the oracle over the same quakes.
    func expectDocument(_ document: [String: Any], _ oracle: ChartsOracle, binSize: String) throws {
        #expect(document["count"] as? Int == oracle.quakes.count)
        #expect(document["without_magnitude"] as? Int == oracle.withoutMagnitude)
        #expect(document["first_time"] as? String == oracle.firstTime.map(ChartsOracle.iso))
        #expect(document["last_time"] as? String == oracle.lastTime.map(ChartsOracle.iso))
        let counts = oracle.magnitudeCounts
        let (lowest, highest) = (try #require(counts.keys.min()), try #require(counts.keys.max()))
        #expect(document["min_magnitude"] as? Double == Double(lowest) / 10)
        #expect(document["max_magnitude"] as? Double == Double(highest) / 10)
        let fit = try #require(oracle.fit)
        #expect(document["mc"] as? Double == Double(fit.mcTenths) / 10)
        #expect(abs(try #require(document["b"] as? Double) - fit.b) < 1e-9)
        #expect(abs(try #require(document["b_error"] as? Double) - fit.bError) < 1e-9)
        #expect(abs(try #require(document["a"] as? Double) - fit.a) < 1e-9)
        #expect(document["n_above_mc"] as? Int == fit.n)
        #expect(document["time_bin"] as? String == binSize)
        let size = try #require(TimeBinSize(rawValue: binSize))
        let timeBins = try #require(document["time_bins"] as? [[String: Any]])
        let expectedBins = oracle.timeBins(size)
        #expect(timeBins.map { $0["start"] as? String } == expectedBins.map { ChartsOracle.iso($0.start) })
        #expect(timeBins.map { $0["count"] as? Int } == expectedBins.map(\.count))
        // The cumulative curve: the quakes before each bin's end, counted from the rows.
        #expect(timeBins.map { $0["cumulative"] as? Int } == expectedBins.map { bin in
            oracle.quakes.filter { $0.time < ChartsOracle.nextStart(bin.start, size) }.count
        })
        // Magnitude over time: each (bin, 0.1 magnitude) cell's quakes, counted from the rows.
        let gridName = try #require(document["magnitude_time_bin"] as? String)
        let gridSize = try #require(TimeBinSize(rawValue: gridName))
        let cells = try #require(document["magnitude_time"] as? [[String: Any]])
        let expectedCells = Dictionary(oracle.quakes.compactMap { quake in
            quake.magnitude.map { (ChartsOracle.iso(ChartsOracle.binStart(quake.time, gridSize)) + " \(ChartsOracle.tenths($0))", 1) }
        }, uniquingKeysWith: +)
        let actualCells = Dictionary(uniqueKeysWithValues: cells.map { cell in
            ("\(cell["start"] as! String) \(Int(((cell["magnitude"] as! Double) * 10).rounded()))", cell["count"] as! Int)
        })
        #expect(actualCells == expectedCells)
        let magnitudeBins = try #require(document["magnitude_bins"] as? [[String: Any]])
        #expect(magnitudeBins.map { $0["magnitude"] as? Double } == (lowest...highest).map { Double($0) / 10 })
        #expect(magnitudeBins.map { $0["count"] as? Int } == (lowest...highest).map { counts[$0] ?? 0 })
        #expect(magnitudeBins.map { $0["cumulative"] as? Int }
                == (lowest...highest).map { bin in oracle.binnedTenths.filter { $0 >= bin }.count })
    }

    @Test func jsonOfTheWeekAtOrAbove2_5() throws {
        let (keys, document) = try json(["--where", "magnitude >= 2.5"])
        #expect(keys == Self.keys)
        let oracle = try ChartsOracle(fixture: Fixture.week) { ($0.magnitudeValue ?? -.infinity) >= 2.5 }
        // No terminal: the bins fit 100 columns.
        try expectDocument(document, oracle, binSize: oracle.fittingSize(width: 100).rawValue)
    }

    @Test func binForcesTheSize() throws {
        let (_, document) = try json(["--where", "magnitude >= 2.5", "--bin", "1h"])
        let oracle = try ChartsOracle(fixture: Fixture.week) { ($0.magnitudeValue ?? -.infinity) >= 2.5 }
        try expectDocument(document, oracle, binSize: "1h")
        #expect((document["time_bins"] as? [Any])?.count == oracle.timeBins(.hour).count)
    }

    /// 27 quakes of M 5 or more: Mc known to the model, but no fit, so the
    /// five fit keys are null.
    @Test func tooFewForAFitAreNulls() throws {
        let (keys, document) = try json(["--where", "magnitude >= 5", "--bin", "1d"])
        #expect(keys == Self.keys)
        #expect(document["count"] as? Int == 27)
        for key in ["mc", "b", "b_error", "a", "n_above_mc"] { #expect(document[key] is NSNull, "\(key)") }
        #expect(document["min_magnitude"] as? Double == 5.0)
        #expect(document["max_magnitude"] as? Double == 5.8)
        let none = try json(["--where", "magnitude > 100"]).document
        #expect(none["count"] as? Int == 0)
        for key in ["first_time", "last_time", "min_magnitude", "max_magnitude", "mc", "b"] {
            #expect(none[key] is NSNull, "\(key)")
        }
        #expect((none["time_bins"] as? [Any])?.isEmpty == true)
        #expect((none["magnitude_bins"] as? [Any])?.isEmpty == true)
    }

    /// The tallest six-hour bin of the fixture, counted here.
    private func tallest(_ oracle: ChartsOracle) throws -> String {
        let count = oracle.timeBins(.sixHours).map(\.count).max() ?? 0
        return count.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
    }

    /// The charts, then the figures line, the count and span, then the bins.
    @Test func textOfTheWholeWeek() throws {
        let result = try stats([])
        #expect(result.status == 0)
        let oracle = try ChartsOracle(fixture: Fixture.week)
        let fit = try #require(oracle.fit)
        let all = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The charts as the pane draws them (12 rows at 100 columns), a blank line, then the figures.
        #expect(all[0].hasPrefix("4,711 quakes per 6h · tallest \(try tallest(oracle))"))
        #expect(all[11].hasPrefix("      06-08        06-10       06-12       06-14 "))
        // Then magnitude over time and the cumulative count, 12 rows from row 13.
        let mcText = String(format: "%.1f", Double(fit.mcTenths) / 10)
        #expect(all[13].hasPrefix("magnitude over time · 4,711 quakes · Mc \(mcText)       4,711 quakes · cumulative"))
        // Mc's row on the magnitude axis (whole magnitudes from −1 to 6 over 10 rows: 2.4 on row 5).
        #expect(all[14...23].filter { $0.hasPrefix("Mc┤") }.count == 1)
        #expect(all[25] == "")
        let lines = Array(all.dropFirst(26))
        #expect(lines[0] == "Mc \(String(format: "%.1f", Double(fit.mcTenths) / 10)) · b \(String(format: "%.2f", fit.b))"
                + " ± \(String(format: "%.2f", fit.bError)) · a \(String(format: "%.2f", fit.a)) · 1,572 ≥ Mc")
        #expect(fit.n == 1572)
        #expect(lines[1] == "4,711 quakes, 2018-06-07 09:22:23 … 2018-06-14 09:12:13 UTC")
        #expect(oracle.withoutMagnitude == 0 && !result.stdout.contains("without a magnitude"))
        // The week mixes magnitude types and networks: said, then the moment (MagnitudeStatsTests).
        #expect(lines[2].hasPrefix("warning: mixes ml (3,872), md (712)"))
        #expect(lines[3].hasPrefix("cumulative moment "))
        #expect(lines[4] == "" && lines[5] == "quakes per 6h (UTC)")
        #expect(lines[6] == "2018-06-07 06:00   41")
        #expect(lines.contains("magnitude  count  N(≥M)"))
        #expect(lines.contains("-0.4           1  4,711"))
        let few = try stats(["--where", "magnitude >= 5"], locale: "C")
        let fewLines = few.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(26).joined(separator: "\n")
        #expect(fewLines.hasPrefix("too few quakes for a b-value (n < 50)\n27 quakes, 2018-06-07 13:15:37 .. 2018-06-14 06:27:39 UTC\n"
                                   + "warning: mixes mww (13), mb (8), mw (6); networks us (21), hv (6): a b-value over them means little\n"))
    }

    @Test func quakesWithoutAMagnitudeAreCountedApart() throws {
        let feed = folder.write("nomag.geojson", singleQuakeFeed(id: "us9999", place: "nowhere", magnitude: nil,
                                                                 time: 1_528_934_533_010))
        #expect(try runQuakesTUI(["import", "--db", db, feed]).status == 0)
        let text = try stats(["--where", "magnitude = nil OR magnitude >= 5"])
        #expect(text.stdout.split(separator: "\n", omittingEmptySubsequences: false)[26 + 2] == "1 without a magnitude")
        let (_, document) = try json(["--where", "magnitude = nil OR magnitude >= 5"])
        #expect(document["count"] as? Int == 28)
        #expect(document["without_magnitude"] as? Int == 1)
        #expect((document["magnitude_bins"] as? [[String: Any]])?.map { $0["count"] as! Int }.reduce(0, +) == 27)
    }

    /// An older version stored magnitudes import now skips (1e19 trapped
    /// decoding its kept tenth; 1e15 would have asked for 10^16 bins): they
    /// count as without a magnitude, from the kept counts and from the rows.
    @Test func magnitudesOutsideTheAcceptedRangeCountAsWithout() throws {
        let catalog = try DatabaseQueue(path: db)
        try catalog.write { db in
            try db.execute(sql: "UPDATE quake SET magnitude = 1e19 WHERE id = 'hv70264586'")
            try db.execute(sql: "UPDATE quake SET magnitude = -1e15 WHERE id = 'hv70264576'")
        }
        try catalog.close()
        let places = try Fixture.features(Fixture.week).map { ($0["properties"] as! [String: Any])["place"] as? String ?? "" }
        let volcano = places.filter { $0.lowercased().contains("volcano") }.count
        // The kept counts answer no filter and a place filter; the rows answer a predicate.
        for (arguments, expected) in [([], places.count), (["--where", "place CONTAINS[cd] 'volcano'"], volcano),
                                      (["--where", "depth > -100"], places.count)] {
            let (_, document) = try json(arguments)
            #expect(document["count"] as? Int == expected)
            #expect(document["without_magnitude"] as? Int == 2, "\(arguments)")
            #expect((document["magnitude_bins"] as? [[String: Any]])?.map { $0["count"] as! Int }.reduce(0, +) == expected - 2)
            #expect((document["max_magnitude"] as? Double).map { $0 < 10 } == true)
        }
        let text = try stats([])
        #expect(text.status == 0, "\(text.stderr)")
    }

    @Test func badPredicatesAndBinsAreRefused() throws {
        let predicate = try stats(["--where", "magnitude >= 4 AND plase CONTAINS 'x'"])
        #expect(predicate.status == 64)
        #expect(predicate.stdout == "")
        #expect(predicate.stderr == """
            error: --where: 1:20: unknown key 'plase' (did you mean 'place'?)
              magnitude >= 4 AND plase CONTAINS 'x'
                                 ^
            See 'quakes-tui stats --help'.

            """)
        let bin = try stats(["--bin", "2h"])
        #expect(bin.status == 64)
        #expect(bin.stdout == "")
        #expect(bin.stderr == "error: the value '2h' is invalid for '--bin <size>'. Please provide one of the following:\n"
                + "  - 1min\n  - 10min\n  - 1h\n  - 6h\n  - 1d\n  - 1w\n  - 1mo\n  - 1y\nSee 'quakes-tui stats --help'.\n")
    }
}

/// Two quakes eight thousand years apart: a small forced bin is refused
/// (it asked for 84 GB at 1min), and without one the years are gathered
/// into as many bins as the chart has columns.
@Suite struct WideSpanStatsTests {
    let folder = TemporaryFolder()
    let db: String

    /// 0001-01-01 00:00 and 9999-12-31 00:00 UTC.
    static let (yearOne, year9999): (Int64, Int64) = (-62_135_596_800_000, 253_402_214_400_000)

    init() throws {
        db = folder.file("wide.sqlite")
        for (id, time) in [("zz1", Self.yearOne), ("zz2", Self.year9999)] {
            let feed = folder.write("\(id).geojson", singleQuakeFeed(id: id, place: "far", magnitude: 3, time: time))
            #expect(try runQuakesTUI(["import", "--db", db, feed]).status == 0)
        }
    }

    @Test(arguments: [("1min", "5,258,963,521"), ("6h", "14,608,233"), ("1w", "521,723")])
    func aForcedBinOverTooManyBinsIsRefused(_ bin: String, _ count: String) throws {
        let result = try runQuakesTUI(["stats", "--db", db, "--bin", bin])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: --bin \(bin): \(count) bins of \(bin) from 0001-01-01 to 9999-12-31; "
                + "at most 100,000: use 1y or larger\nSee 'quakes-tui stats --help'.\n")
    }

    @Test func withoutABinTheYearsAreGatheredToFitTheChart() throws {
        let json = try runQuakesTUI(["stats", "--db", db, "--format", "json"])
        #expect(json.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        // 9,999 years over 100 columns: 100 bins of 100 years, from year 1.
        #expect(document["time_bin"] as? String == "100y")
        let bins = try #require(document["time_bins"] as? [[String: Any]])
        #expect(bins.count == 100)
        #expect(bins.first?["start"] as? String == "0001-01-01T00:00:00.000Z")
        #expect(bins.last?["start"] as? String == "9901-01-01T00:00:00.000Z")
        #expect(bins.map { $0["count"] as! Int } == [1] + Array(repeating: 0, count: 98) + [1])
        // The chart the pane draws: bins fitted to 42 columns (49 less the count axis's 7),
        // 239 years a bin, the whole span; ticks every 2,000 years.
        let text = try runQuakesTUI(["stats", "--db", db], environment: ["LC_ALL": "C.UTF-8"])
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix("2 quakes per 239y · tallest 1"))
        #expect(lines[11].hasPrefix("         2000     4000      6000     8000 "))
        #expect(lines.contains("quakes per 239y (UTC)"))
    }
}
