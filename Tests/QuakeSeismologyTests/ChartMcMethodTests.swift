import QuakeCharts
import Testing

/// The charts pane's Mc methods (`M`) on SeismoStats' 100 test magnitudes,
/// counted in 0.1 bins as the pane's aggregate counts them.
struct ChartMcMethodTests {
    static let countsByTenths = Dictionary(SeismoStatsMagnitudes.values.map { (Int(($0 * 10).rounded()), 1) }, uniquingKeysWith: +)

    @Test func eachMethodGivesSeismoStatsMc() {
        let frequency = MagnitudeFrequency(countsByTenths: Self.countsByTenths, withoutMagnitude: 0)
        // test_estimate_mc.py l. 174–176: maximum curvature 1.1 (bins 1.1 and 1.2 tie at 19: the lower), + 0.2 → 1.3.
        #expect(frequency.mc == 1.1 && frequency.mcMethod == .maxc)
        #expect(frequency.withMcMethod(.maxcCorrected).mc == 1.3)
        // test_estimate_mc.py l. 202–207: b-value stability at Δm 0.1, stability range 0.5 → 1.1.
        let stability = frequency.withMcMethod(.mbs)
        #expect(stability.mc == 1.1 && stability.mcMethod == .mbs)
        #expect(stability.bins == frequency.bins)
        // test_estimate_mc.py l. 122–145: the KS test passes at Mc 1.1 with b estimated (p 0.4362).
        let ks = frequency.withMcMethod(.ks)
        #expect(ks.mc == 1.1 && ks.mcMethod == .ks)
        #expect(ChartMcMethod.maxc.next == .maxcCorrected && ChartMcMethod.mbs.next == .ks && ChartMcMethod.ks.next == .maxc)
    }

    @Test func noMcPassingStabilityLeavesNoFit() {
        // Every quake in one bin: no Mc has 0.5 of magnitudes above it to test.
        let frequency = MagnitudeFrequency(countsByTenths: [20: 80], withoutMagnitude: 0, mcMethod: .mbs)
        #expect(frequency.mc == nil && frequency.fit == nil)
        #expect(frequency.bins.count == 1)
    }
}
