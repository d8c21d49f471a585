/// Why an Omori–Utsu fit has no answer; `description` is one line naming the
/// selection (magnitude threshold and window).
public enum OmoriFitError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The times and magnitudes columns differ in length.
    case mismatchedColumns(times: Int, magnitudes: Int)
    /// The window is not a span of days at or after the mainshock.
    case invalidWindow(start: Double, end: Double)
    /// Fewer than `OmoriFit.minimumEvents` events were selected.
    case tooFewEvents(count: Int, minimumMagnitude: Double, start: Double, end: Double)
    /// The likelihood's maximum was not found (e.g. it lies at c → 0).
    case noConvergence(reason: String, minimumMagnitude: Double, start: Double, end: Double)

    public var description: String {
        switch self {
        case let .mismatchedColumns(times, magnitudes):
            return "Omori fit: \(times) times but \(magnitudes) magnitudes"
        case let .invalidWindow(start, end):
            return "Omori fit: the window \(start) to \(end) days is not a span at or after the mainshock "
                + "(need 0 ≤ start < end)"
        case let .tooFewEvents(count, magnitude, start, end):
            return "Omori fit: \(count) events at or above M\(magnitude) between \(start) and \(end) days; "
                + "at least \(OmoriFit.minimumEvents) needed"
        case let .noConvergence(reason, magnitude, start, end):
            return "Omori fit: no maximum of the likelihood for M\(magnitude)+ between \(start) and \(end) days: \(reason)"
        }
    }
}
