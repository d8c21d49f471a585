import Foundation
import Synchronization

/// Asks one service at a time and politely: at most `requestsPerSecond`
/// requests started a second, and a refusal for load (429 Too Many
/// Requests, 503 Service Unavailable) retried after its `Retry-After`, else
/// after 1, 2, 4, 8 and 16 s, up to five times.
public final class PoliteDownloader: Sendable {
    public let timeout: Double
    public let maxDownload: Int
    public let requestsPerSecond: Double
    public static let maxRetries = 5
    /// A `Retry-After` longer than this is taken as this: a fetch that
    /// would sleep for a day is better ended by its user.
    static let longestWait = 300.0
    /// When the last request started, or is to start.
    private let lastRequest = Mutex<Date?>(nil)
    /// Tells what the downloader is waiting for: `(seconds, status)`.
    let onWait: (@Sendable (Double, Int) -> Void)?

    public init(timeout: Double, maxDownload: Int, requestsPerSecond: Double = 2,
                onWait: (@Sendable (Double, Int) -> Void)? = nil) {
        self.timeout = timeout
        self.maxDownload = maxDownload
        self.requestsPerSecond = requestsPerSecond
        self.onWait = onWait
    }

    /// The answer's body (empty for 204), or the last refusal.
    public func body(of url: URL, progress: FeedDownload.Progress? = nil) throws -> FeedDownload.Body {
        var attempt = 0
        while true {
            pace()
            do {
                return try FeedDownload.body(of: FeedSource(url: url), timeout: timeout, limit: maxDownload, progress: progress)
            } catch let error as FetchError {
                guard case .httpStatus(let status) = error.reason, [429, 503].contains(status),
                      attempt < Self.maxRetries else { throw error }
                let wait = min(error.retryAfter ?? Double(1 << attempt), Self.longestWait)
                onWait?(wait, status)
                Thread.sleep(forTimeInterval: wait)
                attempt += 1
            }
        }
    }

    /// Sleeps until the next request may start. The start is claimed under
    /// the lock and slept for outside it, so requests from several threads
    /// are paced one after the other.
    private func pace() {
        let wait = lastRequest.withLock { lastRequest -> TimeInterval in
            let now = Date()
            let start = lastRequest.map { max(now, $0.addingTimeInterval(1 / requestsPerSecond)) } ?? now
            lastRequest = start
            return start.timeIntervalSince(now)
        }
        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
    }
}
