import Foundation
import QuakeCharts
import QuakeQuery
import QuakeSeismology
import QuakeStore
import Testing
import TestSupport
import QuakeViews
import TerminalUI

/// `A` and the sequence sections in the browser, on the week plus
/// OpenQuake HMTK's Gardner–Knopoff test catalogue (SeismoStats'
/// `gardner_knopoff_test_catalogue.csv`: 11 quakes on the equator,
/// 1979–1999, ids gk00 … gk10 in its order).
@Suite struct SequenceBrowserTests {
    static func addGardnerKnopoffCatalogue(to catalog: QuakeCatalog) throws {
        _ = try QuakeImporter(catalog: catalog).importData(Data(try SequenceFixtures.gardnerKnopoffCSV(place: "Equator test").utf8),
                                                           name: "gk.csv")
    }

    /// Filters the table to the place `place` (its one row selected).
    func select(_ place: String, in h: BrowserHarness) throws {
        try h.press(.character("/"))
        try h.type(place)
        try h.press(.enter)
    }

    func rows(_ h: BrowserHarness) -> [String] {
        h.lines.filter { $0.contains("Equator test") }.map { line in
            // The place column: from the place to the gap before Depth.
            String(line[line.range(of: "Equator test")!.lowerBound...].split(separator: "  ")[0])
        }
    }

    @Test func aShowsTheClusterTheDeclusteringPutTheQuakeIn() throws {
        let h = try BrowserHarness(width: 120, height: 30)
        try Self.addGardnerKnopoffCatalogue(to: h.catalog)
        _ = try Declusterer.run(DeclusterAlgorithm.named("gk")!, on: h.catalog, predicate: nil, text: "")
        try h.refresh()
        try select("equator test 3", in: h)
        try h.press(.character("A"))
        // HMTK's M1 (gk02, M7.0) with its foreshock gk01 and aftershocks gk03, gk04, newest first.
        #expect(rows(h) == ["Equator test 4", "Equator test 3", "Equator test 2", "Equator test 1"], "\(h.lines.joined(separator: "\n"))")
        #expect(h.lines.contains { $0.contains("the sequence of gk02; u undoes") })
        try h.press(.character("u"))
        #expect(rows(h) == ["Equator test 3"])
    }

    /// `D` declusters what the table shows (here the 11 quakes of the
    /// catalogue: HMTK's flags give 5 clusters, 2 foreshocks, 4
    /// aftershocks), and `A` then follows its verdicts.
    @Test func dDeclustersTheResultsAndAFollowsThem() throws {
        let h = try BrowserHarness(width: 120, height: 30)
        try Self.addGardnerKnopoffCatalogue(to: h.catalog)
        try h.refresh()
        try select("equator test", in: h)
        try h.press(.character("D"))
        #expect(h.lines.contains { $0.contains("gk: 11 quakes in 5 clusters, 4 aftershocks, 2 foreshocks; A a quake's sequence, s sections") },
                "\(h.lines.joined(separator: "\n"))")
        #expect(try h.catalog.sequenceRuns().map(\.scope.text) == ["place CONTAINS[cd] \"equator test\""])
        try select(" 3", in: h)   // the filter field keeps "equator test"
        try h.press(.character("A"))
        #expect(rows(h) == ["Equator test 4", "Equator test 3", "Equator test 2", "Equator test 1"], "\(h.lines.joined(separator: "\n"))")
    }

    /// `O` on SAPP's 2003 northern Miyagi aftershocks (Tests/Fixtures/sapp):
    /// the activity chart gives way to their decay, titled by the mainshock
    /// and the aftershocks counted at or above their Mc (maximum curvature,
    /// counted here from the fixture), with the Omori–Utsu fit's figures.
    @Test func oDrawsTheDecayOfTheSequenceInPlaceOfTheActivity() throws {
        let h = try miyagiDecay()
        // Mc of the 2,304 aftershocks by maximum curvature: the fullest 0.1 bin (the lower on a tie).
        let (mcTenths, counted) = try Self.miyagiAftershocks(fromMcPlusTenths: 0)
        let title = h.lines[1]
        #expect(title.hasPrefix("M6.2 jm1 · \(counted.formatted(.number)) ≥ M\(Double(mcTenths) / 10) · K "), "\(h.lines.joined(separator: "\n"))")
        #expect(title.contains(" d p 0.") || title.contains(" d p 1."), "\(title)")
        #expect(h.lines[1...9].contains { $0.contains("•") } && h.lines[1...9].contains { $0.contains("-") })
        // Under the figures, the chance of an M5.2 or larger from now (the clock's: the figures vary).
        #expect(h.lines[2].hasPrefix("≥M5.2 1d ") && h.lines[2].contains(" own fit"), "\(h.lines[2])")
        try h.press(.character("O"))
        #expect(h.lines[1].hasPrefix("2,305 quakes per "), "\(h.lines[1])")
    }

    /// `M` with the decay shown counts it from the charts' new Mc: maximum
    /// curvature + 0.2 (two tenths over the fullest bin, counted here from
    /// the fixture), the figures and fit made again from those aftershocks.
    @Test func mCountsTheDecayFromTheChartsMc() throws {
        let h = try miyagiDecay()
        let (mcTenths, counted) = try Self.miyagiAftershocks(fromMcPlusTenths: 2)
        try h.press(.character("M"))
        #expect(h.lines[1].hasPrefix("M6.2 jm1 · \(counted.formatted(.number)) ≥ M\(Double(mcTenths) / 10) · K "),
                "\(h.lines.joined(separator: "\n"))")
    }

    /// A browser on SAPP's Miyagi quakes, filtered to them, the decay shown (`O`).
    func miyagiDecay() throws -> BrowserHarness {
        let h = try BrowserHarness(width: 120, height: 30)
        _ = try QuakeImporter(catalog: h.catalog).importData(Data(try SequenceFixtures.miyagiCSV().utf8), name: "miyagi.csv")
        try h.refresh()
        try select("miyagi", in: h)
        try h.press(.character("O"))
        return h
    }

    /// From the fixture's rows: the aftershocks' Mc by maximum curvature
    /// (the fullest 0.1 bin, the lower on a tie) plus `plus` tenths, and how
    /// many aftershocks are at or above it.
    static func miyagiAftershocks(fromMcPlusTenths plus: Int) throws -> (mcTenths: Int, counted: Int) {
        let rows = try SequenceFixtures.miyagiRows()
        var bins: [Int: Int] = [:]
        for cells in rows.dropFirst() { bins[Int((Double(cells[3])! * 10).rounded()), default: 0] += 1 }
        let mcTenths = bins.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }!.key + plus
        return (mcTenths, rows.dropFirst().filter { Int((Double($0[3])! * 10).rounded()) >= mcTenths && Double($0[4])! > 0 }.count)
    }

    /// The decay's forecast line a day after the Miyagi mainshock, for its
    /// quakes of M ≥ 2.5 (as SAPP fits them; JMA writes 0 for 355 unmeasured
    /// magnitudes): each chance computed here from the parameters the chart
    /// used, by Reasenberg & Jones (1989): N = 10^(a + b(Mm − M)) ∫ (t + c)^−p
    /// dt over the horizon, P = 1 − e^−N.
    @Test func theDecayShowsTheChanceOfALargerQuakeFromItsOwnFit() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        _ = try QuakeImporter(catalog: catalog).importData(Data(try SequenceFixtures.miyagiCSV().utf8), name: "miyagi.csv")
        let selection = try SequenceSelection.read(catalog, predicate: try QuakePredicate("magnitude >= 2.5"))
        let decay = try #require(SequenceDecay(selection))
        let day = SequenceFixtures.miyagiMainshock.addingTimeInterval(86_400)
        let chart = try #require(DecayChart(decay, at: day))
        let forecast = try #require(chart.forecast)
        let fit = try #require(chart.fit)
        let parameters = forecast.parameters
        #expect(parameters.p == fit.p && parameters.c == fit.c && parameters != .genericCalifornia)
        func chance(fromDay t1: Double, toDay t2: Double) -> Double {
            let (p, c) = (parameters.p, parameters.c)
            let integral = abs(p - 1) < 1e-12 ? log((t2 + c) / (t1 + c)) : (pow(t1 + c, 1 - p) - pow(t2 + c, 1 - p)) / (p - 1)
            return 1 - exp(-pow(10, parameters.a + parameters.b * 1.0) * integral)
        }
        func percent(_ p: Double) -> String { p < 0.01 ? "<1%" : p > 0.99 ? ">99%" : "\(Int((p * 100).rounded()))%" }
        let elapsed = (day.timeIntervalSince1970 - decay.mainshockTime) / 86_400
        let expected = zip(["1d", "7d", "30d", "1y"], [1.0, 7, 30, 365]).map { "\($0) \(percent(chance(fromDay: elapsed, toDay: elapsed + $1)))" }
        let view = DecayChartView(decay: chart, unicode: true)
        #expect(view.forecastLine == "≥M5.2 " + expected.joined(separator: " ") + " own fit")
        // Drawn under the figures when the pane has the rows; not in a short one.
        var screen = Screen(width: 100, height: 8)
        view.render(in: Rect(x: 0, y: 0, width: 100, height: 8), into: &screen)
        #expect(screen.lines[1] == view.forecastLine)
        var short = Screen(width: 100, height: 6)
        view.render(in: Rect(x: 0, y: 0, width: 100, height: 6), into: &short)
        #expect(!short.lines.contains { $0.hasPrefix("≥M5.2") })
    }

    @Test func withoutADeclusteringAShowsTheGardnerKnopoffWindow() throws {
        let h = try BrowserHarness(width: 120, height: 30)
        try Self.addGardnerKnopoffCatalogue(to: h.catalog)
        try h.refresh()
        try select("equator test 3", in: h)
        try h.press(.character("A"))
        // gk03: M5.0 on 1980-01-31 at 0.6°E. Gardner & Knopoff's window for M5: L = 10^(0.1238·5 + 0.983)
        // = 39.99 km, T = 10^(0.5409·5 − 0.547) = 143.7 days. gk00 (0.8°E, 22 km, 33 days before) and gk01
        // (same place, 31 days before) are in it; gk02 and gk04 (at 0°: 66.7 km away) are not.
        #expect(rows(h) == ["Equator test 3", "Equator test 1", "Equator test 0"], "\(h.lines.joined(separator: "\n"))")
        #expect(h.lines.contains { $0.contains("no declustering (quakes-tui decluster): the quakes in M5.0's Gardner–Knopoff window") })
    }

    @Test func sequenceSectionsTitleEachClusterByItsMainshock() throws {
        let h = try BrowserHarness(width: 120, height: 40)
        try Self.addGardnerKnopoffCatalogue(to: h.catalog)
        _ = try Declusterer.run(DeclusterAlgorithm.named("gk")!, on: h.catalog, predicate: nil, text: "")
        try h.refresh()
        try h.press(.character(":"))
        try h.type("place BEGINSWITH \"Equator\"")
        try h.press(.enter)
        for _ in 0..<4 { try h.press(.character("s")) }
        let headers = h.lines.filter { $0.contains(" · gk") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(headers.first?.hasPrefix("1999-08-01 M3.8 Equator test 10 · gk10") == true, "\(h.lines.joined(separator: "\n"))")
        #expect(headers.contains { $0.hasPrefix("1980-01-01 M7.0 Equator test 2 · gk02") })
    }
}
