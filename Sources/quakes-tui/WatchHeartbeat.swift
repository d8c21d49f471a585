import Foundation
import QuakeStore
import QuakeViews
import TerminalUI

/// `watch` on a terminal is never silent: one line on stderr, redrawn each
/// second, says what it watches and when it last synced (`watching 3
/// sources · synced 12 s ago · 2 alerts · next in 48 s`), or that it is
/// syncing now. Wiped before an alert line is printed, drawn again after,
/// so the alerts on stdout stay whole lines. Off a terminal: nothing.
final class WatchHeartbeat {
    private let bar: ProgressBar
    private let sources: Int
    private var lastSync: Date?
    private var alerts = 0

    /// Nil when stderr is not a terminal.
    init?(catalog: QuakeCatalog) {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        bar = ProgressBar(label: "watch", exitsOnSignal: false)
        // The remembered sources, or the configured feed when there are none.
        sources = max(1, (try? FetchLedger(catalog: catalog).sources().count) ?? 1)
    }

    func syncing() {
        bar.show(line: "watching \(Self.sources(sources)) · syncing…")
    }

    func synced(at date: Date, alerts: Int) {
        lastSync = date
        self.alerts += alerts
    }

    /// The line as of `now`, with the next sync at `next`.
    func show(now: Date, next: Date) {
        bar.show(line: Self.line(sources: sources, lastSync: lastSync, alerts: alerts, now: now, next: next))
    }

    /// Wipes the line (an alert is about to be printed).
    func clear() { bar.clear() }

    static func line(sources: Int, lastSync: Date?, alerts: Int, now: Date, next: Date) -> String {
        var parts = ["watching \(Self.sources(sources))"]
        // An age as the browser says it: the zone plays no part in one.
        if let lastSync { parts.append("synced " + Formatting(zone: .utc, now: now).age(lastSync)) }
        parts.append(alerts == 1 ? "1 alert" : "\(DigitGrouping.grouped(alerts)) alerts")
        parts.append("next in \(Self.seconds(next.timeIntervalSince(now)))")
        return parts.joined(separator: " · ")
    }

    private static func sources(_ count: Int) -> String { count == 1 ? "1 source" : "\(count) sources" }

    /// 48 s, 3 min, 2 h (a period is at most a day).
    private static func seconds(_ interval: TimeInterval) -> String {
        let s = max(0, Int(interval.rounded()))
        if s < 60 { return "\(s) s" }
        return s < 3600 ? "\(s / 60) min" : "\(s / 3600) h"
    }
}
