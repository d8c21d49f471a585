/// UTC calendar days from epoch milliseconds, without a Calendar: this runs
/// once per imported row, so it is plain arithmetic (Howard Hinnant's
/// civil-from-days).
public enum UTCDay {
    public static func string(epochMilliseconds ms: Int64) -> String {
        let days = floorDiv(ms, 86_400_000)
        let (y, m, d) = civil(fromDays: days)
        return pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2)
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// Zero-padded to `width` digits after any sign: `0001`, `-0005`.
    private static func pad(_ n: Int64, _ width: Int) -> String {
        let digits = String(n.magnitude)
        let padded = digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        return n < 0 ? "-" + padded : padded
    }
}
