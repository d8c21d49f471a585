import QuakeSeismology
import Testing

struct MagnitudeBinningTests {
    /// SeismoStats utils/binning.py l. 66–69 (bin_to_precision's docstring):
    /// 2.345 is a hair below 2.345 in binary, yet rounds up at 0.01.
    @Test func seismoStatsDocstringExamples() {
        #expect(MagnitudeBinning.bin([1.234, 2.345, 3.456], width: 0.1) == [1.2, 2.3, 3.5])
        #expect(MagnitudeBinning.bin([1.234, 2.345, 3.456], width: 0.01) == [1.23, 2.35, 3.46])
    }

    /// Ties go up, towards +∞, as floor(x/Δm + 0.5) does (binning.py l. 19–21: 2.5 → 3).
    @Test func tiesRoundUp() {
        #expect(MagnitudeBinning.bin(2.25, width: 0.1) == 2.3)
        #expect(MagnitudeBinning.bin(-0.25, width: 0.1) == -0.2)
        #expect(MagnitudeBinning.bin(2.5, width: 1) == 3)
        #expect(MagnitudeBinning.bin(-2.5, width: 1) == -2)
        #expect(MagnitudeBinning.bin(1.3, width: 0.2) == 1.4)
    }

    /// Float noise lands on the decimal bin's own Double.
    @Test func floatNoiseLandsOnTheBin() {
        #expect(MagnitudeBinning.bin(2.3000000001, width: 0.1) == 2.3)
        #expect(MagnitudeBinning.bin(2.2999999999, width: 0.1) == 2.3)
        #expect(MagnitudeBinning.bin(1.1 + 0.2, width: 0.1) == 1.3)
        #expect(MagnitudeBinning.bin(0.1 * 3, width: 0.1) == 0.3)
        #expect(MagnitudeBinning.bin(1.44, width: 0.01) == 1.44)
        #expect(MagnitudeBinning.index(2.3000000001, width: 0.1) == 23)
    }

    @Test func binnedTestToleratesNoiseOnly() {
        #expect(MagnitudeBinning.isBinned(0.1 * 3, width: 0.1))
        #expect(!MagnitudeBinning.isBinned(2.345, width: 0.1))
    }

    @Test func unknownAndAbsurdMagnitudesDoNotTrap() throws {
        #expect(MagnitudeBinning.bin(.nan, width: 0.1).isNaN)
        #expect(MagnitudeBinning.bin(1e300, width: 0.1) == 1e300)
        #expect(MagnitudeBinning.bin(-.infinity, width: 0.1) == -.infinity)
        #expect(throws: MagnitudeStatisticsError("magnitude histogram: magnitudes from 2.0 to 1e+300 span more than 10 million bins of 0.1")) {
            try MagnitudeHistogram([2, 1e300], width: 0.1)
        }
        #expect(try MagnitudeHistogram([2, .nan, 2.1], width: 0.1).counts == [1, 1])
    }
}
