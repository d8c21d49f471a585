import Foundation

/// The seismic moment released by a set of events and the single moment
/// magnitude that would release as much.
public struct CumulativeMoment: Sendable, Equatable {
    /// Σ M0, in newton-metres.
    public var total: Double
    /// Mw of the total: ⅔ (log10 ΣM0 − 9.1); −∞ for no events.
    public var equivalentMagnitude: Double
    /// The events summed (those with a finite magnitude).
    public var count: Int
}

/// Moment magnitude and seismic moment (Hanks & Kanamori 1979, JGR 84(B5)),
/// in SI units: M0 = 10^(1.5·Mw + 9.1) N·m, Mw = ⅔ (log10 M0 − 9.1).
/// (Other magnitude types summed this way are only an approximation of the
/// moment: see `MagnitudeMix`.)
public enum SeismicMoment {
    /// M0 in N·m of a moment magnitude Mw.
    public static func moment(magnitude mw: Double) -> Double { pow(10, 1.5 * mw + 9.1) }

    /// Mw of a moment M0 in N·m.
    public static func magnitude(moment m0: Double) -> Double { 2.0 / 3.0 * (log10(m0) - 9.1) }

    /// The moments of the events summed; magnitudes that are NaN (unknown) are left out. O(n).
    public static func cumulative(_ magnitudes: [Double]) -> CumulativeMoment {
        cumulative(counts: magnitudes.map { ($0, 1) })
    }

    /// The same from counts per magnitude (an aggregate's rows): each
    /// magnitude's moment times how many events have it.
    public static func cumulative(counts: [(magnitude: Double, count: Int)]) -> CumulativeMoment {
        var total = 0.0, events = 0
        for (m, count) in counts where m.isFinite {
            total += moment(magnitude: m) * Double(count)
            events += count
        }
        return CumulativeMoment(total: total, equivalentMagnitude: magnitude(moment: total), count: events)
    }

    /// The running sum of moments in the order given (event i's value is the
    /// sum over events 0…i; unknown magnitudes add nothing): the curve of a
    /// cumulative-moment chart when the magnitudes are in time order. O(n).
    public static func runningTotal(_ magnitudes: [Double]) -> [Double] {
        var total = 0.0
        return magnitudes.map { m in
            if m.isFinite { total += moment(magnitude: m) }
            return total
        }
    }
}
