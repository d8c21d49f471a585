import Dispatch
import Foundation
import Testing
import ThreadWaiting

/// The wait the import's read-ahead, the writer-wait notice and the memory
/// terminal rely on: no change is missed between a waiter's look and its sleep.
@Suite struct WaitableMutexTests {
    /// Two threads take turns 1,000 times each, each waiting for the other's
    /// change: one missed wake-up would leave both waiting, and a turn
    /// would come back nil at its deadline.
    @Test func twoThreadsTakingTurnsMissNoChange() {
        let turn = WaitableMutex(0)
        let missed = WaitableMutex(0)
        let done = DispatchGroup()
        for parity in [0, 1] {
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                for _ in 0..<1_000 {
                    let took = turn.wait(until: .now() + 60) { turn -> Bool? in
                        guard turn % 2 == parity else { return nil }
                        turn += 1
                        return true
                    }
                    if took == nil { missed.withLock { $0 += 1 } }
                }
            }
        }
        done.wait()
        #expect(turn.withLock { $0 } == 2_000)
        #expect(missed.withLock { $0 } == 0)
    }

    @Test func aWaitNeverReadyIsNilAtItsDeadline() {
        let state = WaitableMutex(0)
        #expect(state.wait(until: .now() + 0.05) { $0 == 1 ? "ready" : nil } == nil)
    }

    @Test func aWaitAlreadyReadyReturnsAtOnceWhatItTook() {
        let state = WaitableMutex([3, 4])
        #expect(state.wait { $0.isEmpty ? nil : $0.removeFirst() } == 3)
        #expect(state.withLock { $0 } == [4])
    }
}
