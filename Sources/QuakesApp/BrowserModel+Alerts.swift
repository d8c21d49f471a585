import Foundation
import QuakeOutput
import QuakeStore
import QuakeViews

/// `--alert`: what the banner shows. The newest quake of the alerts not
/// yet put away, and how many others came with or before it.
public struct AlertBanner: Sendable, Equatable {
    public var quake: Quake
    public var more: Int
    /// Seconds from the quake's origin time to its push message (`--push`).
    public var pushedAfter: Double?

    /// `ALERT  M7.5  Noto Peninsula, Japan  2024-01-01 07:10:09 UTC  pushed 38.2 s after origin  (+2 more)`:
    /// the time as the table shows it (`t`), with its zone.
    func text(_ formatting: Formatting) -> String {
        let magnitude = "M" + (quake.magnitude.map { String(format: "%.1f", $0) } ?? "?")
        let time = formatting.localTime(quake.time) + " " + formatting.zoneName(at: quake.time)
        var parts = ["ALERT", magnitude, quake.place.isEmpty ? "?" : quake.place, time]
        if let pushedAfter { parts.append(QuakeAlertFormat.pushedText(pushedAfter)) }
        if more > 0 { parts.append("(+\(more) more)") }
        return parts.joined(separator: "  ")
    }
}

extension BrowserModel {
    /// A batch of alerts: the banner shows the newest quake (adding to what
    /// it already counted), and the bell rings once for the batch.
    /// `pushedAfter`: each pushed quake's seconds from origin to message.
    mutating func receiveAlerts(_ quakes: [Quake], pushedAfter: [String: Double] = [:]) {
        guard let newest = quakes.max(by: { ($0.time, $0.id) < ($1.time, $1.id) }) else { return }
        let earlier = alertBanner.map { $0.more + 1 } ?? 0
        let more = earlier + quakes.count - 1
        if let banner = alertBanner, (banner.quake.time, banner.quake.id) > (newest.time, newest.id) {
            alertBanner = AlertBanner(quake: banner.quake, more: more, pushedAfter: banner.pushedAfter)
        } else {
            alertBanner = AlertBanner(quake: newest, more: more, pushedAfter: pushedAfter[newest.id])
        }
        effects.append(.bell)
    }
}
