import Dispatch
import Foundation
import QuakeCharts
import QuakeQuery

/// The charts' figures, through the ResultsController the browser uses:
/// from a configuration change to both charts computed for its results
/// (the snapshot, then `ChartAggregates.charts` as the pane's queries run
/// it), for a pane of 120 columns (activity chart 59 columns wide, its
/// bins fitted to 52). `charts_timeline_ms`: the same for the second
/// layout (`c` again): the charts and the magnitude–time grid.
struct ChartScenarios {
    let controller: ResultsController

    static let width = 52

    func run() throws -> [String: Double] {
        let waiter = DeliveryWaiter<ResultsSnapshot>()
        let id = controller.onSnapshot { waiter.deliver($0) }
        defer { controller.removeHandler(id) }
        /// From `change` to the charts of the complete snapshot it leads to.
        func measure(timeline: Bool = false, _ change: () -> Void) throws -> Double {
            var failure: (any Error)?
            let time = BrowseScenarios.milliseconds {
                change()
                let generation = controller.requestedGeneration
                _ = waiter.wait { $0.generation >= generation && $0.isComplete }
                do {
                    let charts = try ChartAggregates.charts(controller, width: Self.width)
                    if timeline { _ = try ChartAggregates.magnitudeTime(controller, span: charts.span, dots: 2 * Self.width) }
                } catch { failure = error }
            }
            if let failure { throw failure }
            return time
        }
        var figures: [String: Double] = [:]
        controller.fetch { $0.predicate = nil }
        let sorts = [SortKey(.magnitude, ascending: false), SortKey(.time, ascending: false)]
        figures["charts_ms"] = Statistics.median(try (0..<6).map { i in try measure { controller.fetch { $0.sortKeys = [sorts[i % 2]] } } })
        figures["charts_timeline_ms"] = Statistics.median(try (0..<6).map { i in
            try measure(timeline: true) { controller.fetch { $0.sortKeys = [sorts[i % 2]] } }
        })
        var keystrokes: [Double] = []
        for word in ["alaska", "kodiak"] {
            for length in 1...word.count {
                keystrokes.append(try measure { controller.fetch { $0.predicate = QuakePredicate.placeContains(String(word.prefix(length))) } })
            }
        }
        figures["charts_filtered_ms"] = Statistics.median(keystrokes)
        figures["charts_filtered_max_ms"] = keystrokes.max() ?? 0
        controller.fetch { $0.predicate = nil }
        return figures
    }
}
