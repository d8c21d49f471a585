import Foundation
import QuakeCharts
import QuakeQuery
import QuakeSeismology
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
    /// What one computation is for: the width, the decay's Mc method when
    /// it shows, whether the magnitude–time grid shows, the ask's number.
    typealias Request = (width: Int, decay: ChartMcMethod?, magnitudeTime: Bool, ask: Int)

    private struct State {
        /// The width (and whether with the decay) asked for since the
        /// running computation started, and the ask's number.
        var pending: Request?
        var isRunning = false
    }
    private let state = Mutex(State())

    init(controller: ResultsController, inbox: EventInbox, compute: @escaping Compute) {
        self.controller = controller
        self.inbox = inbox
        self.compute = compute
    }

    /// Computes the charts for `width` columns, now or after the running computation.
    func request(width: Int, decay: ChartMcMethod? = nil, magnitudeTime: Bool = false, ask: Int = 0) {
        let start = state.withLock { state in
            state.pending = (width, decay, magnitudeTime, ask)
            defer { state.isRunning = true }
            return !state.isRunning
        }
        if start { queue.async { self.run() } }
    }

    private func run() {
        while let (width, decay, magnitudeTime, ask) = takePending() {
            do {
                let charts = try Self.charts(controller, width: width, decay: decay, magnitudeTime: magnitudeTime, compute)
                inbox.post(.charts(charts, answering: ask))
                // Then what the selection's magnitudes mix, unless asked again
                // before or meanwhile (a full read of the selection: 0.9 s at 1,000,000).
                let askedAgain: @Sendable () -> Bool = { self.state.withLock { $0.pending != nil } }
                if !askedAgain(), let mix = try Self.mix(controller, abandonWhen: askedAgain) {
                    inbox.post(.charts(charts.withMix(mix), answering: ask))
                }
            }
            // Said as the table's failures are: one line, a pattern's error as it is.
            catch { inbox.post(.chartsFailed(controller.catalog.readFailure(error))) }
        }
    }

    /// The magnitude types and networks of the results, nil when abandoned.
    static func mix(_ controller: ResultsController, abandonWhen isStale: @escaping @Sendable () -> Bool) throws -> MagnitudeMix? {
        try controller.aggregate(MagnitudeLabels.request, abandonWhen: isStale).map { MagnitudeLabels($0).mix }
    }

    /// The next width to compute for; nil ends the run.
    private func takePending() -> Request? {
        state.withLock { state in
            defer { state.pending = nil }
            if state.pending == nil { state.isRunning = false }
            return state.pending
        }
    }

    /// The charts, with the selection's decay when asked (`O`, counted from
    /// Mc by the method `decay` names), with the
    /// magnitude–time grid when its layout shows.
    static func charts(_ controller: ResultsController, width: Int, decay: ChartMcMethod?, magnitudeTime: Bool = false,
                       _ compute: (ResultsController, Int) throws -> QuakeCharts) throws -> QuakeCharts {
        var charts = try compute(controller, width)
        if magnitudeTime { charts = charts.withMagnitudeTime(try ChartAggregates.magnitudeTime(controller, span: charts.span, dots: 2 * width)) }
        guard let decay else { return charts }
        return charts.withDecay(try ChartAggregates.decay(controller, mcMethod: decay))
    }
}
