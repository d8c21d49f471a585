import Foundation
@testable import QuakeQuery
import QuakeStore
import Synchronization
import Testing

/// Pages, the browser's values: what a commit delivers, and rows asked for
/// past the page. Over the real week catalog, with the controller's own
/// threads.
@Suite struct ResultsPageTests {
    final class PageLog: Sendable {
        private let pages = Mutex<[ResultsPage]>([])
        func append(_ page: ResultsPage) { pages.withLock { $0.append(page) } }
        var all: [ResultsPage] { pages.withLock { $0 } }

        /// Waits (up to 30 s) for a page that satisfies `test`.
        func wait(for test: (ResultsPage) -> Bool) async throws -> ResultsPage {
            for _ in 0..<3000 {
                if let page = all.last(where: test) { return page }
                try await Task.sleep(nanoseconds: 10_000_000)
            }
            throw CancellationError()
        }
    }

    /// A started controller over a new week catalog, logging its pages.
    static func started() throws -> (WeekCatalog, ResultsController, PageLog) {
        let week = try WeekCatalog()
        let controller = try ResultsController(week.catalog, configuration: FetchConfiguration())
        let log = PageLog()
        controller.onPage(log.append)
        try controller.start()
        return (week, controller, log)
    }

    /// The newest quake of the week is 09:12:13 UTC on 2018-06-14; this one comes after it.
    static let newer = singleQuakeFeed(id: "new0001", place: "Newer Ridge", magnitude: 3.3, time: 1_528_967_600_000)

    /// After another process's commit, the pages come counted only (the
    /// count never turns into "counting…" and back), and the new row comes
    /// with its mark in the same page.
    @Test func aCommitDeliversOnlyCountedPagesWithTheNewRowAndItsMark() async throws {
        let (week, controller, log) = try Self.started()
        defer { controller.stop() }
        let before = try await log.wait { $0.isComplete }
        #expect(log.all.first?.isComplete == false, "a new configuration shows its rows before its count")
        let delivered = log.all.count

        let other = try QuakeCatalog(path: week.catalog.path)   // another handle, as another process's
        _ = try QuakeImporter(catalog: other).importData(Data(Self.newer.utf8), name: "newer")
        let after = try await log.wait { $0.count == before.count! + 1 }
        let sinceCommit = log.all.dropFirst(delivered)
        #expect(sinceCommit.allSatisfy { $0.isComplete }, "no page after the commit is without its count")
        #expect(after.rows.first?.id == "new0001")
        #expect(after.recentlyChanged["new0001"] != nil, "the row's mark comes with the row")
        #expect(after.total == before.total! + 1)
    }

    /// Between a large import's commit and its building the changes' index
    /// again (a streaming open's rows, `Schema.deferredIndexes`), a commit's
    /// page comes counted, without marks rather than after a read of every
    /// row; once the index is built, marks come again.
    @Test func withoutTheChangesIndexPagesComeWithoutMarksUntilItIsBuilt() async throws {
        let (week, controller, log) = try Self.started()
        defer { controller.stop() }
        let before = try await log.wait { $0.isComplete }
        let other = try QuakeCatalog(path: week.catalog.path)
        try await other.dbWriter.write { db in try db.execute(sql: "DROP INDEX quake_changedAt") }
        _ = try QuakeImporter(catalog: other).importData(Data(Self.newer.utf8), name: "newer")
        let unmarked = try await log.wait { $0.count == before.count! + 1 && $0.isComplete }
        #expect(unmarked.rows.first?.id == "new0001")
        #expect(unmarked.recentlyChanged.isEmpty)

        let built = try other.buildPendingIndexes()
        #expect(built == 1)
        let newest = singleQuakeFeed(id: "new0002", place: "Newest Ridge", magnitude: 3.4, time: 1_528_967_700_000)
        _ = try QuakeImporter(catalog: other).importData(Data(newest.utf8), name: "newest")
        let marked = try await log.wait { $0.count == before.count! + 2 && $0.isComplete }
        #expect(marked.rows.first?.id == "new0002")
        #expect(marked.recentlyChanged["new0002"] != nil)
    }

    /// Rows past the page: `needRows` delivers the same results (generation,
    /// count) with those rows, in the order the catalog holds them.
    @Test func rowsPastThePageComeAsAPageOfTheSameResults() async throws {
        let (week, controller, log) = try Self.started()
        defer { controller.stop() }
        let counted = try await log.wait { $0.isComplete }
        #expect(counted.rowRange == 0..<200, "the first window, read with the first phase")
        controller.needRows(4000..<4020)
        let far = try await log.wait { $0.rowRange.contains(4000) }
        #expect(far.generation == counted.generation && far.count == counted.count)
        #expect(far.rowRange == 3900..<4120)
        let expected = oracleOrder(week.all, FetchConfiguration())
        #expect(far.rows.map(\.id) == expected[3900..<4120].map(\.id))
    }

    /// A commit landing between a fetch's two phases: the counted page is
    /// of one database state (its count and its rows agree), and the
    /// commit's own fetch brings both a page later.
    @Test func aCommitBetweenThePhasesNeverSplitsACountedPage() async throws {
        let (week, controller, log) = try Self.started()
        defer { controller.stop() }
        let before = try await log.wait { $0.isComplete }
        let other = try QuakeCatalog(path: week.catalog.path)
        let fired = Mutex(false)
        controller.betweenPhases = {
            guard fired.withLock({ let first = !$0; $0 = true; return first }) else { return }
            _ = try? QuakeImporter(catalog: other).importData(Data(Self.newer.utf8), name: "newer")
        }
        let delivered = log.all.count
        controller.update()
        let after = try await log.wait { $0.count == before.count! + 1 }
        #expect(fired.withLock { $0 })
        let counted = log.all.dropFirst(delivered).filter(\.isComplete)
        #expect(counted.count >= 2, "the fetch's own counted page, then the commit's")
        for page in counted {
            let holdsNew = page.rows.first?.id == "new0001"
            #expect(holdsNew == (page.count == before.count! + 1),
                    "count \(page.count ?? -1) with first row \(page.rows.first?.id ?? "none")")
        }
        #expect(after.rows.first?.id == "new0001")
    }

    /// Rows asked for past the page just after another process's commit,
    /// before the poll has seen it: they are not read from the newer state
    /// under the older count; the commit's counted page brings them.
    @Test func rowsAskedForAfterAnUnseenCommitComeWithTheirCount() async throws {
        let (week, controller, log) = try Self.started()
        defer { controller.stop() }
        let counted = try await log.wait { $0.isComplete }
        let other = try QuakeCatalog(path: week.catalog.path)
        _ = try QuakeImporter(catalog: other).importData(Data(Self.newer.utf8), name: "newer")
        let early = controller.rowsNow(4000..<4020)
        #expect(early?.rowRange == nil, "rows of the newer state under the older count")
        let far = try await log.wait { $0.count == counted.count! + 1 && $0.rowRange.contains(4000) }
        let now = try await week.catalog.dbWriter.read { db in try Quake.fetchAll(db, sql: "SELECT * FROM quake") }
        let expected = oracleOrder(now, FetchConfiguration())
        #expect(far.rows.map(\.id) == expected[far.rowRange].map(\.id))
    }
}
