import Foundation
import QuakeCharts
import Testing

/// Ticks at round values, against an independent rule: Heckbert's "nice
/// numbers" (Graphics Gems, 1990) loosened to 1-2-5 steps: for each step
/// 1, 2, 5 × 10^k in increasing order, the first whose multiples within the
/// range number at most the maximum.
@Suite struct AxisTicksTests {
    static func reference(low: Double, high: Double, maximum: Int) -> (step: Double, values: [Double]) {
        var candidates: [Double] = []
        for exponent in -6...9 { for factor in [1.0, 2, 5] { candidates.append(factor * pow(10, Double(exponent))) } }
        for step in candidates {
            // Counted before listed: a small step over a long range is billions of ticks.
            let first = (low / step - 1e-9).rounded(.up), last = (high / step + 1e-9).rounded(.down)
            guard last - first + 1 <= Double(maximum) else { continue }
            return (step, stride(from: first, through: last, by: 1).map { $0 * step })
        }
        return (0, [])
    }

    static let ranges: [(Double, Double, Int)] = [
        (0, 626.6, 6), (0, 1275.9, 8), (0, 10, 5), (-2.5, 35, 6), (0, 0.7, 4), (0, 19_000, 10), (3, 7, 3), (0, 100, 2),
        (-11.2, 683, 9), (0.001, 0.009, 5),
    ]

    @Test func theStepAndTicksAreTheReferencesForEachRange() {
        for (low, high, maximum) in Self.ranges {
            let ticks = AxisTicks(low: low, high: high, maximum: maximum)
            let reference = Self.reference(low: low, high: high, maximum: maximum)
            #expect(abs(ticks.step - reference.step) < reference.step * 1e-9, "\(low)…\(high) ≤\(maximum): \(ticks.step) vs \(reference.step)")
            #expect(ticks.values.count == reference.values.count
                    && zip(ticks.values, reference.values).allSatisfy { abs($0 - $1) < reference.step * 1e-6 },
                    "\(low)…\(high): \(ticks.values) vs \(reference.values)")
        }
    }

    @Test func labelsHaveTheStepsDecimals() {
        #expect(AxisTicks(low: 0, high: 626.6, maximum: 6).values.map { AxisTicks(low: 0, high: 626.6, maximum: 6).label($0) }
                == ["0", "200", "400", "600"])
        let small = AxisTicks(low: 0, high: 0.7, maximum: 4)
        #expect(small.values.map(small.label) == ["0.0", "0.2", "0.4", "0.6"])
    }
}
