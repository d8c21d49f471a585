import Dispatch
import Synchronization

/// State behind a `Mutex` that a thread can wait on until it is ready: a
/// condition variable whose state the compiler checks (an `NSCondition`
/// guards variables it cannot see). A waiter that finds the state not ready
/// leaves a semaphore in it before unlocking, and every change signals all
/// of them, so no change is missed between the check and the sleep.
public final class WaitableMutex<State>: Sendable {
    private struct Guarded {
        var state: State
        var waiters: [DispatchSemaphore] = []

        /// Wakes every waiter to look again.
        mutating func wakeAll() {
            for waiter in waiters { waiter.signal() }
            waiters.removeAll()
        }
    }

    private let guarded: Mutex<Guarded>

    public init(_ state: sending State) {
        guarded = Mutex(Guarded(state: state))
    }

    /// Reads or changes the state; waiters then look at it again.
    public func withLock<Result, E: Error>(_ body: (inout sending State) throws(E) -> sending Result) throws(E) -> Result {
        try guarded.withLock { guarded throws(E) -> sending Result in
            defer { guarded.wakeAll() }
            return try body(&guarded.state)
        }
    }

    /// Waits until `attempt` finds the state ready and returns its result.
    /// `attempt` runs under the lock at once and after each change, and
    /// returns nil while the state is not ready; what it changes wakes the
    /// other waiters.
    public func wait<Result, E: Error>(_ attempt: (inout sending State) throws(E) -> sending Result?) throws(E) -> Result {
        // The distant future never passes.
        try wait(until: .distantFuture, attempt)!
    }

    /// As `wait(_:)`, or nil once `deadline` passes.
    public func wait<Result, E: Error>(until deadline: DispatchTime,
                                       _ attempt: (inout sending State) throws(E) -> sending Result?) throws(E) -> Result? {
        while true {
            let waiter = DispatchSemaphore(value: 0)
            let ready = try guarded.withLock { guarded throws(E) -> sending Result? in
                if let result = try attempt(&guarded.state) {
                    guarded.wakeAll()
                    return result
                }
                guarded.waiters.append(waiter)
                return nil
            }
            if let ready { return ready }
            if waiter.wait(timeout: deadline) == .timedOut {
                guarded.withLock { guarded in guarded.waiters.removeAll { $0 === waiter } }
                return nil
            }
        }
    }
}
