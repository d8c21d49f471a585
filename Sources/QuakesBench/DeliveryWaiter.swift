import Dispatch
import Foundation
import QuakeQuery

/// Waits on a semaphore for what the controller delivers on its own queue
/// (snapshots, aggregates), keeping the latest.
final class DeliveryWaiter<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let signal = DispatchSemaphore(value: 0)
    private var latest: Value?

    func deliver(_ value: Value) {
        lock.withLock { latest = value }
        signal.signal()
    }

    /// The latest delivery once it satisfies `condition`.
    func wait(_ condition: (Value) -> Bool) -> Value {
        while true {
            if let value = lock.withLock({ latest }), condition(value) { return value }
            _ = signal.wait(timeout: .now() + 30)
        }
    }
}

extension DeliveryWaiter where Value == ResultsSnapshot {
    var generation: Int { lock.withLock { latest?.generation ?? -1 } }
}
