/// The classes of a density map: quakes per cell on a log scale, with
/// bounds from the 1–2–5 series (1, 2, 5, 10, 20, 50, …) up to the view's
/// fullest cell, so a class boundary is a number a reader can say. More
/// classes than can be told apart (`maximumClasses`: the swatches the
/// colors or shades offer) keep only the decades (1, 10, 100, …); more
/// decades than that merge the fullest into the last class (`1,000+`).
public struct DensityScale: Sendable, Hashable {
    /// Each class's least count, ascending; the first is 1.
    public let lowerBounds: [Int]

    /// The ramp's eight colors in 256.
    public static let maximumClasses = 8

    /// The classes for a view whose fullest cell holds `largest` quakes,
    /// at most `maximumClasses` (at least 1).
    public init(largest: Int, maximumClasses: Int = maximumClasses) {
        var series: [Int] = [1]
        var decade = 1
        while true {
            let next = [2 * decade, 5 * decade, 10 * decade].first { $0 > series.last! }!
            guard next <= largest else { break }
            series.append(next)
            if next == 10 * decade { decade *= 10 }
        }
        if series.count > maximumClasses {
            series = series.filter { bound in
                var power = 1
                while power < bound { power *= 10 }
                return power == bound
            }
        }
        lowerBounds = Array(series.prefix(max(1, maximumClasses)))
    }

    /// The class of a cell holding `count` quakes (at least 1): the last
    /// bound at or below it.
    public func level(of count: Int) -> Int {
        var low = 0, high = lowerBounds.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lowerBounds[middle] <= count { low = middle } else { high = middle - 1 }
        }
        return low
    }

    public var count: Int { lowerBounds.count }

    /// `1`, `2–4`, `1,000+`: what class `level` holds, for the legend.
    public func label(_ level: Int, grouping: (Int) -> String = { String($0) }) -> String {
        let low = lowerBounds[level]
        guard level + 1 < lowerBounds.count else { return grouping(low) + "+" }
        let high = lowerBounds[level + 1] - 1
        return high == low ? grouping(low) : grouping(low) + "–" + grouping(high)
    }
}
