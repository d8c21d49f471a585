import Foundation
import QuakeQuery
import QuakeStore
import TerminalUI
import Testing
import TestSupport
@testable import QuakesApp

/// The real run loop (poll on input, inbox and signal pipe; events; frames)
/// driven through an in-memory terminal: keys, snapshots arriving from the
/// controller's thread, an import by someone else, a resize, a signal,
/// quitting. Serialized: a run loop installs process-wide signal handlers.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct RunLoopTests {
    /// A browser running on its own thread over the week feed (4,711 quakes).
    final class RunningBrowser: @unchecked Sendable {
        let folder = TemporaryFolder()
        let catalog: QuakeCatalog
        let terminal: MemoryTerminal
        private let ended = DispatchSemaphore(value: 0)
        private var outcome: Result<BrowserApp.Exit, any Error>?

        /// `busyTimeout`: how long the browser's catalog waits for another writer.
        init(width: Int = 100, height: Int = 8, busyTimeout: TimeInterval? = nil) throws {
            let imported = try importedCatalog(folder, feeds: [Fixture.week])
            catalog = try busyTimeout.map { try QuakeCatalog(path: imported.path, busyTimeout: $0) } ?? imported
            terminal = MemoryTerminal(width: width, height: height)
            let catalog = self.catalog, terminal = self.terminal
            Thread.detachNewThread { [self] in
                outcome = Result {
                    try BrowserApp.run(catalog: catalog, configuration: FetchConfiguration(),
                                       environment: ["TZ": "UTC"], terminal: { terminal })
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

    @Test func keysSortTheTableWithThePendingMarkDimmedUntilTheRowsArriveThenQQuits() throws {
        let browser = try RunningBrowser()
        let first = try #require(browser.frame(showing: "4,711 quakes", row: 0))
        #expect(first.lines[0] == " quakes-tui  quakes.sqlite  4,711 quakes  by time ▼")
        let newestRow = first.lines[2]
        let before = browser.terminal.frames.count

        browser.terminal.send(.character("2"))
        let sorted = try #require(browser.frame(showing: "by mag ▼", row: 0))
        let frames = Array(browser.terminal.frames.dropFirst(before))
        // The frame drawn for the key itself: the new mark dimmed over rows
        // still by time; the top line still says what the rows are.
        let pending = try #require(frames.first)
        #expect(pending.lines[0] == " quakes-tui  quakes.sqlite  4,711 quakes  by time ▼")
        #expect(pending.lines[1].hasPrefix("  1 Time                         2 Mag ▼ 3 Place"))
        #expect(pending.lines[2] == newestRow)
        let magColumn = pending.lines[1].distance(from: pending.lines[1].startIndex, to: pending.lines[1].range(of: "2 Mag")!.lowerBound)
        #expect(pending.style(row: 1, column: magColumn) == Style(dim: true), "the pending mark is dimmed")
        #expect(pending.style(row: 1, column: 2) == Style(underline: true, dim: true), "Time loses its mark, pending too")
        // No frame shows a mark its rows do not have.
        for frame in frames where frame.style(row: 1, column: magColumn).bold {
            #expect(frame.lines[0].contains("by mag ▼"))
        }
        #expect(sorted.style(row: 1, column: magColumn) == Style(bold: true))
        let magnitudes = (2..<7).map { Double(sorted.lines[$0].dropFirst(34).prefix(6).trimmingCharacters(in: .whitespaces)) }
        let expected = try browser.catalog.dbWriter.read { db in
            try Double.fetchAll(db, sql: "SELECT magnitude FROM quake ORDER BY magnitude DESC LIMIT 5")
        }
        #expect(magnitudes == expected.map { ($0 * 10).rounded() / 10 })

        browser.terminal.send(.character("q"))
        let exit = try #require(browser.exit())
        #expect(try exit.get() == .quit)
        #expect(browser.terminal.isStopped, "the terminal is given back")
    }

    @Test func anImportByAnotherWriterIsShownWithoutAKey() throws {
        let browser = try RunningBrowser()
        _ = try #require(browser.frame(showing: "4,711 quakes", row: 0))
        let feed = singleQuakeFeed(id: "nw0001", place: "New Ridge", magnitude: 3.3, time: 1_528_970_100_000)
        let other = try QuakeCatalog(path: browser.catalog.path)
        _ = try QuakeImporter(catalog: other).importData(Data(feed.utf8), name: "new")
        let shown = try #require(browser.frame(showing: "4,712 quakes", row: 0))
        #expect(shown.lines[2].hasPrefix("+ ") && shown.lines[2].contains("New Ridge"), "the newest row, marked new")
        browser.terminal.send(.control("c"))
        #expect(try browser.exit()?.get() == .quit)
    }

    @Test func aResizeRedrawsAtTheNewSize() throws {
        let browser = try RunningBrowser()
        _ = try #require(browser.frame(showing: "4,711 quakes", row: 0))
        browser.terminal.resize(width: 30, height: 6)
        let small = try #require(browser.terminal.waitForFrame { $0.width == 30 && $0.height == 6 })
        #expect(small.lines == ["", "", "      terminal too small", "    40x8 needed, now 30x6", "", ""])
        browser.terminal.resize(width: 60, height: 9)
        let back = try #require(browser.terminal.waitForFrame { $0.width == 60 && $0.height == 9 })
        #expect(back.lines[0] == " quakes-tui  quakes.sqlite  4,711 quakes  by time ▼")
        browser.terminal.send(.character("q"))
        #expect(try browser.exit()?.get() == .quit)
    }

    @Test func aSignalEndsTheLoopWithItsNumberAndGivesTheTerminalBack() throws {
        let browser = try RunningBrowser()
        _ = try #require(browser.frame(showing: "4,711 quakes", row: 0))
        kill(getpid(), SIGHUP)
        let exit = try #require(browser.exit())
        #expect(try exit.get() == .signal(SIGHUP))
        #expect(try exit.get().status == 129)
        #expect(browser.terminal.isStopped)
    }

    /// The newest quake's title: the first row's, and what `d` `y` deletes.
    static func newestTitle(_ catalog: QuakeCatalog) throws -> String {
        try catalog.dbWriter.read { db in try String.fetchOne(db, sql: "SELECT title FROM quake ORDER BY time DESC LIMIT 1")! }
    }

    @Test func aDeleteWaitsForAnotherWriterWhileEveryKeyKeepsWorking() throws {
        let browser = try RunningBrowser()
        let first = try #require(browser.frame(showing: "4,711 quakes", row: 0))
        let title = try Self.newestTitle(browser.catalog)
        let holder = try WriteLockHolder(path: browser.catalog.path)
        browser.terminal.send(.character("d"))
        _ = try #require(browser.frame(showing: "Delete \(title)? y/n", row: 7))
        browser.terminal.send(.character("y"))
        let waiting = try #require(browser.frame(showing: "waiting for another writer…", row: 7))
        #expect(waiting.lines[2] == first.lines[2], "nothing deleted yet")
        // Keys work meanwhile: the selection moves to the second row.
        browser.terminal.send(.character("j"))
        let moved = try #require(browser.terminal.waitForFrame { $0.style(row: 3, column: 10).reverse })
        #expect(moved.lines[7] == "waiting for another writer…")
        try holder.commit()
        let deleted = try #require(browser.frame(showing: "deleted \(title)", row: 7))
        #expect(deleted.lines[7] == "deleted \(title)")
        _ = try #require(browser.frame(showing: "4,710 quakes", row: 0))
        #expect(try CatalogProbe.ids(browser.catalog.path).count == 4710)
        browser.terminal.send(.character("q"))
        #expect(try browser.exit()?.get() == .quit)
    }

    @Test func aDeleteThatWaitsPastTheBusyTimeoutSaysSoAndDeletesNothing() throws {
        let browser = try RunningBrowser(busyTimeout: 1)
        _ = try #require(browser.frame(showing: "4,711 quakes", row: 0))
        let holder = try WriteLockHolder(path: browser.catalog.path)
        browser.terminal.send(.character("d"), .character("y"))
        let failed = try #require(browser.frame(showing: "error:", row: 7))
        #expect(failed.lines[7] == "error: could not delete: the catalog stayed locked for 1 s")
        #expect(failed.lines[0] == " quakes-tui  quakes.sqlite  4,711 quakes  by time ▼")
        try holder.commit()
        #expect(try CatalogProbe.ids(browser.catalog.path).count == 4711)
        browser.terminal.send(.character("q"))
        #expect(try browser.exit()?.get() == .quit)
    }
}
