import Foundation
import QuakeCharts
import QuakeQuery
import QuakeStore
import Synchronization

/// The charts pane's question to the controller: the charts of the
/// results, computed off the run loop's thread and posted as `.charts`
/// (or `.chartsFailed`). Asks coalesce: one computation runs at a time,
/// and asks made meanwhile make one more, for the newest width, once it
/// ends (the controller's configuration is read then, so it is the newest).
final class ChartQueries: Sendable {
    /// Makes the charts of the controller's results for an activity chart
    /// `width` columns wide. Reads the controller's aggregates; may throw.
    typealias Compute = @Sendable (_ controller: ResultsController, _ width: Int) throws -> QuakeCharts

    private let controller: ResultsController
    private let inbox: EventInbox
    private let compute: Compute
    private let queue = DispatchQueue(label: "quakes.charts", qos: .userInitiated)
    private struct State {
        /// The width asked for since the running computation started.
        var pendingWidth: Int?
        var isRunning = false
    }
    private let state = Mutex(State())

    init(controller: ResultsController, inbox: EventInbox, compute: @escaping Compute) {
        self.controller = controller
        self.inbox = inbox
        self.compute = compute
    }

    /// Computes the charts for `width` columns, now or after the running computation.
    func request(width: Int) {
        let start = state.withLock { state in
            state.pendingWidth = width
            defer { state.isRunning = true }
            return !state.isRunning
        }
        if start { queue.async { self.run() } }
    }

    private func run() {
        while let width = takePending() {
            do { inbox.post(.charts(try compute(controller, width))) }
            // Said as the table's failures are: one line, a pattern's error as it is.
            catch { inbox.post(.chartsFailed(controller.catalog.readFailure(error))) }
        }
    }

    /// The next width to compute for; nil ends the run.
    private func takePending() -> Int? {
        state.withLock { state in
            defer { state.pendingWidth = nil }
            if state.pendingWidth == nil { state.isRunning = false }
            return state.pendingWidth
        }
    }
}
