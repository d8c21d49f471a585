// The ranges a quake's values may fall in, and the skip reason for a value
// outside, shared by the GeoJSON and CSV readers. A value outside is never
// stored, nor silently made unknown: its feature is skipped, saying which
// value and what it was (`magnitude 1e+19 out of range`).

/// Times fall in the years 0001 to 9999, UTC: four-digit years are what
/// ISO 8601 writes without prior agreement, what the CSV reader and
/// `--where` parse, and what the table, the details and `list` print. A time
/// beyond is garbage in a feed of real quakes (and far enough beyond, it
/// would overflow the 64-bit milliseconds the catalog stores).
enum TimeCheck {
    /// 0001-01-01T00:00:00.000Z in epoch milliseconds.
    static let earliest: Int64 = -62_135_596_800_000
    /// 9999-12-31T23:59:59.999Z in epoch milliseconds.
    static let latest: Int64 = 253_402_300_799_999

    /// False for NaN too.
    static func contains(_ milliseconds: Double) -> Bool {
        milliseconds >= Double(earliest) && milliseconds <= Double(latest)
    }

    /// GeoJSON's times: epoch milliseconds as JSON numbers.
    static func problem(time: Double, updated: Double?) -> String? {
        if !contains(time) { return "time \(ValueText.milliseconds(time)) out of range" }
        if let updated, !contains(updated) { return "updated time \(ValueText.milliseconds(updated)) out of range" }
        return nil
    }

    /// CSV's times: ISO 8601 text, read as `milliseconds`; the reason quotes
    /// the text as it came (`time 0000-12-31T23:00:00Z out of range`).
    static func problem(_ what: String, text: String, milliseconds: Int64) -> String? {
        contains(Double(milliseconds)) ? nil : "\(what) \(text.prefix(40)) out of range"
    }
}

/// Why a position cannot be a quake's, if it cannot. Depths run from 20 km
/// above sea level (USGS gives negative depths for shallow quakes under
/// mountains) to 1,000 km, below the deepest quakes recorded (about 750 km).
enum CoordinateCheck {
    static let depthRange = -20.0...1000.0

    static func problem(longitude: Double, latitude: Double, depth: Double) -> String? {
        if !latitude.isFinite || abs(latitude) > 90 { return "bad coordinates (latitude \(ValueText.number(latitude)))" }
        if !longitude.isFinite || abs(longitude) > 180 { return "bad coordinates (longitude \(ValueText.number(longitude)))" }
        if !depthRange.contains(depth) { return "depth \(ValueText.number(depth)) out of range" }   // NaN too
        return nil
    }
}

/// Magnitudes run from −5 to 15: below any instrument's smallest reading,
/// above any possible quake (the largest recorded is 9.5). An unknown
/// magnitude (JSON `null`, an empty CSV field) is allowed.
public enum MagnitudeCheck {
    public static let range = -5.0...15.0

    static func problem(_ magnitude: Double?) -> String? {
        guard let magnitude, !range.contains(magnitude) else { return nil }   // NaN is outside too
        return "magnitude \(ValueText.number(magnitude)) out of range"
    }
}

/// Numbers in skip reasons.
enum ValueText {
    /// Swift's text for a Double, with JSON's spelling of the non-finite
    /// values (`NaN`, `Infinity`) as a feed writes them.
    static func number(_ value: Double) -> String {
        value.isNaN ? "NaN" : value.isInfinite ? (value > 0 ? "Infinity" : "-Infinity") : "\(value)"
    }

    /// Whole milliseconds as an integer (`253402300800000`, not
    /// `253402300800000.0`), as feeds write them; anything else as `number`.
    static func milliseconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e18 ? String(Int64(value)) : number(value)
    }
}
