import Foundation

/// The Omori–Utsu (modified Omori) law of aftershock decay (Utsu 1961):
/// the rate of events at or above a magnitude threshold, t days after the
/// mainshock,
///
///     n(t) = K / (t + c)^p        (events per day)
///
/// and the expected count over a window, N(t1, t2) = ∫ n(t) dt from t1 to t2
/// = K·((t2+c)^(1−p) − (t1+c)^(1−p)) / (1 − p), or K·ln((t2+c)/(t1+c)) at
/// p = 1 (computed in one form that is exact on both sides of p = 1).
public struct OmoriUtsuCurve: Sendable, Equatable {
    /// Productivity: events per day at t + c = 1 day.
    public var k: Double
    /// c, in days (> 0).
    public var c: Double
    /// p, the decay exponent.
    public var p: Double

    public init(k: Double, c: Double, p: Double) {
        self.k = k
        self.c = c
        self.p = p
    }

    /// n(t) = K/(t+c)^p, events per day at `day` days after the mainshock:
    /// what a chart of events per day draws the curve with.
    public func rate(atDay day: Double) -> Double {
        k * Foundation.pow(day + c, -p)
    }

    /// N(t1, t2) = ∫ K/(t+c)^p dt from `start` to `end` days after the mainshock.
    public func expectedCount(fromDay start: Double, toDay end: Double) -> Double {
        k * PowerLawIntegrals(c: c, p: p, start: start, end: end).integral
    }
}
