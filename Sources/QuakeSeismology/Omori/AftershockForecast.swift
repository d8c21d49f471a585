import Foundation

/// Reasenberg & Jones's (1989) aftershock model: the rate of aftershocks at
/// or above magnitude M, t days after a mainshock of magnitude Mm,
///
///     λ(t, M) = 10^(a + b(Mm − M)) · (t + c)^(−p)        (per day)
///
/// Reasenberg, P. A. & Jones, L. M. (1989), Earthquake hazard after a
/// mainshock in California, Science 243, 1173–1176.
public struct AftershockParameters: Sendable, Hashable {
    public var a: Double
    public var b: Double
    public var p: Double
    /// c, days.
    public var c: Double

    public init(a: Double, b: Double, p: Double, c: Double) {
        self.a = a
        self.b = b
        self.p = p
        self.c = c
    }

    /// The generic California sequence of Reasenberg & Jones (1989), Science
    /// 243, 1173: a = −1.67, b = 0.91, p = 1.08, c = 0.05 days.
    public static let genericCalifornia = AftershockParameters(a: -1.67, b: 0.91, p: 1.08, c: 0.05)

    /// The parameters of a sequence's own Omori–Utsu fit and b-value. The fit
    /// counts events at or above its threshold Mmin, so its K is λ's factor at
    /// M = Mmin: K = 10^(a + b(Mm − Mmin)), hence a = log₁₀ K − b(Mm − Mmin);
    /// c and p are the fit's.
    public init(fit: OmoriFit, bValue: Double, mainshockMagnitude: Double) {
        self.init(a: Foundation.log10(fit.k) - bValue * (mainshockMagnitude - fit.minimumMagnitude),
                  b: bValue, p: fit.p, c: fit.c)
    }

    /// The Omori–Utsu law of the events at or above `magnitude`: K = 10^(a + b(Mm − M)).
    public func curve(mainshockMagnitude: Double, magnitude: Double) -> OmoriUtsuCurve {
        OmoriUtsuCurve(k: Foundation.pow(10, a + b * (mainshockMagnitude - magnitude)), c: c, p: p)
    }
}

/// What the USGS aftershock forecast tabulates: for each magnitude and each
/// horizon, the expected number of aftershocks at or above that magnitude and
/// the probability of at least one,
///
///     N = ∫ λ(t, M) dt over [t₀, t₀ + horizon],   P(≥ 1) = 1 − exp(−N)
///
/// (a Poisson process), where t₀ is "now": `elapsedDays` since the mainshock.
/// The magnitudes are Mm − 1, 5, 6 and 7 in that order (so one may repeat,
/// e.g. 5 for an M6 mainshock); the horizons 1, 7, 30 and 365 days.
public struct AftershockForecast: Sendable, Hashable {
    public static let horizonsDays: [Double] = [1, 7, 30, 365]
    public static let fixedMagnitudes: [Double] = [5, 6, 7]

    /// One magnitude over one horizon.
    public struct Cell: Sendable, Hashable {
        public var magnitude: Double
        public var horizonDays: Double
        public var expectedCount: Double
        /// P(at least one) = 1 − exp(−expectedCount).
        public var probability: Double

        /// The chance as a whole percent, or `<1` / `>99` at the ends
        /// (a forecast is not cited to finer than that); `spacing` goes
        /// between the number and `%` (and after `<` or `>`).
        public static func percent(_ p: Double, spacing: String = "") -> String {
            if p < 0.01 { return "<\(spacing)1\(spacing)%" }
            if p > 0.99 { return ">\(spacing)99\(spacing)%" }
            return "\(Int((p * 100).rounded()))\(spacing)%"
        }
    }

    public var mainshockMagnitude: Double
    public var elapsedDays: Double
    public var parameters: AftershockParameters
    /// Magnitude by magnitude (Mm − 1, 5, 6, 7), each over the horizons in order.
    public var cells: [Cell]

    /// Throws `AftershockForecastError` when the elapsed time is negative or not a number.
    public init(mainshockMagnitude: Double, elapsedDays: Double, parameters: AftershockParameters) throws {
        guard elapsedDays.isFinite, elapsedDays >= 0 else {
            throw AftershockForecastError.elapsedBeforeMainshock(elapsedDays)
        }
        self.mainshockMagnitude = mainshockMagnitude
        self.elapsedDays = elapsedDays
        self.parameters = parameters
        cells = ([mainshockMagnitude - 1] + Self.fixedMagnitudes).flatMap { magnitude in
            let curve = parameters.curve(mainshockMagnitude: mainshockMagnitude, magnitude: magnitude)
            return Self.horizonsDays.map { horizon in
                let count = curve.expectedCount(fromDay: elapsedDays, toDay: elapsedDays + horizon)
                return Cell(magnitude: magnitude, horizonDays: horizon, expectedCount: count,
                            probability: -Foundation.expm1(-count))
            }
        }
    }
}

public enum AftershockForecastError: Error, CustomStringConvertible, Sendable, Equatable {
    case elapsedBeforeMainshock(Double)

    public var description: String {
        switch self {
        case let .elapsedBeforeMainshock(days):
            return "Aftershock forecast: elapsed time \(days) days is not at or after the mainshock"
        }
    }
}
