/// ISO 8601 UTC instants, as USGS CSV writes them and users type them:
/// `2018-06-14`, `2018-06-14T09:12`, `2018-06-14T09:12:13.010Z`, with an
/// optional `Z`, `+hh:mm` or `-hh:mm` zone (UTC when absent).
public enum ISOTime {
    public static func epochMilliseconds(_ text: String) -> Int64? {
        let b = Array(text.utf8)
        var i = 0
        func number(_ width: Int) -> Int64? {
            guard i + width <= b.count else { return nil }
            var v: Int64 = 0
            for k in 0..<width {
                let d = b[i + k] &- UInt8(ascii: "0")
                guard d < 10 else { return nil }
                v = v * 10 + Int64(d)
            }
            i += width
            return v
        }
        func take(_ c: Character) -> Bool {
            if i < b.count, b[i] == c.asciiValue! { i += 1; return true }
            return false
        }
        guard let year = number(4), take("-"), let month = number(2), take("-"), let day = number(2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else { return nil }
        var ms: Int64 = 0
        if take("T") || take(" ") {
            guard let h = number(2), take(":"), let m = number(2), h < 24, m < 60 else { return nil }
            ms = (h * 3600 + m * 60) * 1000
            if take(":") {
                guard let s = number(2), s < 61 else { return nil }
                ms += s * 1000
                if take(".") {
                    var scale: Int64 = 100
                    var any = false
                    while i < b.count, b[i] &- UInt8(ascii: "0") < 10 {
                        ms += Int64(b[i] - UInt8(ascii: "0")) * scale; scale /= 10; i += 1; any = true
                    }
                    guard any else { return nil }
                }
            }
            if take("Z") {
            } else if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                let sign: Int64 = b[i] == UInt8(ascii: "+") ? 1 : -1
                i += 1
                guard let zh = number(2) else { return nil }
                _ = take(":")
                guard let zm = number(2) else { return nil }
                ms -= sign * (zh * 3600 + zm * 60) * 1000
            }
        }
        guard i == b.count else { return nil }
        return daysFromCivil(year, month, day) * 86_400_000 + ms
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func daysFromCivil(_ y0: Int64, _ m: Int64, _ d: Int64) -> Int64 {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// `2018-06-14T09:12:13.010Z`: UTC with milliseconds. The catalog's
    /// years (0001 to 9999) take four digits, so the date is the first ten
    /// characters and the time starts at the twelfth. A year beyond (a local
    /// time past 9999-12-31, a catalog of an older version) is written whole,
    /// sign and all, and is cut by slicing at those offsets: `dateAndTime`
    /// is right for any year.
    public static func string(epochMilliseconds ms: Int64) -> String {
        let (day, h, m, s, f) = parts(ms)
        return day + "T" + two(h) + ":" + two(m) + ":" + two(s) + "." + (f < 100 ? (f < 10 ? "00" : "0") : "") + String(f) + "Z"
    }

    /// `2018-06-14 09:12:13`: to the second, rounded down, for any year.
    public static func dateAndTime(epochMilliseconds ms: Int64) -> String {
        let (day, h, m, s, _) = parts(ms)
        return day + " " + two(h) + ":" + two(m) + ":" + two(s)
    }

    private static func parts(_ ms: Int64) -> (day: String, h: Int64, m: Int64, s: Int64, ms: Int64) {
        let inDay = ms - UTCDay.floorDiv(ms, 86_400_000) * 86_400_000
        return (UTCDay.string(epochMilliseconds: ms), inDay / 3_600_000, inDay / 60_000 % 60, inDay / 1000 % 60, inDay % 1000)
    }

    private static func two(_ n: Int64) -> String { n < 10 ? "0" + String(n) : String(n) }
}
