/// Why a magnitude statistic could not be computed: one line naming the
/// method and what is wrong with its input, e.g. "b-value (classic): no
/// magnitudes at or above Mc 2.0 (Δm 0.1)".
public struct MagnitudeStatisticsError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// Magnitudes as the messages print them: as short as they are exact (2.0, 2.5, 1.44, 1e+300).
func magnitudeText(_ m: Double) -> String {
    let rounded = (m * 1e6).rounded() / 1e6
    return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(format: "%.1f", rounded) : "\(rounded)"
}
