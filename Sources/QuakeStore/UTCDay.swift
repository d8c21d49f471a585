/// UTC calendar days from epoch milliseconds, without a Calendar: this runs
/// once per imported row, so it is plain arithmetic (Howard Hinnant's
/// civil-from-days and days-from-civil), proleptic Gregorian, any year.
public enum UTCDay {
    public static func string(epochMilliseconds ms: Int64) -> String {
        let days = floorDiv(ms, 86_400_000)
        let (y, m, d) = civil(fromDays: days)
        return pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2)
    }

    /// Division rounded toward minus infinity: days before 1970 too.
    public static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    /// The date (year, month, day) of a day since 1970-01-01.
    public static func civil(fromDays z0: Int64) -> (year: Int64, month: Int64, day: Int64) {
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

    /// Days since 1970-01-01 of a date.
    public static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDiv(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day since 1970-01-01 of `YYYY-MM-DD` as `string` writes it (a
    /// sign or a fifth digit in the year too); nil for any other text.
    public static func days(of text: String) -> Int64? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 3, let month = Int64(parts[parts.count - 2]), let day = Int64(parts[parts.count - 1]),
              let year = Int64(parts.dropLast(2).joined(separator: "-")) else { return nil }
        return days(year: year, month: month, day: day)
    }

    /// Zero-padded to `width` digits after any sign: `0001`, `-0005`.
    private static func pad(_ n: Int64, _ width: Int) -> String {
        let digits = String(n.magnitude)
        let padded = digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        return n < 0 ? "-" + padded : padded
    }
}
