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
/// events: its progress (`ProgressLines`) and its outcome.
final class FeedRefresher: Sendable {
    let feed: RefreshFeed
    private let post: @Sendable (BrowserEvent) -> Void
    private let lines: ProgressLines

    init(feed: RefreshFeed, post: @escaping @Sendable (BrowserEvent) -> Void) {
        self.feed = feed
        self.post = post
        lines = ProgressLines { post(.refreshProgress($0)) }
    }

    var isRunning: Bool { lines.isRunning }

    /// Starts a refresh unless one is running; says whether it started.
    @discardableResult
    func start() -> Bool {
        guard lines.begin() else { return false }
        post(.refreshProgress("refreshing \(feed.label)…"))
        Thread.detachNewThread { [self] in
            let result = Result { try feed.fetch { [lines] text in lines.report(text) } }
            lines.end { post(.refreshFinished(feed: feed.label, result)) }
        }
        return true
    }
}
