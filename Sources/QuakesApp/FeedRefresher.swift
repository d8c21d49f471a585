import Foundation
import QuakeStore

/// What `r` and the refresh timer run: a fetch of the configured feed. The
/// app supplies it (the browser knows nothing of HTTP); it runs off the UI
/// thread and reports progress as one status line.
public struct RefreshFeed: Sendable {
    /// Shown in messages: `all_day.geojson`.
    public var label: String
    /// Refresh on a timer this often, if set.
    public var every: TimeInterval?
    public var fetch: @Sendable (_ progress: @escaping @Sendable (String) -> Void) throws -> ImportReport

    public init(label: String, every: TimeInterval? = nil,
                fetch: @escaping @Sendable (_ progress: @escaping @Sendable (String) -> Void) throws -> ImportReport) {
        self.label = label
        self.every = every
        self.fetch = fetch
    }
}

/// Runs one refresh at a time on a background thread; the run loop reads its
/// progress and outcome, and is woken (at most ten times a second) to show them.
final class FeedRefresher: @unchecked Sendable {
    enum Outcome: Equatable {
        case imported(ImportReport)
        case failed(String)
    }

    let feed: RefreshFeed
    private let wake: @Sendable () -> Void
    private let lock = NSLock()
    private var running = false
    private var progress: String?
    private var outcome: Outcome?
    private var lastWake = DispatchTime(uptimeNanoseconds: 0)

    init(feed: RefreshFeed, wake: @escaping @Sendable () -> Void) {
        self.feed = feed
        self.wake = wake
    }

    var isRunning: Bool { lock.withLock { running } }

    /// Starts a refresh unless one is running; says whether it started.
    @discardableResult
    func start() -> Bool {
        let started = lock.withLock {
            if running { return false }
            running = true
            progress = nil
            return true
        }
        guard started else { return false }
        Thread.detachNewThread { [self] in
            let outcome: Outcome
            do {
                outcome = .imported(try feed.fetch { [self] text in report(text) })
            } catch {
                outcome = .failed("\(error)")
            }
            lock.withLock {
                running = false
                self.outcome = outcome
            }
            wake()
        }
        return true
    }

    private func report(_ text: String) {
        let shouldWake = lock.withLock {
            progress = text
            let now = DispatchTime.now()
            guard now.uptimeNanoseconds - lastWake.uptimeNanoseconds > 100_000_000 else { return false }
            lastWake = now
            return true
        }
        if shouldWake { wake() }
    }

    /// The progress line while running, and the outcome of a refresh that
    /// ended since the last call (taken: it is returned once).
    func take() -> (progress: String?, outcome: Outcome?) {
        lock.withLock {
            defer { outcome = nil }
            return (running ? progress ?? "refreshing \(feed.label)…" : nil, outcome)
        }
    }
}
