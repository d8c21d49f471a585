import Foundation
@testable import QuakeSeismology
import Testing

/// The seeded binomial draws behind the KS simulations follow the binomial
/// law (checked against its exact pmf and moments, not against our own output).
struct MagnitudeRandomGeneratorTests {
    /// Pearson's χ² of 100,000 draws of Binomial(n, p) against the pmf, over
    /// the values with an expected count ≥ 5 (the rest pooled): below the
    /// 99.9% point of χ² with that many degrees of freedom, bounded above by
    /// df + 3.1·√(2·df) + 10 (above the tabled point for 1 to
    /// 400 degrees of freedom: 10.8 for 1, 99.6 for 60, 381 for 300).
    @Test(arguments: [(100, 0.3), (40, 0.5), (1_000, 0.02), (1_000, 0.9), (50_000, 0.023)])
    func drawsFollowTheBinomialLaw(n: Int, p: Double) {
        var generator = MagnitudeRandomGenerator(seed: 2026)
        let draws = 100_000
        var observed: [Int: Int] = [:]
        for _ in 0..<draws { observed[generator.binomial(n, p), default: 0] += 1 }
        var chiSquare = 0.0, degrees = -1, pooledExpected = 0.0, pooledObserved = 0
        for k in 0...n {
            let logPmf = lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1))
                + Double(k) * log(p) + Double(n - k) * log1p(-p)
            let expected = Double(draws) * exp(logPmf)
            if expected >= 5 {
                let o = Double(observed[k, default: 0])
                chiSquare += (o - expected) * (o - expected) / expected
                degrees += 1
            } else {
                pooledExpected += expected
                pooledObserved += observed[k, default: 0]
            }
        }
        if pooledExpected > 0 {
            chiSquare += (Double(pooledObserved) - pooledExpected) * (Double(pooledObserved) - pooledExpected) / pooledExpected
            degrees += 1
        }
        let bound = Double(degrees) + 3.1 * (2 * Double(degrees)).squareRoot() + 10
        #expect(chiSquare < bound, "χ² \(chiSquare) with \(degrees) degrees of freedom")
    }

    /// Mean and variance of Binomial(1,000,000, 0.023) over 20,000 draws:
    /// within 5 standard errors of n·p and n·p·(1 − p).
    @Test func largeDrawsHaveTheBinomialMoments() {
        var generator = MagnitudeRandomGenerator(seed: 7)
        let n = 1_000_000, p = 0.023, draws = 20_000
        let values = (0..<draws).map { _ in Double(generator.binomial(n, p)) }
        let mean = values.reduce(0, +) / Double(draws)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(draws - 1)
        let expectedVariance = Double(n) * p * (1 - p)
        #expect(abs(mean - Double(n) * p) < 5 * (expectedVariance / Double(draws)).squareRoot())
        // the sample variance's standard error is about σ²·√(2/(N − 1))
        #expect(abs(variance - expectedVariance) < 5 * expectedVariance * (2 / Double(draws - 1)).squareRoot())
    }

    @Test func sameSeedSameDraws() {
        var a = MagnitudeRandomGenerator(seed: 11), b = MagnitudeRandomGenerator(seed: 11)
        #expect((0..<100).map { _ in a.binomial(1_000, 0.3) } == (0..<100).map { _ in b.binomial(1_000, 0.3) })
    }
}
