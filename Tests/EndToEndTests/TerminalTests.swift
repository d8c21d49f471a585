import Foundation
import Testing
import TestSupport

/// The browser as a terminal program: live updates from another process,
/// resizing, leaving the terminal sane, refusing to run without one.
@Suite("Terminal", .timeLimit(.minutes(10)))
struct TerminalTests {
    @Test("an import by another process shows up live, its rows marked + and counted until a key, then for 30 s")
    func liveImport() throws {
        let session = try TmuxSession()
        var pane = session.waitForTable()
        #expect(!pane.rows.contains { $0.mark == "+" })
        let day = Oracle.day2014.sorted { $0.time > $1.time }
        #expect(day.count == 146 && Set(day.map(\.id)).isDisjoint(with: Oracle.week.map(\.id)))

        let result = try runQuakesTUI(["import", "--db", session.db, Fixture.day2014])
        #expect(result.status == 0, "\(result.stderr)")
        pane = session.waitUntil { $0.top.contains("  4,857 quakes") }
        #expect(pane.top == " quakes-tui  quakes.sqlite  4,857 quakes  row 1  +146 new since you looked  by time ▼", "\(pane)")
        // 2014 is older than the whole week: the new rows are at the end.
        #expect(pane.rows.first?.time == Oracle.newestFirst[0].utcSecond)
        #expect(!pane.rows.contains { $0.mark == "+" })
        session.send("G")
        pane = session.waitUntil { $0.rows.last?.time == day.last?.utcSecond }
        #expect(pane.rows.map(\.time) == day.suffix(37).map(\.utcSecond), "\(pane)")
        #expect(pane.rows.allSatisfy { $0.mark == "+" }, "\(pane)")

        // A quake newer than the week comes first, marked.
        let extras = TemporaryFolder()
        let feed = extras.write("newer.geojson", """
            {"type":"FeatureCollection","features":[{"type":"Feature","id":"zz9100001","properties":{"mag":4.4,\
            "place":"12 km NE of Nowhere Springs, Nevada","time":1529000000000,"updated":1529000000000,"net":"zz",\
            "code":"9100001","title":"M 4.4 - 12 km NE of Nowhere Springs, Nevada","url":"https://example.org/zz9100001",\
            "status":"reviewed","type":"earthquake","magType":"mb"},"geometry":{"type":"Point","coordinates":[-117.1,39.2,8.0]}}]}
            """)
        let newer = try #require(Oracle.load(feed).first)
        #expect(newer.utcSecond == "2018-06-14 18:13:20")
        #expect(try runQuakesTUI(["import", "--db", session.db, feed]).status == 0)
        // `G` was a look: only the newer quake is counted, until `g`.
        pane = session.waitUntil { $0.top.contains("  4,858 quakes") }
        #expect(pane.top.contains("  +1 new since you looked  "), "\(pane)")
        session.send("g")
        pane = session.waitUntil { $0.rows.first?.time == newer.utcSecond && !$0.top.contains("since you looked") }
        #expect(pane.top == " quakes-tui  quakes.sqlite  4,858 quakes  row 1  by time ▼", "\(pane)")
        let first = try #require(pane.rows.first)
        #expect(first.time == newer.utcSecond)
        #expect(first.mark == "+", "\(pane)")
        #expect(first.shows(place: newer.place))
        #expect(pane.rows.dropFirst().allSatisfy { $0.mark == "" }, "the week's rows are not marked")

        // The mark goes 30 s after the look.
        pane = session.waitUntil(timeout: 90) { $0.rows.first?.mark == "" }
        #expect(pane.rows.first?.mark == "", "\(pane)")
        #expect(pane.rows.first?.time == newer.utcSecond)
    }

    @Test("a too small terminal says so; growing it back shows the table; 80 columns drop columns")
    func resize() throws {
        let session = try TmuxSession()
        session.waitForTable()
        session.resize(width: 30, height: 6)
        var pane = session.waitUntil { $0.contains("terminal too small") }
        #expect(pane.lines.contains { $0.trimmingCharacters(in: .whitespaces) == "terminal too small" }, "\(pane)")
        #expect(pane.lines.contains { $0.trimmingCharacters(in: .whitespaces) == "40x8 needed, now 30x6" }, "\(pane)")
        #expect(!pane.contains("quakes-tui"))

        session.resize(width: 120, height: 40)
        pane = session.waitUntil { $0.rows.count == 37 }
        #expect(pane.top == " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by time ▼", "\(pane)")
        #expect(pane.label("Time") == "1 Time ▼")
        #expect(pane.rows.first?.time == Oracle.newestFirst[0].utcSecond)
        #expect(pane.bottom == SortingTests.hints)
        #expect(!pane.contains("terminal too small"))

        session.resize(width: 80, height: 24)
        pane = session.waitUntil { $0.lines.count == 24 && $0.rows.count == 21 }
        #expect(pane.lines.count == 24 && pane.rows.count == 21, "\(pane)")
        #expect(pane.label("Time") == "1 Time ▼")
        #expect(pane.label("Place") == "3 Place")
        #expect(!pane.header.contains("Lat"), "optional columns go when narrow\(pane)")
        #expect(pane.rows.map(\.time) == Oracle.newestFirst.prefix(21).map(\.utcSecond))
        for (row, quake) in zip(pane.rows, Oracle.newestFirst) { #expect(row.shows(place: quake.place), "\(row)") }
    }

    /// The words of `stty -a`'s output.
    static func sttyFlags(_ text: String) -> Set<String> {
        Set(text.split { $0 == " " || $0 == ";" || $0 == "\n" }.map(String.init))
    }

    static func expectSaneTerminal(_ stty: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let flags = sttyFlags(stty)
        for flag in ["icanon", "echo", "isig", "icrnl", "opost"] {
            #expect(flags.contains(flag) && !flags.contains("-" + flag), "stty: \(flag)\n\(stty)", sourceLocation: sourceLocation)
        }
    }

    @Test("q quits with status 0 and leaves the terminal sane")
    func quit() throws {
        let session = try TmuxSession()
        session.waitForTable()
        session.send("q")
        let (status, stty) = session.waitForExit()
        #expect(status == 0, "\(stty)")
        Self.expectSaneTerminal(stty)
        #expect(!stty.contains("1 Time"), "the table is gone: the normal screen is back")
    }

    @Test("Ctrl-C quits with status 0 and leaves the terminal sane")
    func controlC() throws {
        let session = try TmuxSession()
        session.waitForTable()
        session.send("C-c")
        let (status, stty) = session.waitForExit()
        #expect(status == 0, "\(stty)")
        Self.expectSaneTerminal(stty)
    }

    // SIGINT, SIGTERM and SIGHUP: SignalTests.

    @Test("without a terminal the browser refuses to start in one line, exit 1 (a failure, not a usage error)")
    func noTerminal() throws {
        let folder = TemporaryFolder()
        let db = folder.file("quakes.sqlite")
        #expect(try runQuakesTUI(["import", "--db", db, Fixture.week]).status == 0)
        for arguments in [["--db", db], ["browse", "--db", db]] {
            let result = try runQuakesTUI(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr == "error: the browser needs a terminal (stdin and stdout are not both a TTY); "
                    + "use 'quakes-tui list' for pipes and files\n", "\(result.stderr)")
            #expect(result.stdout.isEmpty, "no curses output on a pipe: \(result.stdout.debugDescription)")
        }
    }
}
