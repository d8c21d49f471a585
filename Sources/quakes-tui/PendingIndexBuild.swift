import Foundation
import QuakeStore

/// After `import` or `fetch`: builds the indexes a large import left for
/// after its commit (or a kill left unbuilt), with a progress line on a
/// terminal. The quakes are in the catalog already; an index that cannot
/// be built now (another writer holds the catalog too long, a full disk)
/// is a warning, and is built by the next import, fetch or browser.
enum PendingIndexBuild {
    /// What an index is for, in the user's words: `indexing 3 of 7 (sort by
    /// magnitude)…`, not its name.
    static func purpose(of index: String) -> String {
        switch index {
        case "quake_placeSort": "place filter"
        case "quake_magnitude": "sort by magnitude"
        case "quake_band": "magnitude sections"
        case "quake_day_time": "day sections"
        case "quake_depth": "sort by depth"
        case "quake_latitudeBox": "sort by latitude, map"
        case "quake_longitudeBox": "sort by longitude, map"
        default: "search"
        }
    }

    static func finish(_ catalog: QuakeCatalog) {
        let bar = isatty(STDERR_FILENO) == 1 ? ProgressBar(label: "indexing") : nil
        do {
            try catalog.buildPendingIndexes { progress in
                guard let name = progress.building else { return }
                bar?.show(line: "indexing \(progress.built + 1) of \(progress.total) (\(Self.purpose(of: name)))…")
            }
            bar?.clear()
        } catch {
            bar?.clear()
            printError("warning: \(error); the quakes are imported, and the next import, fetch or browser builds the indexes")
        }
    }
}
