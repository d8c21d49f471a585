import Foundation
import QuakeStore

/// After `import` or `fetch`: builds the indexes a large import left for
/// after its commit (or a kill left unbuilt), with a progress line on a
/// terminal. The quakes are in the catalog already; an index that cannot
/// be built now (another writer holds the catalog too long, a full disk)
/// is a warning, and is built by the next import, fetch or browser.
enum PendingIndexBuild {
    static func finish(_ catalog: QuakeCatalog) {
        let bar = isatty(STDERR_FILENO) == 1 ? ProgressBar(label: "indexing") : nil
        do {
            try catalog.buildPendingIndexes { progress in
                guard let purpose = progress.purpose else { return }
                bar?.show(line: "indexing \(progress.built + 1) of \(progress.total) (\(purpose))…")
            }
            bar?.clear()
        } catch {
            bar?.clear()
            printError("warning: \(error); the quakes are imported, and the next import, fetch or browser builds the indexes")
        }
    }
}
