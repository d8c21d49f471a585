import Foundation
import Logging
import Synchronization
import WSClient

/// Where a push connection is: what `watch` and the browser's top line say.
public enum PushStatus: Sendable, Equatable {
    /// Connecting, the `attempt`th time since the last connection held.
    case connecting(attempt: Int)
    /// Connected since `since`: messages arrive as they are published.
    case live(since: Date)
    /// Down since `since` (`reason` in one line); the next attempt at `retry`.
    case down(since: Date, reason: String, retry: Date)
}

/// A websocket that pushes messages, held open: connected, pinged every
/// `pingSeconds`, each text message handed on as it comes; when it drops
/// (the server closes it, the network fails, a message is over
/// `maxMessageBytes`, a ping goes unanswered for a period), connected
/// again after 1, 2, 4 … up to 60 s, the wait starting again from 1 s once
/// a connection has held for a minute or brought a message. After every
/// (re)connect `onConnect` runs (the catch-up of what the socket missed),
/// beside the messages. The client is swift-websocket's `WSClient`
/// (Hummingbird's: SwiftNIO's websocket framing, TLS through NIOSSL).
public struct PushStream: Sendable {
    public let url: String
    /// The largest message taken from the socket: one larger ends the
    /// connection (the catch-up fills in). `PushFeed` refuses messages
    /// over its own, smaller limit without losing the connection.
    public var maxMessageBytes = 16 << 20
    public var pingSeconds = 15
    public var longestWait = 60

    public init(url: String) { self.url = url }

    /// The wait before attempt `attempt` (2 or more): 1, 2, 4 … s, at most `longestWait`.
    public func wait(beforeAttempt attempt: Int) -> Int {
        min(longestWait, 1 << min(30, max(0, attempt - 2)))
    }

    /// Runs until its task is cancelled.
    public func run(onStatus: @escaping @Sendable (PushStatus) -> Void,
                    onConnect: @escaping @Sendable () -> Void,
                    onMessage: @escaping @Sendable (String, Date) -> Void) async {
        var attempt = 1
        var logger = Logger(label: "quakes-tui.push")
        logger.logLevel = .critical
        while !Task.isCancelled {
            onStatus(.connecting(attempt: attempt))
            let started = Date()
            let heard = Mutex<Bool>(false)
            var reason = "closed by the server"
            do {
                let configuration = WebSocketClientConfiguration(
                    maxFrameSize: maxMessageBytes, closeTimeout: .seconds(5), autoPing: .enabled(timePeriod: .seconds(pingSeconds)))
                let limit = maxMessageBytes
                let close = try await WebSocketClient.connect(url: url, configuration: configuration, logger: logger) { inbound, _, _ in
                    onStatus(.live(since: Date()))
                    onConnect()
                    for try await message in inbound.messages(maxSize: limit) {
                        heard.withLock { $0 = true }
                        if case .text(let text) = message { onMessage(text, Date()) }
                    }
                }
                if let close { reason = "closed by the server (\(close.closeCode)\(close.reason.map { ": \($0)" } ?? ""))" }
            } catch is CancellationError {
                return
            } catch {
                reason = Self.reason(error)
            }
            if Task.isCancelled { return }
            // A connection that held, or brought a message, starts the waits again.
            attempt = heard.withLock { $0 } || Date().timeIntervalSince(started) >= 60 ? 2 : attempt + 1
            let wait = self.wait(beforeAttempt: attempt)
            onStatus(.down(since: Date(), reason: reason, retry: Date().addingTimeInterval(Double(wait))))
            do { try await Task.sleep(for: .seconds(wait)) } catch { return }
        }
    }

    /// An error as one line a person reads: SwiftNIO's connection errors
    /// name every address tried, in its own words. Matched in any case:
    /// BoringSSL's words are capitals (`CERTIFICATE_VERIFY_FAILED`).
    static func reason(_ error: any Error) -> String {
        let text = String(describing: error)
        let known = [("Connection refused", "connection refused"), ("upgraderDeniedUpgrade", "the server refused the websocket handshake"),
                     ("No route to host", "no route to host"), ("Network is unreachable", "network unreachable"),
                     ("connectTimeout", "the connection timed out"), ("Connection reset", "connection reset"),
                     ("certificate", "the server's TLS certificate was refused")]
        if let (_, said) = known.first(where: { text.range(of: $0.0, options: .caseInsensitive) != nil }) { return said }
        if text.contains("UnknownHost") || text.contains("NXDOMAIN") {
            return "the server's name did not resolve"
        }
        return text.split(separator: "\n").first.map(String.init) ?? text
    }
}

