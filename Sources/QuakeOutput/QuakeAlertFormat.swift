import Foundation
import QuakeStore
import TerminalUI

/// One alert as `quakes-tui watch` prints it, and the variables `--exec`
/// gives its command.
///
///     2024-01-01 07:10:09 UTC  M7.5  Noto Peninsula, Japan  10 km  us6000m0xl
///     {"id":"us6000m0xl","time":"2024-01-01T07:10:09.000Z","magnitude":7.5,…}
public enum QuakeAlertFormat {
    public enum Format: String, CaseIterable, Sendable {
        case text, json
    }

    public static let fields = ["id", "time", "magnitude", "place", "latitude", "longitude", "depth", "url"]

    /// `pushedAfter`: for a quake a push stream brought, the seconds from
    /// its origin time to its message's arrival (the text line ends
    /// `pushed 38.2 s after origin`, the JSON adds `pushed_after_s`).
    public static func line(_ quake: Quake, format: Format, pushedAfter: Double? = nil) -> String {
        switch format {
        case .text: textLine(quake) + (pushedAfter.map { "  " + pushedText($0) } ?? "")
        case .json:
            pushedAfter.map { String(jsonObject(quake).dropLast()) + ",\"pushed_after_s\":\(seconds($0))}" } ?? jsonObject(quake)
        }
    }

    /// `pushed 38.2 s after origin`: the alert line's and the browser banner's words.
    public static func pushedText(_ pushedAfter: Double) -> String { "pushed \(seconds(pushedAfter)) s after origin" }

    /// Seconds to a tenth.
    static func seconds(_ value: Double) -> String { String(format: "%.1f", value) }

    /// Time in UTC, `M7.5` (`M?` unknown), the place (`?` when empty), the
    /// depth in whole km (`? km` when not a number), the id; two spaces
    /// between. Control characters in texts are made visible.
    public static func textLine(_ quake: Quake) -> String {
        let time = ISOTime.dateAndTime(epochMilliseconds: quake.time.epochMilliseconds) + " UTC"
        let magnitude = "M" + (quake.magnitude.map { String(format: "%.1f", $0) } ?? "?")
        let place = quake.place.isEmpty ? "?" : quake.place
        let depth = (quake.depth.isFinite ? String(Int(quake.depth.rounded())) : "?") + " km"
        return TerminalText.visible([time, magnitude, place, depth, quake.id].joined(separator: "  "))
    }

    /// One JSON object, keys in `fields` order, written as `list --format
    /// json` writes its objects; null for an unknown magnitude, an empty
    /// place or url.
    public static func jsonObject(_ quake: Quake) -> String {
        let number = QuakeListFormat.number as (Double) -> String
        return QuakeListFormat.jsonObject(keys: fields, values: [
            JSONText.string(quake.id), JSONText.string(ISOTime.string(epochMilliseconds: quake.time.epochMilliseconds)),
            quake.magnitude.map(number) ?? "null", JSONText.string(quake.place.isEmpty ? nil : quake.place),
            number(quake.latitude), number(quake.longitude), quake.depth.isFinite ? number(quake.depth) : "null",
            JSONText.string(quake.url.isEmpty ? nil : quake.url),
        ])
    }

    /// `QUAKE_ID`, `QUAKE_TIME` (ISO 8601 UTC with ms), `QUAKE_MAGNITUDE`,
    /// `QUAKE_PLACE`, `QUAKE_LATITUDE`, `QUAKE_LONGITUDE`, `QUAKE_DEPTH`
    /// (plain decimals, empty when unknown), `QUAKE_URL`.
    /// With `pushedAfter`, `QUAKE_PUSH_DELAY`: its seconds, to a tenth.
    public static func environment(_ quake: Quake, pushedAfter: Double? = nil) -> [String: String] {
        let number = QuakeListFormat.number as (Double) -> String
        var variables = [
            "QUAKE_ID": quake.id,
            "QUAKE_TIME": ISOTime.string(epochMilliseconds: quake.time.epochMilliseconds),
            "QUAKE_MAGNITUDE": quake.magnitude.map(number) ?? "",
            "QUAKE_PLACE": quake.place,
            "QUAKE_LATITUDE": number(quake.latitude),
            "QUAKE_LONGITUDE": number(quake.longitude),
            "QUAKE_DEPTH": quake.depth.isFinite ? number(quake.depth) : "",
            "QUAKE_URL": quake.url,
        ]
        if let pushedAfter { variables["QUAKE_PUSH_DELAY"] = seconds(pushedAfter) }
        return variables
    }
}
