import Foundation
import QuakeSeismology
import Testing

/// Reasenberg & Jones (1989) forecasts, against arithmetic by hand and
/// Tests/Fixtures/forecast/forecast_reference.py (scipy's quad of the rate).
struct AftershockForecastTests {
    static func relativeDifference(_ value: Double, _ expected: Double) -> Double {
        abs(value - expected) / abs(expected)
    }

    @Test func genericCaliforniaParametersAreReasenbergAndJonesS() {
        // Reasenberg & Jones 1989, Science 243, 1173: a = −1.67, b = 0.91, p = 1.08, c = 0.05 d.
        #expect(AftershockParameters.genericCalifornia == AftershockParameters(a: -1.67, b: 0.91, p: 1.08, c: 0.05))
    }

    @Test func anM71OneDayAgoWithGenericParameters() throws {
        let forecast = try AftershockForecast(mainshockMagnitude: 7.1, elapsedDays: 1,
                                              parameters: .genericCalifornia)
        #expect(forecast.cells.map(\.magnitude) == [6.1, 6.1, 6.1, 6.1, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7])
        #expect(forecast.cells.map(\.horizonDays) == Array(repeating: [1, 7, 30, 365], count: 4).flatMap { $0 })
        // By hand, M ≥ 5 in the next day (t from 1 to 2 days):
        //   10^(a + b(Mm − M)) = 10^(−1.67 + 0.91·2.1) = 10^0.241 = 1.741807
        //   ∫ (t + 0.05)^−1.08 dt from 1 to 2 = (1.05^−0.08 − 2.05^−0.08)/0.08
        //     = (0.9961044 − 0.9441906)/0.08 = 0.6489219
        //   N = 1.741807 · 0.6489219 = 1.1302967;  P = 1 − e^−1.1302967 = 1 − 0.3229374 = 0.6770626
        // M ≥ 6.1 over the next year (t from 1 to 366): 10^(−1.67 + 0.91·1.0) = 10^−0.76 = 0.1737801;
        //   (1.05^−0.08 − 366.05^−0.08)/0.08 = (0.9961044 − 0.6236153)/0.08 = 4.656114;
        //   N = 0.1737801 · 4.656114 = 0.809140;  P = 1 − e^−0.809140 = 0.554759
        let m5Day = forecast.cells[4], m61Year = forecast.cells[3]
        #expect(abs(m5Day.expectedCount - 1.130297) < 1e-6 && abs(m5Day.probability - 0.6770626) < 2e-7)
        #expect(abs(m61Year.expectedCount - 0.809140) < 1e-6 && abs(m61Year.probability - 0.554759) < 1e-6)
        // forecast_reference.py, "M7.1 mainshock, 1.0 days elapsed" (N, then P, per line):
        let expected: [(Double, Double)] = [
            (0.1127697057, 0.1066436287), (0.3253620021, 0.2777341554), (0.5135564978, 0.4016362891), (0.8091398048, 0.5547591044),
            (1.130296667, 0.6770625628), (3.26112039, 0.9616545879), (5.147403678, 0.9941855186), (8.110050647, 0.9996994963),
            (0.1390568692, 0.1298214593), (0.4012054573, 0.3304875093), (0.6332689995, 0.4691463987), (0.9977542041, 0.6312934483),
            (0.01710773235, 0.01696222604), (0.04935905448, 0.04816069383), (0.07790910737, 0.07495149718), (0.1227505838, 0.1155157603),
        ]
        for (cell, reference) in zip(forecast.cells, expected) {
            #expect(Self.relativeDifference(cell.expectedCount, reference.0) < 1e-8, "M\(cell.magnitude) \(cell.horizonDays) d")
            #expect(Self.relativeDifference(cell.probability, reference.1) < 1e-8, "M\(cell.magnitude) \(cell.horizonDays) d")
        }
    }

    @Test func rightAfterAnM6TheMainshockMinusOneRowRepeatsM5() throws {
        let forecast = try AftershockForecast(mainshockMagnitude: 6, elapsedDays: 0, parameters: .genericCalifornia)
        // forecast_reference.py, "M6.0 mainshock, 0.0 days elapsed": M ≥ 5 (twice: Mm − 1 = 5), M ≥ 6, M ≥ 7.
        let m5: [Double] = [0.5967408251, 0.9024903794, 1.105969879, 1.405584135]
        let m7: [Double] = [0.009032037883, 0.01365974465, 0.01673953151, 0.02127437678]
        let counts = forecast.cells.map(\.expectedCount)
        for (count, reference) in zip(counts, m5 + m5 + [0.07341516014, 0.111030573, 0.1360640204, 0.1729246266] + m7) {
            #expect(Self.relativeDifference(count, reference) < 1e-8)
        }
    }

    @Test func parametersFromASequencesOwnFit() throws {
        // SAPP's fit of main2003JUL26 (M ≥ 2.5): K = 95.375932, c = 0.0596003, p = 0.974062; mainshock M6.2.
        // With b = 1: a = log10(95.375932) − 1·(6.2 − 2.5) = 1.979439 − 3.7 = −1.720561.
        // Then the factor for M ≥ 2.5 is 10^(a + b(6.2 − 2.5)) = K again, so the forecast of M ≥ 5.2
        // (Mm − 1) is K·10^(−2.7) times the fit's own count: from day 1 to 2, 64.03437806 (OmoriFitTests,
        // forecast_reference.py) · 10^−2.7 = 64.03437806 · 0.001995262 = 0.1277654.
        let data = try OmoriFitTests.miyagi2003()
        let fit = try OmoriFit(daysSinceMainshock: data.times, magnitudes: data.magnitudes,
                               minimumMagnitude: 2.5, start: 0.01, end: 18.68)
        let parameters = AftershockParameters(fit: fit, bValue: 1, mainshockMagnitude: 6.2)
        #expect(abs(parameters.a - -1.720561) < 1e-5)
        #expect(parameters.b == 1 && parameters.c == fit.c && parameters.p == fit.p)
        let forecast = try AftershockForecast(mainshockMagnitude: 6.2, elapsedDays: 1, parameters: parameters)
        #expect(abs(forecast.cells[0].magnitude - 5.2) < 1e-12)
        #expect(Self.relativeDifference(forecast.cells[0].expectedCount, 0.1277654) < 1e-4)
    }

    @Test func aTimeBeforeTheMainshockIsRefused() {
        #expect(throws: AftershockForecastError.elapsedBeforeMainshock(-1)) {
            try AftershockForecast(mainshockMagnitude: 7, elapsedDays: -1, parameters: .genericCalifornia)
        }
        #expect(AftershockForecastError.elapsedBeforeMainshock(-1).description
                == "Aftershock forecast: elapsed time -1.0 days is not at or after the mainshock")
    }
}
