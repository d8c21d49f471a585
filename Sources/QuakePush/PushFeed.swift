import Foundation
import QuakeStore
import Synchronization

/// A push stream feeding a catalog: each message stored as it comes (one
/// upsert: a create inserts, an update with a newer `lastupdate` replaces
/// the older version and its event is associated again), a catch-up after
/// every (re)connect, and what happened told to `onEvent`, on the stream's
/// task (the caller hands it to its own thread). Remembers when each
/// event's message arrived, for the alert's latency.
public final class PushFeed: Sendable {
    /// What the feed did.
    public enum Event: Sendable {
        case status(PushStatus)
        /// A message stored: its quake, whether it was new or changed a row, and when it arrived.
        case stored(EMSCPushMessage, changed: Bool, receivedAt: Date)
        /// A message that could not be read or stored, in one line.
        case refused(String)
        case caughtUp(ImportReport)
        case catchUpFailed(String)
    }

    public let stream: PushStream
    public let catalog: QuakeCatalog
    /// How many arrivals are kept before those over an hour old are dropped.
    static let keptReceipts = 10_000
    /// The largest message stored: EMSC's are under a kilobyte.
    public static let maxMessageBytes = 1 << 20
    public let catchUp: PushCatchUp?
    private struct State {
        /// The newest `lastupdate` among the messages, else the feed's start: the next catch-up's `updatedafter`.
        var newestUpdate: Date
        var receipts: [String: Date] = [:]
    }
    private let state: Mutex<State>

    public init(stream: PushStream, catalog: QuakeCatalog, catchUp: PushCatchUp?, startedAt: Date = Date()) {
        self.stream = stream; self.catalog = catalog; self.catchUp = catchUp
        state = Mutex(State(newestUpdate: startedAt))
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
            state.withLock { $0.newestUpdate = max($0.newestUpdate, message.quake.updated) }
            onEvent(.stored(message, changed: report.new + report.updated > 0, receivedAt: receivedAt))
        } catch {
            state.withLock { $0.receipts[message.quake.id] = earlier }
            onEvent(.refused("event \(message.quake.code): \(error)"))
        }
    }

    /// What was missed, off the stream's task (the messages go on meanwhile).
    /// A minute before the newest update: clocks and publishing differ.
    func runCatchUp(_ onEvent: @escaping @Sendable (Event) -> Void) {
        guard let catchUp else { return }
        let since = state.withLock { $0.newestUpdate }.addingTimeInterval(-60)
        DispatchQueue.global(qos: .utility).async {
            do { onEvent(.caughtUp(try catchUp.run(since: since))) } catch { onEvent(.catchUpFailed("\(error)")) }
        }
    }

    static func byteCount(_ text: String) -> String {
        let bytes = text.utf8.count
        return bytes == 1 ? "1 byte" : "\(DigitGrouping.grouped(bytes)) bytes"
    }
}
