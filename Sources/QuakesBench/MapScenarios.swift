import Dispatch
import Foundation
import QuakeMap
import QuakeQuery
import QuakeViews
import TerminalUI

/// The map's figures, through the ResultsController the browser uses: an
/// aggregate observation of a map pane's dots (120×18 cells: the map above
/// the table in a 120×40 terminal), timed from a change to the aggregate
/// delivered for it; and the pane drawn from it with the bundled layers
/// (`map_draw_ms`, `map_zoom_drawn_ms`: what the user waits for).
struct MapScenarios {
    let controller: ResultsController

    static let columns = 120, rows = 18

    func run() -> [String: Double] {
        let waiter = DeliveryWaiter<AggregateResult>()
        let world = MapView.projection(.world, in: Rect(x: 0, y: 0, width: Self.columns, height: Self.rows + 2))
        // The pane the projections are of: their rows, the legend and the scale line.
        let pane = Rect(x: 0, y: 0, width: Self.columns, height: Self.rows + 2)
        /// Draws the pane for `region` from `result` as the browser does; milliseconds.
        func draw(_ region: MapRegion, _ result: AggregateResult?) -> Double {
            BrowseScenarios.milliseconds {
                var screen = Screen(width: pane.width, height: pane.height)
                var view = MapView(region: region, quakes: result.flatMap(MapAggregate.quakes), land: .none, unicode: true)
                MapLayers.bundled.applied(to: &view, showsLayers: true)
                view.render(in: pane, into: &screen)
            }
        }
        for layer in MapLayer.allCases { _ = try? layer.outline() }   // read once, as the browser does at start
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
        figures["map_draw_ms"] = Statistics.median((0..<5).map { _ in draw(.world, waiter.current) })
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
        var region = MapRegion.world, zooms: [Double] = [], drawn: [Double] = []
        for _ in 0..<8 {
            region = region.zoomed(by: 2, around: anchorage)
            let projection = MapView.projection(region, in: pane)
            region = projection.region   // the view shown, as the browser's keys move it
            zooms.append(measure { observation.request = MapAggregate.request(for: projection) })
            drawn.append(zooms.last! + draw(region, waiter.current))
        }
        figures["map_zoom_ms"] = Statistics.median(zooms)
        figures["map_zoom_drawn_ms"] = Statistics.median(drawn)
        // The slowest of the eight: the median hides the zoom that still reads rows.
        figures["map_zoom_max_ms"] = zooms.max() ?? 0
        return figures
    }
}
