import Dispatch
import Foundation
import QuakeQuery
import QuakeStore

/// The browsing figures, each measured through the same ResultsController the
/// UI uses: a configuration change, then the snapshot it delivers.
struct BrowseScenarios {
    let catalog: QuakeCatalog

    typealias Waiter = DeliveryWaiter<ResultsSnapshot>

    static func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    /// Typing a word of a followed quake's place, key by key, while the
    /// controller tracks it (the browser's selection): each keystroke until
    /// the complete snapshot with the quake's position. The newest quake
    /// (in the first window) and one 5,000 rows down (counted).
    private func filterWhileFollowing(_ all: ResultsSnapshot, _ controller: ResultsController, _ waiter: Waiter) throws -> [Double] {
        var times: [Double] = []
        for row in [0, 5000] {
            guard let quake = all.quake(at: min(row, (all.count ?? 1) - 1)),
                  let word = quake.place.split(whereSeparator: { !$0.isLetter }).max(by: { $0.count < $1.count }) else { continue }
            controller.trackedID = quake.id
            for length in 1...word.count {
                let text = String(word.prefix(length)).lowercased()
                let start = DispatchTime.now().uptimeNanoseconds
                controller.fetch { $0.predicate = QuakePredicate.placeContains(text) }
                let wanted = controller.configuration
                _ = waiter.wait { $0.configuration == wanted && $0.isComplete && $0.trackedPosition?.id == quake.id }
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
        }
        controller.trackedID = nil
        controller.fetch { $0.predicate = nil }
        return times
    }

    func run() throws -> [String: Double] {
        var figures: [String: Double] = [:]
        let waiter = Waiter()
        var controller: ResultsController!
        /// Applies a change, then times its first window and its count.
        func measure(_ change: () -> Void) -> (first: Double, count: Double, ResultsSnapshot) {
            let before = waiter.generation
            let start = DispatchTime.now().uptimeNanoseconds
            change()
            let wanted = controller.configuration
            _ = waiter.wait { $0.generation > before && $0.configuration == wanted }
            let firstTime = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            let done = waiter.wait { $0.generation > before && $0.configuration == wanted && $0.isComplete }
            let countTime = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            return (firstTime, countTime, done)
        }

        // Open the catalog and get the first screen in the default order.
        let open = measure {
            controller = try! ResultsController(catalog, configuration: FetchConfiguration())
            controller.onSnapshot { waiter.deliver($0) }
            // Watching the catalog as the browser does: the delete below is
            // seen through it.
            try! controller.start()
        }
        figures["open_first_window_ms"] = open.first

        // A column whose index a large import leaves to its first use
        // (net): that first sort is a full sort. Then the indexes of every
        // sortable column built, as the browser builds them on first use
        // (a sort by one column at a time).
        figures["sort_first_use_ms"] = measure { controller.fetch { $0.sortKeys = [SortKey(.net, ascending: true)] } }.first
        for field in QuakeField.sortable { try catalog.buildSortIndexes(forColumns: [field.column]) }

        // Every sortable column, both directions.
        var sorts: [Double] = []
        for field in QuakeField.sortable {
            for ascending in [true, false] {
                sorts.append(measure { controller.fetch { $0.sortKeys = [SortKey(field, ascending: ascending)] } }.first)
            }
        }
        figures["sort_change_ms"] = Statistics.median(sorts)
        _ = measure { controller.fetch { $0.sortKeys = [SortKey(.time, ascending: false)] } }

        // Typing into the filter field, one configuration per keystroke.
        var keystrokes: [Double] = [], counts: [Double] = []
        for word in ["alaska", "kodiak", "zzyzxq"] {
            for length in 1...word.count {
                let text = String(word.prefix(length))
                let result = measure { controller.fetch { $0.predicate = QuakePredicate.placeContains(text) } }
                keystrokes.append(result.first)
                counts.append(result.count)
                if ProcessInfo.processInfo.environment["QUAKES_BENCH_VERBOSE"] != nil {
                    FileHandle.standardError.write(Data(String(format: "filter %@: first %.2f ms, count %.2f ms\n", text, result.first, result.count).utf8))
                }
            }
        }
        figures["filter_keystroke_p50_ms"] = Statistics.percentile(keystrokes, 50)
        figures["filter_keystroke_p95_ms"] = Statistics.percentile(keystrokes, 95)
        figures["filter_count_p95_ms"] = Statistics.percentile(counts, 95)

        // Paging through the unfiltered table, 40 rows a screen.
        let all = measure { controller.fetch { $0.predicate = nil } }.2
        figures["filter_position_p95_ms"] = Statistics.percentile(try filterWhileFollowing(all, controller, waiter), 95)
        let screen = 40
        var pages: [Double] = []
        for page in 1...60 {
            pages.append(Self.milliseconds { _ = all.rows(in: page * screen..<(page + 1) * screen) })
        }
        figures["page_down_ms"] = Statistics.median(pages)
        let count = all.count ?? 0
        figures["jump_to_end_ms"] = Self.milliseconds { _ = all.rows(in: max(0, count - screen)..<count) }

        // Day sections, unfiltered and filtered.
        figures["sections_day_ms"] = measure { controller.fetch { $0.sectionIdentifier = .day } }.count
        figures["sections_day_filtered_ms"] = measure { controller.fetch { $0.predicate = QuakePredicate.placeContains("alaska") } }.count
        controller.fetch { $0.sectionIdentifier = nil }

        // Quakes near a place, newest first: the first window, read through
        // the bounding box on the coordinate indexes (the place looked up
        // beforehand). First before the browser has built the index it
        // wants for it (quake_timeBox), then with it (median of five).
        let nearAnchorage = try QuakePredicate("DISTANCE(\"Anchorage\") < 100")
        figures["distance_first_use_ms"] = measure { controller.fetch { $0.predicate = nearAnchorage } }.first
        try catalog.buildSortIndexes(forColumns: controller.configuration.columns)
        figures["distance_filter_ms"] = Statistics.median((0..<5).map { _ in
            _ = measure { controller.fetch { $0.predicate = nil } }
            return measure { controller.fetch { $0.predicate = nearAnchorage } }.first
        })
        controller.fetch { $0.predicate = nil }
        // From here the controller watches the catalog, as the browser's
        // does (start): a delete goes through the catalog and reaches the
        // controller only so; without it the wait below never ended.
        let unfiltered = measure { try! controller.start() }.2

        // Delete the first row, until the snapshot without it.
        let victim = unfiltered.quake(at: 0)!.id
        let before = unfiltered.count ?? 0
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try catalog.delete(ids: [victim])
        _ = waiter.wait { $0.isComplete && $0.count == before - 1 }
        figures["delete_to_snapshot_ms"] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6

        figures.merge(MapScenarios(controller: controller).run()) { $1 }
        figures.merge(try ChartScenarios(controller: controller).run()) { $1 }

        // Browsing's memory, before the section reads its quakes (which the pane reads only when shown).
        figures["peak_rss_mb"] = Statistics.peakRSSMegabytes()
        figures.merge(try SectionScenario(catalog: catalog).run()) { $1 }
        controller.stop()
        return figures
    }
}
