import Dispatch
import Foundation
import QuakeQuery
import Synchronization

/// Waits on a semaphore for what the controller delivers on its own queue
/// (snapshots, aggregates), keeping the latest.
final class DeliveryWaiter<Value: Sendable>: Sendable {
    private let signal = DispatchSemaphore(value: 0)
    private let latest = Mutex<Value?>(nil)

    func deliver(_ value: Value) {
        latest.withLock { $0 = value }
        signal.signal()
    }

    /// The latest delivery so far.
    var current: Value? { latest.withLock { $0 } }

    /// The latest delivery once it satisfies `condition`.
    func wait(_ condition: (Value) -> Bool) -> Value {
        while true {
            if let value = latest.withLock({ $0 }), condition(value) { return value }
            _ = signal.wait(timeout: .now() + 30)
        }
    }
}

extension DeliveryWaiter where Value == ResultsSnapshot {
    var generation: Int { latest.withLock { $0?.generation ?? -1 } }
}
