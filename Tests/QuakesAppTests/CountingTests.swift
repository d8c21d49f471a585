import Foundation
import QuakeQuery
import Synchronization
import Testing
@testable import QuakesApp

/// The controller delivers the first rows before the exact count: the top
/// line says `counting…` over rows already shown, then the count.
@Suite struct CountingTests {
    @Test func theTopLineSaysCountingUntilTheCountArrives() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        let controller = try ResultsController(h.catalog, configuration: FetchConfiguration())
        let snapshots = Mutex<[ResultsSnapshot]>([])
        let complete = DispatchSemaphore(value: 0)
        _ = controller.onSnapshot { snapshot in
            snapshots.withLock { $0.append(snapshot) }
            if snapshot.isComplete { complete.signal() }
        }
        try controller.start()
        defer { controller.stop() }
        #expect(complete.wait(timeout: .now() + 30) == .success)
        let (first, last) = snapshots.withLock { ($0.first!, $0.last!) }
        #expect(first.isCountPending, "the first rows come before the count")

        h.state.handle(.snapshot(first))
        h.view.render(h.state, into: &h.screen)
        #expect(h.lines[0] == " quakes-tui  quakes.sqlite  counting…  by time ▼")
        #expect(h.lines[2].hasPrefix("  2018-06-14 09:12:13"), "rows shown while counting")
        h.state.handle(.snapshot(last))
        h.view.render(h.state, into: &h.screen)
        #expect(h.lines[0] == " quakes-tui  quakes.sqlite  4,714 quakes  by time ▼")
    }
}
