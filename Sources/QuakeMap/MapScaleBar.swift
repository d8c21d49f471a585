import QuakeStore

/// A scale bar in kilometres at the view's centre latitude: the longest
/// round length (1–2–5 series) no wider than `maximumColumns` cells, and
/// how many cells it takes.
public struct MapScaleBar: Sendable, Hashable {
    public let kilometres: Double
    public let columns: Int

    /// Nil when not even the shortest length fits (a pane too narrow).
    public init?(kilometresPerColumn: Double, maximumColumns: Int) {
        guard kilometresPerColumn > 0, kilometresPerColumn.isFinite, maximumColumns >= 2 else { return nil }
        var best: Double?
        var decade = 0.001
        while decade < 100_000 {
            for factor in [1.0, 2, 5] where (decade * factor) / kilometresPerColumn <= Double(maximumColumns) {
                best = decade * factor
            }
            decade *= 10
        }
        guard let best, (best / kilometresPerColumn).rounded() >= 2 else { return nil }
        kilometres = best
        columns = Int((best / kilometresPerColumn).rounded())
    }

    /// `├────┤ 100 km`, or in ASCII `|----| 100 km`.
    public func text(unicode: Bool) -> String {
        let (left, bar, right) = unicode ? ("├", "─", "┤") : ("|", "-", "|")
        let length = kilometres >= 1 ? DigitGrouping.grouped(Int(kilometres)) + " km" : String(Int((kilometres * 1000).rounded())) + " m"
        return left + String(repeating: bar, count: max(0, columns - 2)) + right + " " + length
    }
}
