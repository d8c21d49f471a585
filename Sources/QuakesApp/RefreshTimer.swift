import Foundation

/// When `--refresh-every` next refreshes: at once if the catalog is older
/// than the period, then one period after each refresh starts.
struct RefreshTimer {
    let every: TimeInterval
    private var next: Date

    init(every: TimeInterval, lastFetch: Date?) {
        self.every = every
        next = (lastFetch ?? .distantPast).addingTimeInterval(every)
    }

    mutating func isDue(running: Bool, now: Date = Date()) -> Bool {
        guard !running, now >= next else { return false }
        next = now.addingTimeInterval(every)
        return true
    }
}
