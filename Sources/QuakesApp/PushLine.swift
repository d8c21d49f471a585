import Foundation
import QuakePush

/// The browser's push source (`--push emsc`) as the top line says it:
/// `live · EMSC · 3 s ago` (since its last message), `EMSC connecting…`,
/// `EMSC reconnecting in 8 s`. `BrowserModel` holds it; `.push` events change it.
public struct PushLine: Equatable, Sendable {
    public let source: String
    public private(set) var status: PushStatus = .connecting(attempt: 1)
    public private(set) var lastMessage: Date?

    public init(source: String) { self.source = source }

    /// What the feed did, as the browser hears of it.
    public enum News: Sendable {
        case status(PushStatus)
        case message(receivedAt: Date)
        /// A line for the bottom line: a refused message, a failed catch-up.
        case note(String)

        /// The feed's event as news; nil for what the catalog's observation shows itself.
        public init?(_ event: PushFeed.Event) {
            switch event {
            case .status(let status): self = .status(status)
            case .stored(_, _, let receivedAt): self = .message(receivedAt: receivedAt)
            case .refused(let reason): self = .note("push message refused: \(reason)")
            case .catchUpFailed(let reason, let retryIn): self = .note("push catch-up failed: \(reason); trying again in \(retryIn) s")
            case .caughtUp: return nil
            }
        }
    }

    mutating func heard(_ news: News) {
        switch news {
        case .status(let status): self.status = status
        case .message(let receivedAt): lastMessage = receivedAt
        case .note: break
        }
    }

    /// The top line's words, at `now`; `age` says how long ago a time was.
    public func text(now: Date, age: (Date) -> String) -> String {
        switch status {
        case .connecting: return "\(source) connecting…"
        case .live: return "live · \(source)" + (lastMessage.map { " · " + age($0) } ?? "")
        case .down(_, _, let retry):
            return "\(source) reconnecting in \(max(1, Int(retry.timeIntervalSince(now).rounded(.up)))) s"
        }
    }
}
