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

/// Runs one refresh at a time on a background thread and reports it as
/// events: its progress (at most ten lines a second) and its outcome.
final class FeedRefresher: @unchecked Sendable {
    let feed: RefreshFeed
    private let post: @Sendable (BrowserEvent) -> Void
    private let lock = NSLock()
    private var running = false
    private var lastProgress = DispatchTime(uptimeNanoseconds: 0)

    init(feed: RefreshFeed, post: @escaping @Sendable (BrowserEvent) -> Void) {
        self.feed = feed
        self.post = post
    }

    var isRunning: Bool { lock.withLock { running } }

    /// Starts a refresh unless one is running; says whether it started.
    @discardableResult
    func start() -> Bool {
        let started = lock.withLock {
            if running { return false }
            running = true
            return true
        }
        guard started else { return false }
        post(.refreshProgress("refreshing \(feed.label)…"))
        Thread.detachNewThread { [self] in
            let result = Result { try feed.fetch { [self] text in report(text) } }
            lock.withLock { running = false }
            post(.refreshFinished(feed: feed.label, result))
        }
        return true
    }

    private func report(_ text: String) {
        let due = lock.withLock {
            let now = DispatchTime.now()
            guard now.uptimeNanoseconds - lastProgress.uptimeNanoseconds > 100_000_000 else { return false }
            lastProgress = now
            return true
        }
        if due { post(.refreshProgress(text)) }
    }
}
