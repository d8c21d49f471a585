import Foundation
import QuakeStore
import TerminalUI

/// How quakes-tui writes times, ages, counts and magnitudes.
public struct Formatting: Sendable {
    public let zone: LocalZone
    public let now: Date

    public init(zone: LocalZone, now: Date) {
        self.zone = zone
        self.now = now
    }

    public init(timeZone: TimeZone, now: Date) { self.init(zone: .named(timeZone), now: now) }

    /// `2018-06-14 02:12:13` in the user's time zone (`TZ` respected).
    public func localTime(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + zone.offset(at: date).seconds
        return ISOTime.dateAndTime(epochMilliseconds: Int64(seconds) * 1000)   // any year, 10000 included
    }

    /// The zone's name now: `HST`, `CET`; `UTC` for UTC (Foundation calls it GMT).
    public var zoneName: String { zoneName(at: now) }

    /// The zone's name at `date`, which daylight saving time may change: `CET`, `CEST`.
    public func zoneName(at date: Date) -> String { zone.offset(at: date).abbreviation }

    /// Whether times are UTC's: UTC by name and offset (`TZ=UTC-14` is 14 hours ahead, named UTC).
    public var isUTC: Bool { zone.offset(at: now) == (0, "UTC") }

    /// `45 s ago`, `12 min ago`, `3 h ago`, `5 d ago`, `4 mo ago`, `8 y ago`.
    public func age(_ date: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 0 { return "soon" }
        if seconds < 60 { return "\(Int(seconds)) s ago" }
        if seconds < 3600 { return "\(Int(seconds / 60)) min ago" }
        if seconds < 86_400 { return "\(Int(seconds / 3600)) h ago" }
        if seconds < 86_400 * 60 { return "\(Int(seconds / 86_400)) d ago" }
        if seconds < 86_400 * 730 { return "\(Int(seconds / (86_400 * 30.44))) mo ago" }
        return "\(Int(seconds / (86_400 * 365.25))) y ago"
    }

    /// `4,711`.
    public static func count(_ n: Int) -> String { DigitGrouping.grouped(n) }

    public static func magnitude(_ m: Double?) -> String {
        m.map { String(format: "%.1f", $0) } ?? "—"
    }

    /// Apple's sample scale: <1 green, 1–2 yellow, 2–3 orange, 3–5 red, ≥5 magenta; unknown gray.
    public static func color(forMagnitude m: Double?) -> Color {
        guard let m else { return .gray }
        // NaN is in no band: the top one's color, as before.
        return (magnitudeBands.last { m >= $0.floor } ?? magnitudeBands[magnitudeBands.count - 1]).color
    }

    /// The magnitude scale's colors, each from its band's floor up (the
    /// table, the map and its legend).
    public static let magnitudeBands: [(floor: Double, color: Color)] = [
        (-.infinity, .green), (1, .yellow), (2, .orange), (3, .red), (5, .magenta),
    ]

    public static func number(_ value: Double, decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
