import Foundation
import Synchronization

/// An aggregate a `ResultsController` keeps current: computed for the
/// newest complete snapshot when registered, again after every fetch, and
/// again when `request` changes (a map pans), without fetching rows anew.
/// Results go to the handler on the controller's queue, each with the
/// generation of its snapshot; a result made stale by a newer fetch or a
/// newer request is dropped, never delivered. `cancel()` stops it.
public final class AggregateObservation: Sendable {
    /// What changes as requests come and computations end.
    private struct State {
        var current: AggregateRequest
        /// Counts changes of `request`, to tell a computation of an older one.
        var version = 0
        /// The generation and version last computed, so one is not computed twice.
        var computed: (generation: Int, version: Int)?
        /// The last rows read, and what they depend on.
        var kept: (key: Key, rows: [AggregateRow])?
    }

    private let state: Mutex<State>

    /// What an aggregate's rows depend on: which quakes (the selection and
    /// the catalog's data version) and the request; not their order.
    struct Key: Equatable {
        let selection: QuakePredicate?
        let request: AggregateRequest
        let dataVersion: Int
    }
    let handler: @Sendable (AggregateResult) -> Void
    private let requestChanged: @Sendable (AggregateObservation) -> Void
    private let cancelled: @Sendable (AggregateObservation) -> Void

    init(_ request: AggregateRequest, handler: @escaping @Sendable (AggregateResult) -> Void,
         requestChanged: @escaping @Sendable (AggregateObservation) -> Void,
         cancelled: @escaping @Sendable (AggregateObservation) -> Void) {
        state = Mutex(State(current: request))
        self.handler = handler
        self.requestChanged = requestChanged
        self.cancelled = cancelled
    }

    /// What is computed. Setting a different request recomputes it for the
    /// newest snapshot; setting an equal one does nothing.
    public var request: AggregateRequest {
        get { state.withLock { $0.current } }
        set {
            let changed = state.withLock { state -> Bool in
                guard state.current != newValue else { return false }
                state.current = newValue
                state.version += 1
                return true
            }
            if changed { requestChanged(self) }
        }
    }

    /// Stops it: nothing is computed for it after this returns (a result
    /// already being handed over on the controller's queue may still arrive).
    public func cancel() { cancelled(self) }

    /// The request with its version, read together.
    var versionedRequest: (request: AggregateRequest, version: Int) { state.withLock { ($0.current, $0.version) } }

    func isCurrent(version: Int) -> Bool { state.withLock { $0.version == version } }

    /// The rows last read for `key`, if the last read was for it.
    func rows(for key: Key) -> [AggregateRow]? {
        state.withLock { $0.kept.flatMap { $0.key == key ? $0.rows : nil } }
    }

    func keep(_ rows: [AggregateRow], for key: Key) { state.withLock { $0.kept = (key, rows) } }

    /// True the first time it is called for this generation and version:
    /// a fetch and a request change can both ask for the same computation.
    func claim(generation: Int, version: Int) -> Bool {
        state.withLock { state in
            if let computed = state.computed, computed == (generation, version) { return false }
            state.computed = (generation, version)
            return true
        }
    }
}
