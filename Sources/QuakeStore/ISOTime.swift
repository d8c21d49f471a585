/// ISO 8601 UTC instants, as USGS CSV writes them and users type them:
/// `2018-06-14`, `2018-06-14T09:12`, `2018-06-14T09:12:13.010Z`, with an
/// optional `Z`, `+hh:mm` or `-hh:mm` zone (UTC when absent).
public enum ISOTime {
    public static func epochMilliseconds(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { epochMilliseconds($0) }
    }

    /// The same over UTF-8 bytes (a CSV field, read in place).
    static func epochMilliseconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var text = Cursor(bytes: bytes)
        guard let year = text.number(4), text.take("-"), let month = text.number(2), text.take("-"),
              let day = text.number(2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var ms: Int64 = 0
        if text.take("T") || text.take(" ") {
            guard let h = text.number(2), text.take(":"), let m = text.number(2), h < 24, m < 60 else { return nil }
            ms = (h * 3600 + m * 60) * 1000
            if text.take(":") {
                guard let s = text.number(2), s < 61 else { return nil }
                ms += s * 1000
                if text.take(".") {
                    var scale: Int64 = 100
                    var any = false
                    while let digit = text.digit() { ms += digit * scale; scale /= 10; any = true }
                    guard any else { return nil }
                }
            }
            if text.take("Z") {
            } else if let sign: Int64 = text.take("+") ? 1 : text.take("-") ? -1 : nil {
                guard let zh = text.number(2) else { return nil }
                _ = text.take(":")
                guard let zm = text.number(2) else { return nil }
                ms -= sign * (zh * 3600 + zm * 60) * 1000
            }
        }
        guard text.isAtEnd else { return nil }
        return UTCDay.days(year: year, month: month, day: day) * 86_400_000 + ms
    }

    /// Reads the text from the front. A struct, not closures over an index:
    /// those cost a run-time exclusivity check per character (6% of a CSV
    /// import's parse).
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: character) else { return false }
            offset += 1
            return true
        }

        mutating func digit() -> Int64? {
            guard offset < bytes.count, bytes[offset] &- UInt8(ascii: "0") < 10 else { return nil }
            offset += 1
            return Int64(bytes[offset - 1] - UInt8(ascii: "0"))
        }

        /// Exactly `width` digits.
        mutating func number(_ width: Int) -> Int64? {
            guard offset + width <= bytes.count else { return nil }
            var value: Int64 = 0
            for k in 0..<width {
                let digit = bytes[offset + k] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
            }
            offset += width
            return value
        }
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
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
