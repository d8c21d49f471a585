import Foundation

/// The β statistic of a seismicity-rate change (Matthews & Reasenberg 1988,
/// PAGEOPH 126): how many standard deviations the count in a window lies from
/// the count a constant rate would put there,
/// β = (n_w − n·t_w/T) / √(n · (t_w/T) · (1 − t_w/T)),
/// for n_w of the n events of a period of length T falling in a window of
/// length t_w inside it. |β| ≳ 2 is the usual mark of a significant change.
public enum RateChange {
    public static func beta(windowCount nw: Int, windowLength tw: Double, totalCount n: Int,
                            totalLength total: Double) throws -> Double {
        guard total > 0, tw > 0, tw < total else {
            throw MagnitudeStatisticsError("rate change β: the window (\(tw)) must be longer than 0 and shorter than the period (\(total))")
        }
        guard n > 0 else { throw MagnitudeStatisticsError("rate change β: no events in the period") }
        guard nw >= 0, nw <= n else {
            throw MagnitudeStatisticsError("rate change β: \(nw) events in the window, \(n) in the whole period")
        }
        let fraction = tw / total
        let expected = Double(n) * fraction
        return (Double(nw) - expected) / (expected * (1 - fraction)).squareRoot()
    }

    /// β for event times (seconds, any order): the period is
    /// [periodStart, periodEnd), the window [windowStart, windowEnd) inside
    /// it; events outside the period are not counted. O(n).
    public static func beta(times: [Double], windowStart: Double, windowEnd: Double,
                            periodStart: Double, periodEnd: Double) throws -> Double {
        guard periodStart <= windowStart, windowEnd <= periodEnd else {
            throw MagnitudeStatisticsError("rate change β: the window [\(windowStart), \(windowEnd)) is not inside the period [\(periodStart), \(periodEnd))")
        }
        var n = 0, nw = 0
        for t in times where t >= periodStart && t < periodEnd {
            n += 1
            if t >= windowStart && t < windowEnd { nw += 1 }
        }
        return try beta(windowCount: nw, windowLength: windowEnd - windowStart, totalCount: n,
                        totalLength: periodEnd - periodStart)
    }
}
