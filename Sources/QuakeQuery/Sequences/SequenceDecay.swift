import Foundation
import QuakeSeismology
import QuakeStore

/// A selection seen as one sequence: its largest quake is the mainshock
/// (the earliest on a tie), the quakes after it are its aftershocks, and
/// their decay is fitted by the Omori–Utsu law (`OmoriFit`).
public struct SequenceDecay: Sendable {
    public var mainshockID: String
    public var mainshockMagnitude: Double
    /// Seconds since 1970.
    public var mainshockTime: Double
    /// Days since the mainshock and magnitude of each later quake, in time order.
    public var aftershockDays: [Double]
    public var aftershockMagnitudes: [Double]

    /// nil when the selection holds no quake with a magnitude.
    public init?(_ selection: SequenceSelection) {
        let columns = selection.columns
        guard var main = columns.magnitudes.indices.first else { return nil }
        for i in columns.magnitudes.indices where columns.magnitudes[i] > columns.magnitudes[main] { main = i }
        mainshockID = selection.ids[main]
        mainshockMagnitude = columns.magnitudes[main]
        mainshockTime = columns.times[main]
        let later = (main + 1)..<columns.count
        aftershockDays = later.map { (columns.times[$0] - columns.times[main]) / 86_400 }
        aftershockMagnitudes = later.map { columns.magnitudes[$0] }
    }

    /// The Omori–Utsu fit of the aftershocks at or above `minimumMagnitude`
    /// between `start` and `end` days (default: the last aftershock's day).
    public func omoriFit(minimumMagnitude: Double, start: Double = 0, end: Double? = nil) throws -> OmoriFit {
        try OmoriFit(daysSinceMainshock: aftershockDays, magnitudes: aftershockMagnitudes, minimumMagnitude: minimumMagnitude,
                     start: start, end: end ?? aftershockDays.last ?? start)
    }

    /// The aftershocks' Mc by maximum curvature (0.1 bins, the lower on a
    /// tie): the default threshold of their fit; nil without aftershocks.
    public var aftershockMc: Double? {
        try? CompletenessMagnitude.maximumCurvature(aftershockMagnitudes, binWidth: MagnitudeAnalysis.binWidth)
    }

    /// Days from the mainshock to `date`.
    public func elapsedDays(at date: Date) -> Double { (date.timeIntervalSince1970 - mainshockTime) / 86_400 }

    /// The Reasenberg & Jones parameters of a forecast: the sequence's own
    /// (the fit's c and p, Aki–Utsu's b over the aftershocks at or above the
    /// fit's threshold) when it has a fit, else the generic California ones.
    public func forecastParameters(fit: OmoriFit?) -> AftershockParameters {
        guard let fit, let b = Self.bValue(aftershockMagnitudes, minimum: fit.minimumMagnitude) else { return .genericCalifornia }
        return AftershockParameters(fit: fit, bValue: b, mainshockMagnitude: mainshockMagnitude)
    }

    /// The forecast from `date` with `forecastParameters(fit:)`; an error before the mainshock.
    public func forecast(at date: Date, fit: OmoriFit?) throws -> AftershockForecast {
        try AftershockForecast(mainshockMagnitude: mainshockMagnitude, elapsedDays: elapsedDays(at: date),
                                parameters: forecastParameters(fit: fit))
    }

    /// Aki–Utsu's b of the magnitudes (binned to 0.1) at or above `minimum`; nil when it has none.
    static func bValue(_ magnitudes: [Double], minimum: Double) -> Double? {
        let binned = MagnitudeBinning.bin(magnitudes, width: MagnitudeAnalysis.binWidth)
        return try? BValueEstimator.utsu(binned, mc: MagnitudeBinning.bin(minimum, width: MagnitudeAnalysis.binWidth),
                                         width: MagnitudeAnalysis.binWidth).b
    }
}
