import Foundation
import QuakeSeismology
import Testing

/// The Kolmogorov–Smirnov Mc against SeismoStats'
/// seismostats/analysis/tests/test_estimate_mc.py (commit 4605c4e) with its
/// simulated distances ks_ds.csv (Tests/Fixtures/seismostats).
struct KSCompletenessTests {
    let magnitudes = SeismoStatsMagnitudes.values
    /// b of β = 2.24 (test_estimate_mc.py l. 104: beta_to_b_value(2.24)).
    let b224 = 2.24 / log(10.0)

    static func distances() throws -> [[Double]] {
        try ["0.8", "0.9", "1.0", "1.1"].map { try SeismoStatsCSV.ksDistances(mc: $0) }
    }

    /// l. 231–235 (test_ks_test_gr): Mc 1.0, Δm 0.1, b 1, ks_ds of Mc 0.8 → p 0.0104.
    @Test func ksTestWithGivenDistances() throws {
        let result = try KSCompleteness.test(magnitudes, mc: 1.0, width: 0.1, b: 1,
                                             simulatedDistances: try SeismoStatsCSV.ksDistances(mc: "0.8"))
        #expect(abs(result.pValue - 0.0104) < 1.5e-7)
        // independent_values.py ("ks_test_gr mc 1.0 b 1")
        #expect(abs(result.distance - 0.1456717652757185) < 1e-12)
    }

    /// l. 98–120: Mcs 0.8 … 1.1, b of β 2.24 → Mc 1.1; p-values [0, 0, 0.0128,
    /// 0.4405] atol 0.03 (l. 117). With these very distances they are exactly
    /// [0, 0, 0.0134, 0.4239] (FIXTURES.md: SeismoStats 1.0.1; and
    /// independent_values.py "KS beta 2.24").
    @Test func ksMcWithGivenB() throws {
        let result = try KSCompleteness.estimateMc(magnitudes, width: 0.1, mcs: [0.8, 0.9, 1.0, 1.1],
                                                   pValuePass: 0.1, b: b224, simulatedDistances: try Self.distances())
        #expect(result.mc == 1.1)
        #expect(result.b == b224)
        #expect(result.tested.map(\.mc) == [0.8, 0.9, 1.0, 1.1])
        #expect(result.tested.map(\.pValue) == [0, 0, 0.0134, 0.4239])
        for (p, published) in zip(result.tested.map(\.pValue), [0.0, 0.0, 0.0128, 0.4405]) {
            #expect(abs(p - published) <= 0.03)
        }
    }

    /// l. 122–145: Mc 1.1, b estimated → b of β 2.242124985031149 (7 decimals),
    /// KS distance 0.07087102843116255 (rtol 1e-7), p 0.4362 (atol 0.03,
    /// fresh simulations: here seeded).
    @Test func ksMcWithEstimatedBAndSimulatedDistances() throws {
        let result = try KSCompleteness.estimateMc(magnitudes, width: 0.1, mcs: [1.1], pValuePass: 0.1, seed: 42)
        let step = try #require(result.tested.first)
        #expect(abs(step.b - 2.242124985031149 / log(10.0)) < 1.5e-7)
        #expect(abs(step.distance - 0.07087102843116255) <= 1e-7 * 0.07087102843116255)
        #expect(abs(step.pValue - 0.4362) <= 0.03, "p \(step.pValue)")
        #expect(result.mc == 1.1)
        let again = try KSCompleteness.estimateMc(magnitudes, width: 0.1, mcs: [1.1], pValuePass: 0.1, seed: 42)
        #expect(again == result)
    }

    /// l. 147–156: Mcs not given (from the smallest magnitude, 1.0), ks_ds of
    /// Mc 1.0 and 1.1 → Mc 1.1, Mcs tried [1.0, 1.1].
    @Test func ksMcFromTheSmallestMagnitude() throws {
        let result = try KSCompleteness.estimateMc(magnitudes, width: 0.1, b: b224,
                                                   simulatedDistances: Array(try Self.distances()[2...]))
        #expect(result.mc == 1.1)
        #expect(result.tested.map(\.mc) == [1.0, 1.1])
    }

    /// l. 158–171: Mc 1.5 with b-positive → Mc 1.5, b of β 3.2542240043462796.
    @Test func ksMcWithBPositive() throws {
        let result = try KSCompleteness.estimateMc(magnitudes, width: 0.1, mcs: [1.5], method: .positive(dmc: nil), seed: 7)
        #expect(result.mc == 1.5)
        #expect(abs((result.b ?? 0) - 3.2542240043462796 / log(10.0)) < 1.5e-7)
    }

    /// l. 79–95 (test_estimate_mc_ks_fail): Mc 2 → none passes.
    @Test func ksMcNonePassed() throws {
        let result = try KSCompleteness.estimateMc(magnitudes, width: 0.1, mcs: [2], pValuePass: 0.1, b: b224,
                                                   simulatedDistances: try Self.distances())
        #expect(result.mc == nil)
        #expect(result.b == nil)
    }

    /// l. 238–246 (test_cdf_discrete_exp): Mc 1.0, Δm 0.1, β 2, 8 decimals.
    @Test func discreteExponentialCDF() {
        let (x, y) = KSCompleteness.discreteExponentialCDF(magnitudes, mc: 1.0, width: 0.1, beta: 2)
        #expect(x == [1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9, 2.0, 2.1, 2.2, 2.3, 2.8, 3.7])
        let expected = [0.18126925, 0.32967995, 0.45118836, 0.55067104, 0.63212056, 0.69880579, 0.75340304,
                        0.79810348, 0.83470111, 0.86466472, 0.88919684, 0.90928205, 0.92572642, 0.93918994,
                        0.97762923, 0.99630214]
        #expect(zip(y, expected).allSatisfy { abs($0 - $1) < 1.5e-7 })
    }

    /// The seeded simulation draws distances as SeismoStats' did: its p-value
    /// at Mc 1.1 (b of β 2.24) within 0.03 of the one from ks_ds.csv (0.4239).
    @Test func seededSimulationAgreesWithPublishedDistances() throws {
        let result = try KSCompleteness.test(magnitudes, mc: 1.1, width: 0.1, b: b224, seed: 1)
        #expect(abs(result.pValue - 0.4239) <= 0.03, "p \(result.pValue)")
        let atMc1 = try KSCompleteness.test(magnitudes, mc: 1.0, width: 0.1, b: b224, seed: 1)
        #expect(abs(atMc1.pValue - 0.0134) <= 0.03, "p \(atMc1.pValue)")
    }

    /// l. 52–58 (test_estimate_mc_ks_out): unbinned magnitudes and b to
    /// estimate → refused (SeismoStats: ValueError).
    @Test func unbinnedMagnitudesAreRefusedWhenBIsEstimated() {
        #expect(throws: MagnitudeStatisticsError("Mc (KS): magnitude 2.328382 (event 1) is not binned to Δm 0.1")) {
            try KSCompleteness.estimateMc(magnitudes.map { $0 * 1.01234 }, width: 0.1, mcs: [0.8, 0.9, 1.0, 1.1],
                                          simulatedDistances: try Self.distances())
        }
    }

    @Test func missingDistancesAreNamed() {
        #expect(throws: MagnitudeStatisticsError("Mc (KS): no simulated distances for Mc 0.9 (Mc tried #2; 1 lists given)")) {
            try KSCompleteness.estimateMc(magnitudes, width: 0.1, mcs: [0.8, 0.9], b: 1, simulatedDistances: [[0.0]])
        }
    }
}
