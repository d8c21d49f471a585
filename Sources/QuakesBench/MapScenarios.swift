import Dispatch
import Foundation
import QuakeMap
import QuakeQuery

/// The map's figures, through the ResultsController the browser uses: an
/// aggregate observation of a map pane's dots (120×18 cells: the map above
/// the table in a 120×40 terminal), timed from a change to the aggregate
/// delivered for it.
struct MapScenarios {
    let controller: ResultsController

    static let columns = 120, rows = 18

    func run() -> [String: Double] {
        let waiter = DeliveryWaiter<AggregateResult>()
        let world = MapProjection(columns: Self.columns, rows: Self.rows)
        let observation = controller.onAggregate(MapAggregate.request(for: world)) { waiter.deliver($0) }
        defer { observation.cancel() }
        /// From `change` to the aggregate of the configuration and request it leads to.
        func measure(_ change: () -> Void) -> Double {
            BrowseScenarios.milliseconds {
                change()
                let generation = controller.requestedGeneration, request = observation.request
                _ = waiter.wait { $0.generation >= generation && $0.request == request }
            }
        }
        var figures: [String: Double] = [:]
        controller.fetch { $0.predicate = nil }
        // Configuration changes with the whole world in view and no filter: sorts.
        let sorts = [SortKey(.magnitude, ascending: false), SortKey(.time, ascending: false)]
        _ = measure {}   // the observation's first aggregate, read for the current snapshot
        let readsBefore = controller.aggregateReads
        figures["map_frame_ms"] = Statistics.median((0..<6).map { i in measure { controller.fetch { $0.sortKeys = [sorts[i % 2]] } } })
        _ = measure { controller.fetch { $0.sectionIdentifier = .day } }
        _ = measure { controller.fetch { $0.sectionIdentifier = nil } }
        // The same quakes in another order: the map's aggregate is handed over again, not read again.
        figures["aggregate_queries_on_sort"] = Double(controller.aggregateReads - readsBefore)
        // A place filter typed key by key, the map following each keystroke.
        var keystrokes: [Double] = []
        for word in ["alaska", "kodiak"] {
            for length in 1...word.count {
                keystrokes.append(measure { controller.fetch { $0.predicate = QuakePredicate.placeContains(String(word.prefix(length))) } })
            }
        }
        figures["map_frame_filtered_ms"] = Statistics.median(keystrokes)
        controller.fetch { $0.predicate = nil }
        _ = measure {}
        // `+` around Anchorage, eight times: only the observation's request changes.
        let anchorage = GeoPoint(latitude: 61.22, longitude: -149.9)
        var region = MapRegion.world, zooms: [Double] = []
        for _ in 0..<8 {
            region = region.zoomed(by: 2, around: anchorage)
            let projection = MapProjection(region: region, columns: Self.columns, rows: Self.rows)
            zooms.append(measure { observation.request = MapAggregate.request(for: projection) })
        }
        figures["map_zoom_ms"] = Statistics.median(zooms)
        // The slowest of the eight: the median hides the zoom that still reads rows.
        figures["map_zoom_max_ms"] = zooms.max() ?? 0
        return figures
    }
}
