import Foundation
import QuakeStore
import Synchronization

/// A push stream feeding a catalog: each message stored as it comes (one
/// upsert: a create inserts, an update with a newer `lastupdate` replaces
/// the older version and its event is associated again), a catch-up after
/// every (re)connect, tried again until it succeeds, and what happened told
/// to `onEvent`, on the stream's task (the caller hands it to its own
/// thread). Remembers when each event's message arrived, for the alert's
/// latency.
public final class PushFeed: Sendable {
    /// What the feed did.
    public enum Event: Sendable {
        case status(PushStatus)
        /// A message stored: its quake, whether it was new or changed a row, and when it arrived.
        case stored(EMSCPushMessage, changed: Bool, receivedAt: Date)
        /// A message that could not be read or stored, in one line.
        case refused(String)
        case caughtUp(ImportReport)
        /// A catch-up failed (why, in one line); it is tried again in `retryIn` seconds.
        case catchUpFailed(String, retryIn: Int)
    }

    public let stream: PushStream
    public let catalog: QuakeCatalog
    /// How many arrivals are kept before those over an hour old are dropped.
    static let keptReceipts = 10_000
    /// The largest message stored: EMSC's are under a kilobyte.
    public static let maxMessageBytes = 1 << 20
    public let catchUp: PushCatchUp?
    private struct State {
        /// The next catch-up's `updatedafter` (less a minute): the newest
        /// `lastupdate` with no gap before it, else the feed's start. A
        /// message after a drop moves it only once its connection's catch-up
        /// has succeeded: until then what the drop missed lies before it.
        var caughtUpTo: Date
        /// The newest `lastupdate` among the messages.
        var newestUpdate: Date
        /// The connections so far: a catch-up of an earlier one is not tried again.
        var connection = 0
        /// The current connection's catch-up has succeeded.
        var caughtUp = false
        /// The feed's task has ended: no catch-up is tried again.
        var stopped = false
        var receipts: [String: Date] = [:]
    }
    private let state: Mutex<State>

    public init(stream: PushStream, catalog: QuakeCatalog, catchUp: PushCatchUp?, startedAt: Date = Date()) {
        self.stream = stream; self.catalog = catalog; self.catchUp = catchUp
        state = Mutex(State(caughtUpTo: startedAt, newestUpdate: startedAt))
    }

    /// When the first message of the event stored as `id` arrived, if one did
    /// (an alert is of its first report).
    public func receipt(of id: String) -> Date? { state.withLock { $0.receipts[id] } }

    /// Seconds from `quake`'s origin time to its first message, for a
    /// quake this feed brought (the alert's latency).
    public func pushedAfter(_ quake: Quake) -> Double? { receipt(of: quake.id).map { $0.timeIntervalSince(quake.time) } }

    /// Runs until the returned task is cancelled.
    public func start(onEvent: @escaping @Sendable (Event) -> Void) -> Task<Void, Never> {
        Task.detached { [self] in
            await stream.run(onStatus: { onEvent(.status($0)) }, onConnect: { self.runCatchUp(onEvent) },
                             onMessage: { text, received in self.store(text, receivedAt: received, onEvent) })
            state.withLock { $0.stopped = true }
        }
    }

    /// One message into the catalog.
    func store(_ text: String, receivedAt: Date, _ onEvent: @Sendable (Event) -> Void) {
        guard text.utf8.count <= Self.maxMessageBytes else {
            onEvent(.refused("\(Self.byteCount(text)), over the \(Self.maxMessageBytes >> 20) MB a message may be"))
            return
        }
        let message: EMSCPushMessage
        do { message = try EMSCPushMessage(text: text) } catch {
            let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
            onEvent(.refused("\(error) (\(Self.byteCount(text)): \(shown.debugDescription))"))
            return
        }
        // Its arrival noted before it is stored: an alert check the catch-up's
        // commit sets off may see the row the moment it is written.
        let earlier = state.withLock { state in
            defer {
                state.receipts[message.quake.id] = state.receipts[message.quake.id] ?? receivedAt
                // A watch runs for months: arrivals are kept only as long as an alert may ask.
                if state.receipts.count > Self.keptReceipts {
                    state.receipts = state.receipts.filter { receivedAt.timeIntervalSince($0.value) < 3600 }
                }
            }
            return state.receipts[message.quake.id]
        }
        do {
            let report = try QuakeImporter(catalog: catalog).importQuakes([message.quake], name: "\(EMSCPushMessage.service) push")
            state.withLock { state in
                state.newestUpdate = max(state.newestUpdate, message.quake.updated)
                if state.caughtUp { state.caughtUpTo = state.newestUpdate }
            }
            onEvent(.stored(message, changed: report.new + report.updated > 0, receivedAt: receivedAt))
        } catch {
            state.withLock { $0.receipts[message.quake.id] = earlier }
            onEvent(.refused("event \(message.quake.code): \(error)"))
        }
    }

    /// What was missed, after a (re)connect.
    func runCatchUp(_ onEvent: @escaping @Sendable (Event) -> Void) {
        guard catchUp != nil else { return }
        let connection = state.withLock { state in
            state.connection += 1
            state.caughtUp = false
            return state.connection
        }
        tryCatchUp(connection: connection, failures: 0, after: 0, onEvent)
    }

    /// One try of `connection`'s catch-up `seconds` from now, off the
    /// stream's task (the messages go on meanwhile); after a failure, tried
    /// again after 1, 2, 4 … 60 s as the connection is, until it succeeds or
    /// a newer connection's catch-up takes over. From a minute before the
    /// point: clocks and publishing differ.
    private func tryCatchUp(connection: Int, failures: Int, after seconds: Int, _ onEvent: @escaping @Sendable (Event) -> Void) {
        guard let catchUp else { return }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + .seconds(seconds)) { [self] in
            guard let since = state.withLock({ $0.connection == connection && !$0.stopped ? $0.caughtUpTo : nil }) else { return }
            do {
                let report = try catchUp.run(since: since.addingTimeInterval(-60))
                state.withLock { state in
                    guard state.connection == connection else { return }
                    state.caughtUp = true
                    state.caughtUpTo = max(state.caughtUpTo, state.newestUpdate)
                }
                onEvent(.caughtUp(report))
            } catch {
                // A newer connection's catch-up asks from the same point.
                guard state.withLock({ $0.connection == connection && !$0.stopped }) else { return }
                let wait = stream.wait(beforeAttempt: failures + 2)
                onEvent(.catchUpFailed("\(error)", retryIn: wait))
                tryCatchUp(connection: connection, failures: failures + 1, after: wait, onEvent)
            }
        }
    }

    static func byteCount(_ text: String) -> String {
        let bytes = text.utf8.count
        return bytes == 1 ? "1 byte" : "\(DigitGrouping.grouped(bytes)) bytes"
    }
}
