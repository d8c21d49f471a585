import Foundation

/// Tick marks at round values for an axis over `low…high`: the step is 1,
/// 2 or 5 times a power of ten, the smallest giving at most `maximum`
/// ticks (as GMT's automatic annotation and matplotlib's MaxNLocator
/// choose), and the ticks are its multiples within the range, counted in
/// whole steps so no floating-point drift shows in a label.
public struct AxisTicks: Sendable, Equatable {
    public let step: Double
    public let values: [Double]

    public init(low: Double, high: Double, maximum: Int) {
        let span = max(high - low, .ulpOfOne)
        let limit = Double(max(1, maximum))
        var power = pow(10, (log10(span / limit)).rounded(.down))
        var chosen = power
        search: while true {
            for factor in [1.0, 2, 5] where span / (factor * power) < limit + 1e-9 {
                // The ticks it gives, first to last, must be at most `maximum`.
                let step = factor * power
                let count = Int((high / step + 1e-9).rounded(.down)) - Int((low / step - 1e-9).rounded(.up)) + 1
                if count <= maximum { chosen = step; break search }
            }
            power *= 10
        }
        step = chosen
        let first = Int((low / chosen - 1e-9).rounded(.up)), last = Int((high / chosen + 1e-9).rounded(.down))
        values = first <= last ? (first...last).map { Double($0) * chosen } : []
    }

    /// A tick's label: as many decimals as the step has, none for whole steps.
    public func label(_ value: Double) -> String {
        let decimals = step >= 1 ? 0 : Int((-log10(step)).rounded(.up))
        return String(format: "%.\(decimals)f", value == 0 ? 0 : value)
    }
}
