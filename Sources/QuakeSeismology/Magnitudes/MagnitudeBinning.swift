import Foundation

/// Rounding magnitudes to bins of width Δm, as SeismoStats' `bin_to_precision`
/// does: to the nearest multiple of Δm, a tie (exactly half a bin) going UP
/// (towards +∞: 2.25 → 2.3, −0.25 → −0.2). A margin of 1e-12 bin lets a
/// value that is a tie in decimal but a hair below it in binary (2.25 / 0.1 =
/// 22.499999999999996) round up too. The result is the Double nearest the
/// decimal bin value (2.3, never 2.3000000000000003), so values binned twice,
/// or carrying noise like 2.3000000001, land on the same Double.
public enum MagnitudeBinning {
    /// Slack, in bins, that turns a near-tie into a tie (SeismoStats' EPSILON).
    static let tieSlack = 1e-12

    /// The magnitude `m` rounded to the nearest multiple of `width` (ties up).
    /// NaN (unknown) stays NaN; a value beyond 2^52 bins is left as it is.
    public static func bin(_ m: Double, width: Double) -> Double {
        bin(m, width: width, scale: decimalScale(of: width))
    }

    /// Every magnitude binned (see `bin(_:width:)`).
    public static func bin(_ magnitudes: [Double], width: Double) -> [Double] {
        let scale = decimalScale(of: width)
        return magnitudes.map { bin($0, width: width, scale: scale) }
    }

    static func bin(_ m: Double, width: Double, scale: Double) -> Double {
        guard abs(m / width) < maximumBin else { return m }
        return value(ofIndex: index(m, width: width), width: width, scale: scale)
    }

    /// The bin number k of `m`: its bin is k·width. Beyond ±2^52 bins (or NaN)
    /// the answer is clamped to ±2^52, never a trap.
    public static func index(_ m: Double, width: Double) -> Int {
        let k = (m / width + 0.5 + tieSlack).rounded(.down)
        guard abs(k) < maximumBin else { return k > 0 ? Int(maximumBin) : -Int(maximumBin) }
        return Int(k)
    }

    /// 2^52: past it a Double has no fraction left to round.
    static let maximumBin = 4_503_599_627_370_496.0

    /// k·width as the Double nearest its decimal value.
    public static func value(ofIndex k: Int, width: Double) -> Double {
        value(ofIndex: k, width: width, scale: decimalScale(of: width))
    }

    static func value(ofIndex k: Int, width: Double, scale: Double) -> Double {
        (Double(k) * width * scale).rounded() / scale
    }

    /// Whether `m` already sits on a bin of `width` (within 1e-6 of a bin, far
    /// above float noise, far below any real magnitude step).
    public static func isBinned(_ m: Double, width: Double) -> Bool {
        let q = m / width
        return abs(q - q.rounded()) <= 1e-6
    }

    /// The index of the first finite magnitude not on a bin of `width`, if any.
    public static func firstUnbinned(_ magnitudes: [Double], width: Double) -> Int? {
        magnitudes.indices.first { magnitudes[$0].isFinite && !isBinned(magnitudes[$0], width: width) }
    }

    /// 10^d for the d decimals of `width` as written shortest (0.1 → 10,
    /// 0.01 → 100, 0.2 → 10, 0.05 → 100, 1 → 1).
    static func decimalScale(of width: Double) -> Double {
        var scale = 1.0
        var decimals = 0
        while decimals < 15, abs((width * scale).rounded() - width * scale) > 1e-9 * scale {
            scale *= 10
            decimals += 1
        }
        return scale
    }
}
