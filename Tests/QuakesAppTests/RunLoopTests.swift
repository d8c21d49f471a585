import Foundation
import QuakeQuery
import QuakeStore
@testable import QuakeViews
import TerminalUI
import Testing
import TestSupport
@testable import QuakesApp

/// The real run loop (poll on input, inbox and signal pipe; events; frames)
/// driven through an in-memory terminal: keys, snapshots arriving from the
/// controller's thread, an import by someone else, a resize, a signal,
/// quitting. Serialized: a run loop installs process-wide signal handlers.
/// Frames are compared whole, as in `BrowseScreenTests`; the terminal is
/// seventy columns wide, where rows show no ages (which would count from
/// the real clock).
@Suite(.serialized, .timeLimit(.minutes(10)))
struct RunLoopTests {
    @Test func keysSortTheTableInTheKeysOwnFrameUnlessTheRowsAreSlowThenQQuits() throws {
        let browser = try RunningBrowser()
        let first = try #require(browser.frame(showing: "4,711 quakes", row: 0))
        expectScreen(first, lines: [
            " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by time ▼",
            "  1 Time ▼              2 Mag 3 Place                         4 Depth",
            "  2018-06-14 09:12:13     2.9 5km SW of Volcano, Hawaii           1.5",
            "  2018-06-14 09:11:44     2.1 1km W of Volcano, Hawaii            0.5",
            "  2018-06-14 09:09:46     0.6 9km NE of Aguanga, CA               4.3",
            "  2018-06-14 09:08:57     3.0 6km SW of Volcano, Hawaii           0.8",
            "  2018-06-14 09:08:20     2.9 7km SW of Volcano, Hawaii           0.3",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit",
        ], styles: [
            "######################################################################",
            "  uuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb",
            "######################OOOOOOO#########################################",
            "                      ooooooo",
            "                      ggggggg",
            "                      rrrrrrr",
            "                      ooooooo",
            "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
        let before = browser.terminal.frames.count

        browser.terminal.send(.character("2"))
        let sorted = try #require(browser.frame(showing: "4,711 quakes  row 1  by mag ▼", row: 0))
        let frames = Array(browser.terminal.frames.dropFirst(before))
        // The frame drawn for the key itself: the loop waits up to
        // `rowsWait` for the new rows, so it is the sorted frame below (one
        // frame to the rows). Only when the rows are slower (a loaded
        // machine) is it drawn before them: the new mark dimmed over rows
        // still by time, Time's mark gone, pending too, and the top line
        // still says what the rows are. Frames the loop drew before it read
        // the key (the clock's tick, an idle check's answer) are the first again.
        let pending = try #require(frames.first { $0 != first })
        if pending.lines[0].hasSuffix("by mag ▼") {
            #expect(Array(pending.lines.dropFirst()) == Array(sorted.lines.dropFirst()), "the key's frame shows its rows")
            #expect([" quakes-tui  quakes.sqlite  counting…  by mag ▼", sorted.lines[0]].contains(pending.lines[0]),
                    "its count, or the count marked pending")
        } else { expectScreen(pending, lines: [
            " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by time ▼",
            "  1 Time              2 Mag ▼ 3 Place                         4 Depth",
            "  2018-06-14 09:12:13     2.9 5km SW of Volcano, Hawaii           1.5",
            "  2018-06-14 09:11:44     2.1 1km W of Volcano, Hawaii            0.5",
            "  2018-06-14 09:09:46     0.6 9km NE of Aguanga, CA               4.3",
            "  2018-06-14 09:08:57     3.0 6km SW of Volcano, Hawaii           0.8",
            "  2018-06-14 09:08:20     2.9 7km SW of Volcano, Hawaii           0.3",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit",
        ], styles: [
            "######################################################################",
            "  vvvvvvvvvvvvvvvvvvv ddddddd bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb",
            "######################OOOOOOO#########################################",
            "                      ooooooo",
            "                      ggggggg",
            "                      rrrrrrr",
            "                      ooooooo",
            "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], "the pending mark is dimmed; Time loses its mark, pending too") }
        // The rows arrive: the biggest quakes first, the marks bold again.
        expectScreen(sorted, lines: [
            " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by mag ▼",
            "  1 Time              2 Mag ▼ 3 Place                         4 Depth",
            "  2018-06-12 23:08:28     5.8 94km SW of Muara Siberut, Ind…     10.0",
            "  2018-06-14 06:27:39     5.6 275km W of Puerto Chacabuco, …     10.0",
            "  2018-06-13 06:59:01     5.4 70km WSW of Muara Siberut, In…     10.0",
            "  2018-06-12 23:32:45     5.4 99km S of Isangel, Vanuatu         51.0",
            "  2018-06-11 19:54:21     5.4 22km SE of Kushima, Japan          30.3",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit",
        ], styles: [
            "######################################################################",
            "  uuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb",
            "######################MMMMMMM#########################################",
            "                      mmmmmmm",
            "                      mmmmmmm",
            "                      mmmmmmm",
            "                      mmmmmmm",
            "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
        let biggest = try browser.catalog.dbWriter.read { db in
            try Double.fetchAll(db, sql: "SELECT magnitude FROM quake ORDER BY magnitude DESC LIMIT 5")
        }
        #expect(biggest.map { String(format: "%.1f", $0) } == ["5.8", "5.6", "5.4", "5.4", "5.4"], "the catalog's five biggest")
        // No frame shows a mark its rows do not have: every frame with the
        // sorted frame's header (its text and styles) says so on its top line.
        let header = (sorted.fullLines[1], sorted.styleMask(Legend.browse)[1])
        for frame in frames where (frame.fullLines[1], frame.styleMask(Legend.browse)[1]) == header {
            #expect(frame.lines[0].hasSuffix("by mag ▼"), "\(frame.lines)")
        }

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
        // The newest row, marked new: bold with a `+`, and selected ('B' bold
        // reverse; 'X' its magnitude, red bold reverse); counted in the top
        // line (cut at 70 columns) until a key.
        expectScreen(shown, lines: [
            " quakes-tui  quakes.sqlite  4,712 quakes  row 1  +1 new since you look",
            "  1 Time ▼              2 Mag 3 Place                         4 Depth",
            "+ 2018-06-14 09:55:00     3.3 New Ridge                          10.0",
            "  2018-06-14 09:12:13     2.9 5km SW of Volcano, Hawaii           1.5",
            "  2018-06-14 09:11:44     2.1 1km W of Volcano, Hawaii            0.5",
            "  2018-06-14 09:09:46     0.6 9km NE of Aguanga, CA               4.3",
            "  2018-06-14 09:08:57     3.0 6km SW of Volcano, Hawaii           0.8",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit",
        ], styles: [
            "######################################################################",
            "  uuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb",
            "BBBBBBBBBBBBBBBBBBBBBBXXXXXXXBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
            "                      ooooooo",
            "                      ooooooo",
            "                      ggggggg",
            "                      rrrrrrr",
            "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], legend: Legend.browse([Style(foreground: .red, bold: true, reverse: true): "X"]), "the newest row, marked new")
        browser.terminal.send(.control("c"))
        #expect(try browser.exit()?.get() == .quit)
    }

    @Test func aResizeRedrawsAtTheNewSize() throws {
        let browser = try RunningBrowser()
        _ = try #require(browser.frame(showing: "4,711 quakes", row: 0))
        browser.terminal.resize(width: 30, height: 6)
        let small = try #require(browser.terminal.waitForFrame { $0.width == 30 && $0.height == 6 })
        expectScreen(small, lines: ["", "", "      terminal too small", "    40x8 needed, now 30x6", "", ""],
                     styles: ["", "", "", "", "", ""])
        browser.terminal.resize(width: 60, height: 9)
        let back = try #require(browser.terminal.waitForFrame { $0.width == 60 && $0.height == 9 })
        expectScreen(back, lines: [
            " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by time ▼",
            "  1 Time ▼              2 Mag 3 Place               4 Depth",
            "  2018-06-14 09:12:13     2.9 5km SW of Volcano, …      1.5",
            "  2018-06-14 09:11:44     2.1 1km W of Volcano, H…      0.5",
            "  2018-06-14 09:09:46     0.6 9km NE of Aguanga, …      4.3",
            "  2018-06-14 09:08:57     3.0 6km SW of Volcano, …      0.8",
            "  2018-06-14 09:08:20     2.9 7km SW of Volcano, …      0.3",
            "  2018-06-14 09:07:01     2.9 3km SW of Volcano, …      0.6",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? he",
        ], styles: [
            "############################################################",
            "  uuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbb bbbbbbbb",
            "######################OOOOOOO###############################",
            "                      ooooooo",
            "                      ggggggg",
            "                      rrrrrrr",
            "                      ooooooo",
            "                      ooooooo",
            "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
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
        try catalog.dbWriter.read { db in try Quake.fetchOne(db, sql: "SELECT * FROM quake ORDER BY time DESC LIMIT 1")!.title }
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
        #expect(failed.lines[0] == " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by time ▼")
        try holder.commit()
        #expect(try CatalogProbe.ids(browser.catalog.path).count == 4711)
        browser.terminal.send(.character("q"))
        #expect(try browser.exit()?.get() == .quit)
    }

    /// Lets the index builds that wait on `holder` go, then waits for a
    /// frame after that whose top line says they are done.
    private func frameAfterIndexing(_ browser: RunningBrowser, releasing holder: WriteLockHolder?,
                                    topLine done: (String) -> Bool) throws -> Screen? {
        let framesBefore = browser.terminal.frames.count
        try holder?.commit()
        return browser.terminal.waitForFrame(from: framesBefore) { done($0.lines[0]) }
    }

    /// A large import leaves the rarely sorted columns' indexes (sig,
    /// felt) unbuilt; sorting by one builds its index, `indexing…` meanwhile.
    @Test func sortingByARarelySortedColumnBuildsItsIndex() throws {
        var holder: WriteLockHolder?
        let browser = try RunningBrowser(configuration: FetchConfiguration(sortKeys: [SortKey(.sig, ascending: false)])) { catalog in
            try CatalogProbe.execute(catalog.path, "DROP INDEX quake_sig; DROP INDEX quake_felt")
            holder = try WriteLockHolder(path: catalog.path)   // the build waits, so the frame between shows
        }
        #expect(try browser.catalog.pendingIndexes() == [], "not left pending: built when sorted by")
        let indexing = try #require(browser.frame(showing: "4,711 quakes  row 1  indexing…", row: 0))
        #expect(indexing.lines[0].hasSuffix("by sig ▼"), "\(indexing.lines[0])")
        let built = try frameAfterIndexing(browser, releasing: holder) { $0.contains("4,711 quakes  row 1  by sig ▼") }
        #expect(built != nil, "the top line no longer says indexing…")
        #expect(try browser.catalog.missingSortIndexes(forColumns: ["sig", "felt"]) == ["quake_felt"],
                "only the index of the sort's column")
        browser.terminal.send(.character("q"))
        #expect(try browser.exit()?.get() == .quit)
    }

    /// A predicate comparing such a column (`net`) builds its index too:
    /// the sort stays by time, so only the filter can ask for it.
    @Test func filteringOnARarelyUsedColumnBuildsItsIndex() throws {
        var holder: WriteLockHolder?
        var akQuakes = 0
        let configuration = FetchConfiguration(predicate: try QuakePredicate("net == \"ak\""))
        let browser = try RunningBrowser(configuration: configuration) { catalog in
            try CatalogProbe.execute(catalog.path, "DROP INDEX quake_net; DROP INDEX quake_type")
            // Counted before the lock is taken: no other connection opens
            // and closes beside the browser's while the holder writes.
            akQuakes = try CatalogProbe.count(catalog.path, where: "net = 'ak'")
            holder = try WriteLockHolder(path: catalog.path)   // the build waits, so the frame between shows
        }
        let top = " quakes-tui  quakes.sqlite  \(Formatting.count(akQuakes)) of 4,711 quakes  row 1"
        #expect(browser.frame(showing: top + "  indexing…", row: 0) != nil, "net's index is missing while the filter shows")
        let built = try frameAfterIndexing(browser, releasing: holder) { $0.hasPrefix(top) && !$0.contains("indexing…") }
        #expect(built != nil, "the top line no longer says indexing…")
        #expect(try browser.catalog.missingSortIndexes(forColumns: ["net", "type"]) == ["quake_type"],
                "only the index of the column the predicate compares")
        browser.terminal.send(.character("q"))
        #expect(try browser.exit()?.get() == .quit)
    }

    /// The state a kill leaves between a large import's commit and its
    /// index builds (or another process's import still building them): the
    /// browser builds what is missing, and says `indexing…` meanwhile.
    @Test func indexesLeftToBuildAreBuiltWhileTheTopLineSaysIndexing() throws {
        var holder: WriteLockHolder?
        let browser = try RunningBrowser { catalog in
            try CatalogProbe.execute(catalog.path, "DROP INDEX quake_magnitude; DROP INDEX quake_depth")
            holder = try WriteLockHolder(path: catalog.path)   // the builds wait, so the frame between shows
        }
        #expect(try browser.catalog.pendingIndexes() == ["quake_magnitude", "quake_depth"])
        let indexing = try #require(browser.frame(showing: "4,711 quakes  row 1  indexing…", row: 0))
        #expect(indexing.lines[0] == " quakes-tui  quakes.sqlite  4,711 quakes  row 1  indexing…  by time ▼")
        let built = try frameAfterIndexing(browser, releasing: holder) { $0 == " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by time ▼" }
        #expect(built != nil, "the top line no longer says indexing…")
        #expect(try browser.catalog.pendingIndexes() == [])
        browser.terminal.send(.character("q"))
        #expect(try browser.exit()?.get() == .quit)
    }
}
