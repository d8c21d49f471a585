import Dispatch
import Foundation
import ThreadWaiting

/// Tells a writer's caller, once, that the write is waiting for another
/// writer: when it has not begun after a short delay. A timer is the one
/// sign that covers both kinds of waiting: SQLite's busy handler waiting on
/// another process's lock, and GRDB queueing this process's writers before
/// SQLite ever sees them (so SQLite never reports busy for those).
final class WriterWaitNotice: Sendable {
    private enum State { case pending, notifying, settled }

    private let state = WaitableMutex(State.pending)

    /// A write that begins within `delay` seconds is not announced: 0.1 s
    /// is longer than taking a free lock, and shorter than a person notices.
    init(after delay: TimeInterval = 0.1, whileWaiting: @escaping @Sendable () -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
            guard transition(from: .pending, to: .notifying) else { return }
            whileWaiting()
            _ = transition(from: .notifying, to: .settled)
        }
    }

    /// The write holds the lock: too late to announce waiting. Does not
    /// wait for a notice being given, so the writer never waits on its caller.
    func writeBegan() {
        _ = transition(from: .pending, to: .settled)
    }

    /// The write is over (done or failed): no notice from now on, and one
    /// being given is finished first, so it never follows the outcome.
    func writeEnded() {
        state.wait { state -> Void? in
            if state == .pending { state = .settled }
            return state == .notifying ? nil : ()
        }
    }

    private func transition(from old: State, to new: State) -> Bool {
        state.withLock { state in
            guard state == old else { return false }
            state = new
            return true
        }
    }
}
