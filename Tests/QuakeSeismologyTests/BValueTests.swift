import Foundation
import QuakeSeismology
import Testing

/// The b-value estimators against SeismoStats' own tests (commit 4605c4e,
/// seismostats/analysis/bvalue/tests/test_bvalues.py, copied in
/// Tests/Fixtures/seismostats with its input), to 7 decimals as its
/// `assert_almost_equal` asks.
struct BValueTests {
    /// |a − b| < 1.5e-7, numpy's assert_almost_equal(decimal=7).
    static func almostEqual(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1.5e-7 }

    static func binned(_ b: String, _ width: Double) throws -> [Double] {
        MagnitudeBinning.bin(try SeismoStatsCSV.simulatedMagnitudes(b: b), width: width)
    }

    @Test(arguments: [
        // test_bvalues.py l. 36–38 (test_estimate_b_classic)
        ("1", 0.0, 0.1, 0.9985052730956719),
        ("1.5", 0.5, 0.01, 1.486114976626299),
        ("0.5", 2.0, 0.2, 0.5012460753985151),
    ])
    func classicMatchesSeismoStats(column: String, mc: Double, width: Double, expected: Double) throws {
        let estimate = try BValueEstimator.classic(try Self.binned(column, width), mc: mc, width: width)
        #expect(Self.almostEqual(estimate.b, expected), "b \(estimate.b)")
    }

    @Test(arguments: [
        // test_bvalues.py l. 78–80 (test_estimate_b_utsu)
        ("1", 0.0, 0.1, 0.9941299341459253),
        ("1.5", 0.5, 0.01, 1.485969980462011),
        ("0.5", 2.0, 0.2, 0.49903218920704306),
    ])
    func utsuMatchesSeismoStats(column: String, mc: Double, width: Double, expected: Double) throws {
        let estimate = try BValueEstimator.utsu(try Self.binned(column, width), mc: mc, width: width)
        #expect(Self.almostEqual(estimate.b, expected), "b \(estimate.b)")
    }

    @Test(arguments: [
        // test_bvalues.py l. 121–123 (test_estimate_b_positive); the test cuts
        // the binned magnitudes to m ≥ Mc − Δm/2 first (l. 134), as the estimator does.
        ("1", 0.0, 0.1, 0.3 as Double?, 1.00768483769521),
        ("1.5", 0.5, 0.01, nil, 1.4946439854664),
        ("0.5", 2.0, 0.2, nil, 0.4903952163745402),
    ])
    func bPositiveMatchesSeismoStats(column: String, mc: Double, width: Double, dmc: Double?, expected: Double) throws {
        let binned = try Self.binned(column, width)
        let cut = binned.filter { $0 >= mc - width / 2 }
        let estimate = try BValueEstimator.positive(cut, mc: mc, width: width, dmc: dmc).estimate
        #expect(Self.almostEqual(estimate.b, expected), "b \(estimate.b)")
        let uncut = try BValueEstimator.positive(binned, mc: mc, width: width, dmc: dmc).estimate
        #expect(uncut == estimate)
    }

    /// test_bvalues.py l. 166–168: positional order.
    @Test func bPositiveUsesTheLaterEventOfEachPositiveStep() throws {
        let mags = [0, 0.9, -1, 0.2, 0.5]
        let result = try BValueEstimator.positive(mags, mc: -1, width: 0.1)
        #expect(result.usedIndices.map { mags[$0] } == [0.9, 0.2, 0.5])
        #expect(result.usedIndices == [1, 3, 4])
    }

    /// test_bvalues.py l. 170–179: times 2000-01-01, -02, -05, -04, -03 put
    /// the magnitudes in the order 0, 0.9, −1, 0.2, 0.5.
    @Test func bPositiveOrdersByTime() throws {
        let mags = [0, 0.9, 0.5, 0.2, -1]
        let day = 86_400.0
        let times = [1, 2, 5, 4, 3].map { 946_684_800 + Double($0 - 1) * day }
        let result = try BValueEstimator.positive(mags, times: times, mc: -1, width: 0.1)
        #expect(result.usedIndices.map { mags[$0] } == [0.9, 0.2, 0.5])
        #expect(result.usedIndices == [1, 3, 2])
    }

    /// SeismoStats' ClassicBValueEstimator docstring example (classic.py, l. 48–58)
    /// gives b = 1.114920128810535; its σ by Shi & Bolt's formula, computed
    /// independently by Tests/Fixtures/seismostats/independent_values.py ("classic docstring").
    @Test func classicDocstringExampleWithShiBoltSigma() throws {
        let mags = [2.0, 2.5, 2.1, 2.2, 2.5, 2.2, 2.6, 2.3, 2.7, 2.2, 2.4, 2.0,
                    2.7, 2.2, 2.3, 2.1, 2.4, 2.6, 2.2, 2.2, 2.7, 2.4, 2.2, 2.5]
        let estimate = try BValueEstimator.classic(mags, mc: 2.0, width: 0.1)
        #expect(Self.almostEqual(estimate.b, 1.114920128810535))
        #expect(estimate.n == 24)
        #expect(abs(estimate.sigma - 0.1276734942336819) < 1e-12, "σ \(estimate.sigma)")
        // utsu.py l. 24–35: 1.1088369750721319; positive.py l. 23–33 (dmc 0.2): 1.9188552623891313
        #expect(Self.almostEqual(try BValueEstimator.utsu(mags, mc: 2.0, width: 0.1).b, 1.1088369750721319))
        #expect(Self.almostEqual(try BValueEstimator.positive(mags, mc: 2.0, width: 0.1, dmc: 0.2).estimate.b,
                                 1.9188552623891313))
    }

    /// SeismoStats avalue/tests/test_avalue.py l. 37–45: ten magnitudes 1 … 10
    /// above Mc 1 give a = 1, and a = 2 referred to m = 0 with b = 1.
    @Test func aValueReferredToMagnitudeZero() {
        #expect(BValueEstimator.aValue(count: 10, b: 0, mc: 1) == 1.0)
        #expect(BValueEstimator.aValue(count: 10, b: 1, mc: 1) == 2.0)
    }

    @Test func unbinnedMagnitudeIsNamed() {
        #expect(throws: MagnitudeStatisticsError("b-value (classic): magnitude 2.345 (event 2) is not binned to Δm 0.1")) {
            try BValueEstimator.classic([2.3, 2.345], mc: 2, width: 0.1)
        }
    }

    @Test func noMagnitudeAboveMcIsNamed() {
        #expect(throws: MagnitudeStatisticsError("b-value (Utsu): no magnitudes at or above Mc 3.0 (Δm 0.1)")) {
            try BValueEstimator.utsu([2.3, 2.4], mc: 3, width: 0.1)
        }
    }

    @Test func allInMcBinIsUnbounded() {
        #expect(throws: MagnitudeStatisticsError("b-value (classic): all 2 values are in the bin of 2.3: b is unbounded")) {
            try BValueEstimator.classic([2.3, 2.3], mc: 2.3, width: 0.1)
        }
    }

    @Test func bPositiveWithoutRiseIsNamed() {
        #expect(throws: MagnitudeStatisticsError("b-value (b-positive): no difference ≥ 0.1 between consecutive magnitudes among the 3 at or above Mc 2.0")) {
            try BValueEstimator.positive([2.5, 2.4, 2.0], mc: 2, width: 0.1)
        }
    }

    @Test func bPositiveRefusesAnUnknownTime() {
        #expect(throws: MagnitudeStatisticsError("b-value (b-positive): the time of event 2 is not a number")) {
            try BValueEstimator.positive([2.0, 2.5], times: [0, .nan], mc: 2, width: 0.1)
        }
    }
}
