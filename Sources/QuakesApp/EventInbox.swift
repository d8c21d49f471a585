import Foundation
import Synchronization
import TerminalUI

/// Where other threads (the controller, a refresh, a delete) leave events
/// for the run loop, waking its `poll` through a pipe. Only the newest
/// snapshot, map aggregate and progress line waiting are kept: the state
/// would show nothing of the ones they replace.
final class EventInbox: Sendable {
    private let events = Mutex<[BrowserEvent]>([])
    private let wake: WakePipe

    init() throws { wake = try WakePipe.nonBlocking() }

    /// The descriptor `poll` waits on.
    var readEnd: Int32 { wake.readEnd }

    func post(_ event: BrowserEvent) {
        events.withLock { events in
            switch event {
            case .page: events.removeAll { if case .page = $0 { true } else { false } }
            case .refreshProgress: events.removeAll { if case .refreshProgress = $0 { true } else { false } }
            case .mapAggregate: events.removeAll { if case .mapAggregate = $0 { true } else { false } }
            case .exportProgress: events.removeAll { if case .exportProgress = $0 { true } else { false } }
            default: break
            }
            events.append(event)
        }
        wake.poke()
    }

    /// Every event posted since the last call, in order.
    func take() -> [BrowserEvent] {
        wake.drain()
        return events.withLock { events in
            defer { events = [] }
            return events
        }
    }
}
