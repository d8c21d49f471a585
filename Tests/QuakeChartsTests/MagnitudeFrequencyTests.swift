import Foundation
import QuakeCharts
import QuakeQuery
import QuakeStore
import Testing
import TestSupport

/// Mc, b, σb and a on small cases worked by hand, the halves of binning
/// through the real SQL aggregate, and the real fixtures against
/// `ChartsOracle`'s quake-by-quake loops.
struct MagnitudeFrequencyTests {
    /// 0.9: 5, 1.0: 20, 1.1: 15, 1.2: 10, 1.3: 5 (bins in tenths → quakes).
    static let fifty = [9: 5, 10: 20, 11: 15, 12: 10, 13: 5]

    @Test func binsRunFromTheSmallestToTheLargestWithEmptyOnesAndCumulativeCounts() {
        let frequency = MagnitudeFrequency(countsByTenths: [13: 1, 10: 3], withoutMagnitude: 2)
        #expect(frequency.bins == [MagnitudeBin(tenths: 10, count: 3, cumulative: 4),
                                   MagnitudeBin(tenths: 11, count: 0, cumulative: 1),
                                   MagnitudeBin(tenths: 12, count: 0, cumulative: 1),
                                   MagnitudeBin(tenths: 13, count: 1, cumulative: 1)])
        #expect(frequency.withoutMagnitude == 2)
        #expect(frequency.mc == 1.0)
        #expect(frequency.fit == nil)
        let none = MagnitudeFrequency(countsByTenths: [:], withoutMagnitude: 7)
        #expect(none.bins.isEmpty && none.mc == nil && none.fit == nil && none.withoutMagnitude == 7)
    }

    /// 1.0 and 1.5 both hold 7: the smaller wins; 1.2's 3 does not matter.
    @Test func mcIsTheFullestBinAndTheSmallestOnATie() {
        #expect(MagnitudeFrequency(countsByTenths: [12: 3, 15: 7, 10: 7], withoutMagnitude: 0).mc == 1.0)
        #expect(MagnitudeFrequency(countsByTenths: [-3: 2, -1: 9, 4: 9], withoutMagnitude: 0).mc == -0.1)
        #expect(MagnitudeFrequency(countsByTenths: [20: 1, 21: 2], withoutMagnitude: 0).mc == 2.1)
    }

    /// Mc = 1.0 (20 quakes); 0.9's five are below it, so n = 20 + 15 + 10 + 5 = 50.
    /// mean = (20·1.0 + 15·1.1 + 10·1.2 + 5·1.3) / 50 = 55 / 50 = 1.1
    /// b = log10(e) / (1.1 − (1.0 − 0.05)) = 0.4342944819032518 / 0.15 = 2.895296546021679
    /// Σ(Mi − mean)² = 20·0.1² + 15·0² + 10·0.1² + 5·0.2² = 0.2 + 0.1 + 0.2 = 0.5
    /// σb = 2.3 · b² · sqrt(0.5 / (50 · 49)) = 2.3 · b² / 70 = 0.2754329543661664
    /// a = log10(50) + b · 1.0 = 1.6989700043360187 + 2.895296546021679 = 4.594266550357698
    @Test func fiftyQuakesAtOrAboveMcAreFitted() throws {
        let frequency = MagnitudeFrequency(countsByTenths: Self.fifty, withoutMagnitude: 3)
        let fit = try #require(frequency.fit)
        #expect(fit.mc == 1.0)
        #expect(fit.count == 50)
        #expect(abs(fit.b - 2.895296546021679) < 1e-12)
        #expect(abs(fit.bError - 0.2754329543661664) < 1e-12)
        #expect(abs(fit.a - 4.594266550357698) < 1e-12)
        #expect(frequency.bins.map(\.cumulative) == [55, 50, 30, 15, 5])
    }

    /// One fewer at 1.3: n = 49, no fit, Mc still 1.0.
    @Test func fortyNineAreTooFew() {
        var counts = Self.fifty
        counts[13] = 4
        let frequency = MagnitudeFrequency(countsByTenths: counts, withoutMagnitude: 0)
        #expect(frequency.fit == nil)
        #expect(frequency.mc == 1.0)
    }

    /// Mc = 2.0 (30 quakes), 2.1: 20; n = 50.
    /// mean = (30·2.0 + 20·2.1) / 50 = 102 / 50 = 2.04
    /// b = log10(e) / (2.04 − 1.95) = 0.4342944819032518 / 0.09 = 4.825494243369465
    /// Σ(Mi − mean)² = 30·0.04² + 20·0.06² = 0.048 + 0.072 = 0.12
    /// σb = 2.3 · b² · sqrt(0.12 / 2450) = 2.3 · 23.285394692791844 · 0.006998542122237651 = 0.37481677585799533
    /// a = log10(50) + 2.0·b = 1.6989700043360187 + 9.65098848673893 = 11.349958491074949
    @Test func aSecondHandCase() throws {
        let fit = try #require(MagnitudeFrequency(countsByTenths: [20: 30, 21: 20], withoutMagnitude: 0).fit)
        #expect(abs(fit.b - 4.825494243369465) < 1e-12)
        #expect(abs(fit.bError - 0.37481677585799533) < 1e-12)
        #expect(abs(fit.a - 11.349958491074949) < 1e-12)
    }

    /// Stored 1.25 is bin 1.3, −0.05 is −0.1, 2.45 is 2.5, 4.45 is 4.5,
    /// ±0.04 are 0.0; an unknown magnitude is counted apart.
    @Test func halvesGoAwayFromZeroInTheSQLAggregate() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        let importer = QuakeImporter(catalog: catalog)
        let magnitudes: [Double?] = [1.25, -0.05, 2.45, 4.45, 0.04, -0.04, 1.25, nil, 1.349]
        for (index, magnitude) in magnitudes.enumerated() {
            let feed = singleQuakeFeed(id: "us\(1000 + index)", place: "here", magnitude: magnitude,
                                       time: 1_528_934_533_010 + Int64(index))
            _ = try importer.importData(Data(feed.utf8), name: "q\(index)")
        }
        let result = try ResultsController(catalog).aggregate(ChartAggregates.magnitudeRequest)
        let frequency = ChartAggregates.magnitudes(result)
        let held = Dictionary(uniqueKeysWithValues: frequency.bins.filter { $0.count > 0 }.map { ($0.tenths, $0.count) })
        #expect(held == [-1: 1, 0: 2, 13: 3, 25: 1, 45: 1])
        #expect(frequency.withoutMagnitude == 1)
        #expect(frequency.bins.first?.tenths == -1 && frequency.bins.last?.tenths == 45)
        #expect(frequency.bins.count == 47)
        // The oracle's decimal-text rule agrees.
        #expect(magnitudes.compactMap { $0.map { ChartsOracle.tenths("\($0)") } } == [13, -1, 25, 45, 0, 0, 13, 13])
    }

    @Test(arguments: [Fixture.week, Fixture.month2014, Fixture.day2014])
    func realFixturesAgreeWithTheQuakeByQuakeLoop(_ fixture: String) throws {
        let folder = TemporaryFolder()
        let catalog = try importedCatalog(folder, feeds: [fixture])
        let oracle = try ChartsOracle(fixture: fixture)
        let frequency = ChartAggregates.magnitudes(try ResultsController(catalog).aggregate(ChartAggregates.magnitudeRequest))
        #expect(frequency.withoutMagnitude == oracle.withoutMagnitude)
        let counts = oracle.magnitudeCounts
        #expect(frequency.bins.first?.tenths == counts.keys.min())
        #expect(frequency.bins.last?.tenths == counts.keys.max())
        for bin in frequency.bins {
            #expect(bin.count == counts[bin.tenths] ?? 0, "bin \(bin.magnitude)")
            #expect(bin.cumulative == oracle.binnedTenths.filter { $0 >= bin.tenths }.count, "N(≥\(bin.magnitude))")
        }
        let expected = oracle.fit
        #expect((frequency.fit == nil) == (expected == nil))
        if let fit = frequency.fit, let expected {
            #expect(fit.mc == Double(expected.mcTenths) / 10)
            #expect(fit.count == expected.n)
            #expect(abs(fit.b - expected.b) < 1e-9)
            #expect(abs(fit.bError - expected.bError) < 1e-9)
            #expect(abs(fit.a - expected.a) < 1e-9)
        }
    }
}
