import Foundation
import QuakeStore
import Synchronization

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
/// events: its progress (at most ten lines a second, the newest always
/// shown) and its outcome.
final class FeedRefresher: Sendable {
    let feed: RefreshFeed
    private let post: @Sendable (BrowserEvent) -> Void
    private struct State {
        var running = false
        var lastProgress = DispatchTime(uptimeNanoseconds: 0)
        /// The newest progress line, and whether a later post of it is due.
        var latestProgress: String?
        var trailingPostScheduled = false
    }
    private let state = Mutex(State())
    private static let progressInterval: UInt64 = 100_000_000

    init(feed: RefreshFeed, post: @escaping @Sendable (BrowserEvent) -> Void) {
        self.feed = feed
        self.post = post
    }

    var isRunning: Bool { state.withLock { $0.running } }

    /// Starts a refresh unless one is running; says whether it started.
    @discardableResult
    func start() -> Bool {
        let started = state.withLock { state in
            if state.running { return false }
            state.running = true
            return true
        }
        guard started else { return false }
        post(.refreshProgress("refreshing \(feed.label)…"))
        Thread.detachNewThread { [self] in
            let result = Result { try feed.fetch { [self] text in report(text) } }
            // Under the lock: no progress line can be posted after the outcome.
            state.withLock { state in
                state.running = false
                post(.refreshFinished(feed: feed.label, result))
            }
        }
        return true
    }

    /// Posts a progress line now if the last one went out 100 ms ago or
    /// more; else posts the newest line when the 100 ms are up, so the line
    /// before a stall is shown too.
    private func report(_ text: String) {
        let delay = state.withLock { state -> UInt64? in
            state.latestProgress = text
            let elapsed = DispatchTime.now().uptimeNanoseconds - state.lastProgress.uptimeNanoseconds
            if elapsed >= Self.progressInterval {
                state.lastProgress = .now()
                post(.refreshProgress(text))
                return nil
            }
            if state.trailingPostScheduled { return nil }
            state.trailingPostScheduled = true
            return Self.progressInterval - elapsed
        }
        guard let delay else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(delay))) { [self] in
            state.withLock { state in
                state.trailingPostScheduled = false
                state.lastProgress = .now()
                if state.running, let latestProgress = state.latestProgress { post(.refreshProgress(latestProgress)) }
            }
        }
    }
}
