import Foundation
import QuakeQuery
import QuakeStore
import TerminalUI
import TestSupport
@testable import QuakesApp

/// A browser running on its own thread over the week feed (4,711 quakes),
/// or (`empty`) a new catalog, which `reading` may fill as it runs.
final class RunningBrowser: @unchecked Sendable {
    let folder = TemporaryFolder()
    let catalog: QuakeCatalog
    let terminal: MemoryTerminal
    private let ended = DispatchSemaphore(value: 0)
    private var outcome: Result<BrowserApp.Exit, any Error>?

    /// `busyTimeout`: how long the browser's catalog waits for another writer.
    /// `prepare`: done to the catalog before the browser starts.
    /// `alert`: the browser's `--alert` predicate.
    init(width: Int = 70, height: Int = 8, busyTimeout: TimeInterval? = nil, alert: QuakePredicate? = nil,
         configuration: FetchConfiguration = FetchConfiguration(), empty: Bool = false,
         prepare: (QuakeCatalog) throws -> Void = { _ in },
         reading: ((QuakeCatalog) -> SourceRead)? = nil) throws {
        let imported = try empty ? folder.catalog() : importedCatalog(folder, feeds: [Fixture.week])
        catalog = try busyTimeout.map { try QuakeCatalog(path: imported.path, busyTimeout: $0) } ?? imported
        try prepare(catalog)
        terminal = MemoryTerminal(width: width, height: height)
        let catalog = self.catalog, terminal = self.terminal
        let reading = reading?(catalog)
        Thread.detachNewThread { [self] in
            outcome = Result {
                try BrowserApp.run(catalog: catalog, configuration: configuration,
                                   environment: ["TZ": "UTC"], alert: alert, reading: reading, terminal: { terminal })
            }
            ended.signal()
        }
    }

    /// The first frame drawn (from now on, or already) that shows `text` on `row`.
    func frame(showing text: String, row: Int) -> Screen? {
        terminal.waitForFrame { $0.height > row && $0.lines[row].contains(text) }
    }

    /// How the run loop ended, waiting for it.
    func exit() -> Result<BrowserApp.Exit, any Error>? {
        guard ended.wait(timeout: .now() + 60) == .success else { return nil }
        return outcome
    }
}
