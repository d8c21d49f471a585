import Foundation
import Synchronization

/// A background job's progress lines, posted at most ten a second with
/// the newest always shown: a line that comes within 100 ms of the last
/// one posted is posted when the 100 ms are up, so the line before a stall
/// is shown too. Once the job `end`s, no line is posted after its outcome.
final class ProgressLines: Sendable {
    private struct State {
        var running = false
        var lastPosted = DispatchTime(uptimeNanoseconds: 0)
        var latest: String?
        var trailingPostScheduled = false
    }
    private let state = Mutex(State())
    private let post: @Sendable (String) -> Void
    private static let interval: UInt64 = 100_000_000

    init(post: @escaping @Sendable (String) -> Void) { self.post = post }

    var isRunning: Bool { state.withLock { $0.running } }

    /// Marks the job running unless it is; says whether it was not.
    func begin() -> Bool {
        state.withLock { state in
            if state.running { return false }
            state = State(running: true)
            return true
        }
    }

    /// Posts the job's outcome (`postOutcome`) under the lock: no progress line after it.
    func end(_ postOutcome: () -> Void) {
        state.withLock { state in
            state.running = false
            postOutcome()
        }
    }

    func report(_ text: String) {
        let delay = state.withLock { state -> UInt64? in
            state.latest = text
            let elapsed = DispatchTime.now().uptimeNanoseconds - state.lastPosted.uptimeNanoseconds
            if elapsed >= Self.interval {
                state.lastPosted = .now()
                post(text)
                return nil
            }
            if state.trailingPostScheduled { return nil }
            state.trailingPostScheduled = true
            return Self.interval - elapsed
        }
        guard let delay else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(delay))) { [self] in
            state.withLock { state in
                state.trailingPostScheduled = false
                state.lastPosted = .now()
                if state.running, let latest = state.latest { post(latest) }
            }
        }
    }
}
