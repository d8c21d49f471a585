import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The zone local times are shown in: a named zone (UTC for `t`, a test's
/// Tokyo), or the system's local time as the C library keeps it, which
/// follows `TZ` as `date` does. Foundation reads only zone names from
/// `TZ`: POSIX strings (`JST-9`, `EST5EDT,M3.2.0,M11.1.0`, `<+1345>-13:45`)
/// became UTC, and `UTC-14`, 14 hours ahead in POSIX, 14 hours behind.
public enum LocalZone: Sendable, Equatable {
    case named(TimeZone)
    case system

    public static let utc = LocalZone.named(TimeZone(identifier: "UTC")!)

    /// Seconds east of UTC at `date`, and the zone's abbreviation then
    /// (`CET` in winter, `CEST` in summer): `UTC` for UTC, not Foundation's `GMT`.
    public func offset(at date: Date) -> (seconds: Int, abbreviation: String) {
        switch self {
        case .named(let zone):
            let utcNames = ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "Universal", "Zulu"]
            return (zone.secondsFromGMT(for: date),
                    utcNames.contains(zone.identifier) ? "UTC" : zone.abbreviation(for: date) ?? zone.identifier)
        case .system:
            return Self.systemOffset(at: date)
        }
    }

    /// `tzset` once: the process's `TZ` does not change while it runs.
    private static let systemZoneRead: Void = tzset()

    private static func systemOffset(at date: Date) -> (seconds: Int, abbreviation: String) {
        _ = systemZoneRead
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        // Out of the C library's range: shown in UTC rather than not at all.
        guard localtime_r(&time, &parts) != nil else { return (0, "UTC") }
        return (Int(parts.tm_gmtoff), parts.tm_zone.map { String(cString: $0) } ?? "UTC")
    }
}
