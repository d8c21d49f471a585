import Foundation
import QuakeStore
import QuakeViews

/// `--alert`: what the banner shows. The newest quake of the alerts not
/// yet put away, and how many others came with or before it.
public struct AlertBanner: Sendable, Equatable {
    public var quake: Quake
    public var more: Int

    /// `ALERT  M7.5  Noto Peninsula, Japan  2024-01-01 07:10:09 UTC  (+2 more)`:
    /// the time as the table shows it (`t`), with its zone.
    func text(_ formatting: Formatting) -> String {
        let magnitude = "M" + (quake.magnitude.map { String(format: "%.1f", $0) } ?? "?")
        let time = formatting.localTime(quake.time) + " " + formatting.zoneName(at: quake.time)
        var parts = ["ALERT", magnitude, quake.place.isEmpty ? "?" : quake.place, time]
        if more > 0 { parts.append("(+\(more) more)") }
        return parts.joined(separator: "  ")
    }
}

extension BrowserModel {
    /// A batch of alerts: the banner shows the newest quake (adding to what
    /// it already counted), and the bell rings once for the batch.
    mutating func receiveAlerts(_ quakes: [Quake]) {
        guard let newest = quakes.max(by: { ($0.time, $0.id) < ($1.time, $1.id) }) else { return }
        let earlier = alertBanner.map { $0.more + 1 } ?? 0
        let keep = alertBanner.map { ($0.quake.time, $0.quake.id) > (newest.time, newest.id) } ?? false
        alertBanner = AlertBanner(quake: keep ? alertBanner!.quake : newest, more: earlier + quakes.count - 1)
        effects.append(.bell)
    }
}
