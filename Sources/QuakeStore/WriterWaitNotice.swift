import Dispatch
import Foundation

/// Tells a writer's caller, once, that the write is waiting for another
/// writer: when it has not begun after a short delay. A timer is the one
/// sign that covers both kinds of waiting: SQLite's busy handler waiting on
/// another process's lock, and GRDB queueing this process's writers before
/// SQLite ever sees them (so SQLite never reports busy for those).
final class WriterWaitNotice: @unchecked Sendable {   // state guarded by `condition`
    private enum State { case pending, notifying, settled }

    private let condition = NSCondition()
    private var state = State.pending

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
        condition.lock()
        defer { condition.unlock() }
        if state == .pending { state = .settled }
        while state == .notifying { condition.wait() }
    }

    private func transition(from old: State, to new: State) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard state == old else { return false }
        state = new
        condition.broadcast()
        return true
    }
}
