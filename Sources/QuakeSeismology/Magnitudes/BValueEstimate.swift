import Foundation

/// A Gutenberg–Richter b-value with its Shi & Bolt (1982) standard error and
/// the number of magnitudes (for b-positive: of positive differences) it rests on.
public struct BValueEstimate: Sendable, Equatable {
    /// The b-value of log10 N(≥m) = a − b·m.
    public var b: Double
    /// Shi & Bolt (1982, BSSA 72(5)) standard error:
    /// σ_b = ln10 · b² · sd(m) / √(n − 1), sd with divisor n (NaN for n < 2).
    public var sigma: Double
    public var n: Int

    public init(b: Double, sigma: Double, n: Int) {
        self.b = b
        self.sigma = sigma
        self.n = n
    }

    /// β = b · ln 10, the rate of the exponential law of magnitudes.
    public var beta: Double { b * log(10) }

    /// b from β: b = β / ln 10.
    public static func b(fromBeta beta: Double) -> Double { beta / log(10) }

    /// β from b: β = b · ln 10.
    public static func beta(fromB b: Double) -> Double { b * log(10) }
}

/// What b-positive used: its estimate and, for each positive difference, the
/// index (into the magnitudes given) of the later event of the pair.
public struct BPositiveEstimate: Sendable, Equatable {
    public var estimate: BValueEstimate
    public var usedIndices: [Int]
}
