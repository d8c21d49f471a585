import Foundation
import QuakeSeismology
import Testing

/// The Omori–Utsu fit against SAPP's `momori` on its own example (Tests/Fixtures/sapp/README.md).
struct OmoriFitTests {
    /// SAPP's main2003JUL26: (time in days since the mainshock, magnitude) of each of its 2,305 events.
    static func miyagi2003() throws -> (times: [Double], magnitudes: [Double]) {
        let text = try String(contentsOfFile: SeismologyFixture.path("sapp/main2003JUL26.csv"), encoding: .utf8)
        let rows = text.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
        // Columns: no., longitude, latitude, magnitude, time, depth, year, month, day.
        return (rows.map { Double($0[4])! }, rows.map { Double($0[3])! })
    }

    static func relativeDifference(_ value: Double, _ expected: Double) -> Double {
        abs(value - expected) / abs(expected)
    }

    @Test func miyagiAftershocksMatchSAPPsMomori() throws {
        let data = try Self.miyagi2003()
        let fit = try OmoriFit(daysSinceMainshock: data.times, magnitudes: data.magnitudes,
                               minimumMagnitude: 2.5, start: 0.01, end: 18.68)
        // momori(x$time, x$magnitude, threshold = 2.5, tstart = 0.01, tend = 18.68, parami = c(0, 96.021, 0.058563, 0.96611))
        // run with SAPP 1.0.9-1 (Tests/Fixtures/sapp/README.md): 536 events, K = 95.37593200,
        // c = 0.05960030679, p = 0.97406207467, ngmle = −1802.324219.
        #expect(fit.eventCount == 536)
        #expect(Self.relativeDifference(fit.k, 95.37593200) < 1e-4)
        #expect(Self.relativeDifference(fit.c, 0.05960030679) < 1e-4)
        #expect(Self.relativeDifference(fit.p, 0.97406207467) < 1e-4)
        #expect(abs(fit.negativeLogLikelihood - -1802.324219) < 1e-3)
        // AIC = −2 log L + 2·3 (SAPP prints ngmle + 3 = −1799.324219 as its aic instead).
        #expect(abs(fit.aic - (2 * -1802.324219 + 6)) < 2e-3)
        #expect(fit.minimumMagnitude == 2.5 && fit.start == 0.01 && fit.end == 18.68)
    }

    @Test func standardErrorsMatchANumericalHessian() throws {
        let data = try Self.miyagi2003()
        let fit = try OmoriFit(daysSinceMainshock: data.times, magnitudes: data.magnitudes,
                               minimumMagnitude: 2.5, start: 0.01, end: 18.68)
        // Tests/Fixtures/sapp/omori_reference.py (scipy Nelder–Mead on the full −log L, then a
        // central finite-difference Hessian inverted by numpy), at relative steps 1e-3 and 1e-4:
        //   step 0.001: sigma K = 7.405355  sigma c = 0.02367348  sigma p = 0.04828558
        //   step 0.0001: sigma K = 7.405365  sigma c = 0.02367348  sigma p = 0.04828557
        #expect(Self.relativeDifference(fit.kError, 7.40536) < 1e-5)
        #expect(Self.relativeDifference(fit.cError, 0.02367348) < 1e-5)
        #expect(Self.relativeDifference(fit.pError, 0.048285575) < 1e-5)
    }

    @Test func fittedCurveCountsAndRates() throws {
        // SAPP's fit, integrated numerically by Tests/Fixtures/forecast/forecast_reference.py:
        //   SAPP fit: N(0.01, 18.68) = 535.9999968   (the MLE's K̂ = n/I: the window's 536 events)
        //   SAPP fit: N(1, 2) = 64.03437806
        //   SAPP fit: rate at 1 d = 90.1464965
        let curve = OmoriUtsuCurve(k: 95.37593200, c: 0.05960030679, p: 0.97406207467)
        #expect(Self.relativeDifference(curve.expectedCount(fromDay: 0.01, toDay: 18.68), 535.9999968) < 1e-9)
        #expect(Self.relativeDifference(curve.expectedCount(fromDay: 1, toDay: 2), 64.03437806) < 1e-9)
        #expect(Self.relativeDifference(curve.rate(atDay: 1), 90.1464965) < 1e-9)
    }

    @Test func expectedCountAtAndNearPEqualOne() {
        // p = 1: N = K·ln((T+c)/(S+c)) = 100·ln(10.1/0.1) = 461.5120517 (forecast_reference.py, by quad
        // at p = 1 and at p = 1 + 1e-9: the same to 10 digits).
        for p in [1.0, 1 + 1e-9, 1 - 1e-9] {
            let count = OmoriUtsuCurve(k: 100, c: 0.1, p: p).expectedCount(fromDay: 0, toDay: 10)
            #expect(Self.relativeDifference(count, 461.5120517) < 1e-9)
        }
    }

    @Test func aSequenceWithPNearOneMatchesScipy() throws {
        // p ≈ 1 (the integral's two forms meet there) and another window: the fit still starts from its
        // generic c = (T − S)/100, p = 1.1. Tests/Fixtures/sapp/omori_reference.py, report(3.0, 0.02, 18.68):
        //   n = 209, K = 34.39705936  c = 0.0230475916  p = 1.0028684740, -log L = -555.001151
        //   step 0.001: sigma K = 3.547020  sigma c = 0.02150958  sigma p = 0.06773800
        //   step 0.0001: sigma K = 3.546950  sigma c = 0.02150875  sigma p = 0.06773636
        let data = try Self.miyagi2003()
        let fit = try OmoriFit(daysSinceMainshock: data.times, magnitudes: data.magnitudes,
                               minimumMagnitude: 3.0, start: 0.02, end: 18.68)
        #expect(fit.eventCount == 209)
        #expect(Self.relativeDifference(fit.k, 34.39705936) < 1e-5)
        #expect(Self.relativeDifference(fit.c, 0.0230475916) < 1e-5)
        #expect(Self.relativeDifference(fit.p, 1.0028684740) < 1e-5)
        #expect(abs(fit.negativeLogLikelihood - -555.001151) < 1e-5)
        #expect(Self.relativeDifference(fit.kError, 3.54695) < 1e-4)
        #expect(Self.relativeDifference(fit.cError, 0.02150875) < 1e-4)
        #expect(Self.relativeDifference(fit.pError, 0.06773636) < 1e-4)
    }

    @Test func tooFewEventsAreRefusedNamingTheSelection() throws {
        let data = try Self.miyagi2003()
        // main2003JUL26.csv has 3 events of M ≥ 4.5 in 0.01..18.68 days (counted with Python's csv module;
        // the M6.2 mainshock at t = 0 is outside the window).
        #expect(throws: OmoriFitError.tooFewEvents(count: 3, minimumMagnitude: 4.5, start: 0.01, end: 18.68)) {
            try OmoriFit(daysSinceMainshock: data.times, magnitudes: data.magnitudes,
                         minimumMagnitude: 4.5, start: 0.01, end: 18.68)
        }
        let error = OmoriFitError.tooFewEvents(count: 3, minimumMagnitude: 4.5, start: 0.01, end: 18.68)
        #expect(error.description
                == "Omori fit: 3 events at or above M4.5 between 0.01 and 18.68 days; at least 10 needed")
        #expect(OmoriFitError.invalidWindow(start: 5, end: 2).description
                == "Omori fit: the window 5.0 to 2.0 days is not a span at or after the mainshock (need 0 ≤ start < end)")
    }

    @Test func aRateThatDoesNotDecayHasNoOmoriMaximum() {
        // 50 events evenly spread over 0..100 days: a constant rate, which K/(t+c)^p only
        // approaches as c → ∞ (or p → 0): no interior maximum of the likelihood.
        let times = (0..<50).map { Double($0) * 2 + 1 }
        #expect {
            try OmoriFit(daysSinceMainshock: times, magnitudes: Array(repeating: 3, count: 50),
                         minimumMagnitude: 3, start: 0, end: 100)
        } throws: { error in
            String(describing: error).hasPrefix("Omori fit: no maximum of the likelihood for M3.0+ between 0.0 and 100.0 days: ")
        }
    }

    @Test func eventsThatDieOutFasterThanAnyPowerLawHaveNoMaximum() {
        // All 15 events within 1.8 days of a 30-day window. Tests/Fixtures/sapp/omori_reference.py: the best
        // −log L at fixed p is −13.820161 (p = 1), −17.927920 (2), −19.158372 (5), −19.354235 (10),
        // −19.421867 (20), −19.454184 (50): it falls as p grows, so the fit runs to its bound p = 10.
        let times = [0.0061, 0.0146, 0.0219, 0.0557, 0.2125, 0.2591, 0.2609, 0.3862, 0.6692, 0.6732,
                     0.6778, 0.7521, 1.2218, 1.3040, 1.7988]
        #expect(throws: OmoriFitError.noConvergence(reason: "p ran to 10 (the events die out faster than any power law)",
                                                    minimumMagnitude: 2.5, start: 0, end: 30)) {
            try OmoriFit(daysSinceMainshock: times, magnitudes: Array(repeating: 3, count: 15),
                         minimumMagnitude: 2.5, start: 0, end: 30)
        }
        #expect(OmoriFitError.noConvergence(reason: "p ran to 10 (the events die out faster than any power law)",
                                            minimumMagnitude: 2.5, start: 0, end: 30).description
                == "Omori fit: no maximum of the likelihood for M2.5+ between 0.0 and 30.0 days: "
                + "p ran to 10 (the events die out faster than any power law)")
    }
}
