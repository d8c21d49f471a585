import Foundation

/// The space and time windows of a window declustering: an event of
/// magnitude M claims the events within `distanceKm(M)` kilometres and
/// `durationDays(M)` days of it. The formulas are the ones SeismoStats takes
/// from OpenQuake's HMTK (`distance_time_windows.py`).
public enum DeclusteringWindow: String, Sendable, CaseIterable {
    /// Gardner & Knopoff (1974), Bull. Seism. Soc. Am. 64(5): 1363–1367:
    /// L = 10^(0.1238 M + 0.983) km; T = 10^(0.032 M + 2.7389) days if
    /// M ≥ 6.5, else 10^(0.5409 M − 0.547).
    case gk
    /// Grünthal (1985), as given by van Stiphout et al. (2012, CORSSA):
    /// L = e^(1.77 + √(0.037 + 1.02 M)) km; T = |e^(−3.95 + √(0.62 + 17.32 M))|
    /// days if M < 6.5, else 10^(2.8 + 0.024 M).
    case gruenthal
    /// Uhrhammer (1986), Earthquake Notes 57(1): 21:
    /// L = e^(−1.024 + 0.804 M) km; T = e^(−2.87 + 1.235 M) days.
    case uhrhammer

    /// The radius L(M) in kilometres.
    public func distanceKm(magnitude m: Double) -> Double {
        switch self {
        case .gk: return pow(10, 0.1238 * m + 0.983)
        case .gruenthal: return exp(1.77 + (0.037 + 1.02 * m).squareRoot())
        case .uhrhammer: return exp(-1.024 + 0.804 * m)
        }
    }

    /// The duration T(M) in days; `cutoffDays` (when given) caps it, as
    /// SeismoStats' `time_cutoff` does.
    public func durationDays(magnitude m: Double, cutoffDays: Double? = nil) -> Double {
        let days: Double
        switch self {
        case .gk: days = m >= 6.5 ? pow(10, 0.032 * m + 2.7389) : pow(10, 0.5409 * m - 0.547)
        case .gruenthal: days = m < 6.5 ? abs(exp(-3.95 + (0.62 + 17.32 * m).squareRoot())) : pow(10, 2.8 + 0.024 * m)
        case .uhrhammer: days = exp(-2.87 + 1.235 * m)
        }
        guard let cutoffDays else { return days }
        return min(days, cutoffDays)
    }
}
