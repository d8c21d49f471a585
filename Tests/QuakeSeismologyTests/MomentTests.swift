import Foundation
import QuakeSeismology
import Testing

/// Hanks & Kanamori moments; expectations from
/// Tests/Fixtures/seismostats/independent_values.py ("moment …").
struct MomentTests {
    static func close(_ a: Double, _ b: Double, relative: Double = 1e-12) -> Bool { abs(a - b) <= relative * abs(b) }

    @Test func momentOfMagnitudeSix() {
        // 10^(1.5·6 + 9.1) = 10^18.1 N·m
        #expect(Self.close(SeismicMoment.moment(magnitude: 6), 1.2589254117941714e18))
        #expect(Self.close(SeismicMoment.magnitude(moment: 1.2589254117941714e18), 6))
    }

    @Test func sumsAndItsMagnitude() {
        let two = SeismicMoment.cumulative([6, 6])
        #expect(two.count == 2)
        #expect(Self.close(two.total, 2 * 1.2589254117941714e18))
        #expect(Self.close(two.equivalentMagnitude, 6.200686663775988))   // 6 + ⅔ log10 2
        #expect(Self.close(SeismicMoment.cumulative([7, 5]).equivalentMagnitude, 7.000289384986214))
        // a thousand M4 release one M6 (each unit is 10^1.5 in moment)
        #expect(Self.close(SeismicMoment.cumulative(Array(repeating: 4, count: 1000)).equivalentMagnitude, 6))
    }

    @Test func unknownMagnitudesAreLeftOut() {
        let sum = SeismicMoment.cumulative([6, .nan, 6])
        #expect(sum.count == 2)
        #expect(Self.close(sum.equivalentMagnitude, 6.200686663775988))
        #expect(SeismicMoment.cumulative([]).equivalentMagnitude == -.infinity)
    }

    @Test func runningTotalInTheOrderGiven() {
        let running = SeismicMoment.runningTotal([6, .nan, 6])
        #expect(running.count == 3)
        #expect(Self.close(running[0], 1.2589254117941714e18))
        #expect(running[1] == running[0])
        #expect(Self.close(running[2], 2 * 1.2589254117941714e18))
    }
}
