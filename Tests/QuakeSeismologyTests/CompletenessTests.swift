import Foundation
import QuakeSeismology
import Testing

/// Maximum curvature and b-value stability against SeismoStats'
/// seismostats/analysis/tests/test_estimate_mc.py (commit 4605c4e).
struct CompletenessTests {
    let magnitudes = SeismoStatsMagnitudes.values

    /// l. 174–176: fmd_bin 0.1, correction 0.2 → 1.3; bins 1.1 and 1.2 both
    /// hold 19 events and the lower is taken.
    @Test func maximumCurvatureTakesTheLowerOfTiedBins() throws {
        #expect(try CompletenessMagnitude.maximumCurvature(magnitudes, binWidth: 0.1, correction: 0.2) == 1.3)
        #expect(try CompletenessMagnitude.maximumCurvature(magnitudes, binWidth: 0.1) == 1.1)
        #expect(try CompletenessMagnitude.maximumCurvature(magnitudes.reversed(), binWidth: 0.1) == 1.1)
    }

    /// l. 186–199: catalog_sed.csv's `magnitude` binned to 0.01, stability
    /// range 0.5, Mcs 0.12, 0.13, … < 2.0 (np.arange) → 1.44.
    @Test func bStabilityOnTheSwissCatalogue() throws {
        let raw = try SeismoStatsCSV("catalog_sed.csv").doubles("magnitude")
        #expect(raw.count == 1_924)
        let mags = MagnitudeBinning.bin(raw, width: 0.01)
        let mcs = (0..<188).map { 0.12 + Double($0) * 0.01 }
        let result = try CompletenessMagnitude.bValueStability(mags, width: 0.01, mcs: mcs, stabilityRange: 0.5)
        #expect(result.mc == 1.44)
        #expect(result.tested.last?.passed == true)
        #expect(result.tested.dropLast().allSatisfy { !$0.passed })
    }

    /// l. 202–207: MAGNITUDES, Δm 0.1, default Mcs → 1.1.
    @Test func bStabilityWithLargerBins() throws {
        let result = try CompletenessMagnitude.bValueStability(magnitudes, width: 0.1, stabilityRange: 0.5)
        #expect(result.mc == 1.1)
        #expect(result.tested.map(\.mc) == [1.0, 1.1])
    }

    /// l. 210–219: only Mc 0.5 tried → none passes, no b.
    @Test func bStabilityNonePassed() throws {
        let result = try CompletenessMagnitude.bValueStability(magnitudes, width: 0.1, mcs: [0.5], stabilityRange: 0.5)
        #expect(result.mc == nil)
        #expect(result.b == nil)
        #expect(result.tested.count == 1)
    }

    /// l. 225–228: unbinned magnitudes are refused (SeismoStats: ValueError).
    @Test func bStabilityRefusesUnbinnedMagnitudes() {
        #expect(throws: MagnitudeStatisticsError("Mc (b-stability): magnitude 2.328382 (event 1) is not binned to Δm 0.1")) {
            try CompletenessMagnitude.bValueStability(magnitudes.map { $0 * 1.01234 }, width: 0.1, mcs: [1.1])
        }
    }

    @Test func bStabilityWithoutRoomForTheRangeIsNamed() {
        #expect(throws: MagnitudeStatisticsError("Mc (b-stability): no Mc to test: magnitudes end at 3.7, less than the stability range 0.5 above every Mc tried")) {
            try CompletenessMagnitude.bValueStability(magnitudes, width: 0.1, mcs: [3.5])
        }
    }
}
