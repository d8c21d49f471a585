import Foundation
import Testing
import TestSupport

/// Views in the real binary: the browser reopens on what it last showed
/// (`--fresh` does not), `w` saves a view that `'` lists and `list --view`
/// prints, `t` switches the times to UTC, `y` copies through OSC 52.
@Suite("Views", .timeLimit(.minutes(10)))
struct ViewTests {
    @Test("the browser reopens on the filter, sort and panes it last showed; --fresh starts from the defaults")
    func restoreAfterRelaunch() throws {
        let session = try TmuxSession()
        session.waitForTable()
        session.type("/alaska")
        session.send("Enter")
        session.send("2")
        session.send("m")
        _ = session.waitUntil { $0.top.contains("by mag ▼") && $0.lines[19].hasPrefix("316 quakes, lat") }
        session.send("q")
        #expect(session.waitForExit().status == 0)

        try session.relaunch()
        var pane = session.waitUntil { $0.top.contains("316 of 4,711") && $0.lines[19].hasPrefix("316 quakes, lat") }
        #expect(pane.top == #" quakes-tui  quakes.sqlite  316 of 4,711 quakes  row 1  filter "alaska"  by mag ▼"#, "\(pane)")
        #expect(pane.lines[19] == "316 quakes, lat -90…90, lon -180…180", "\(pane)")
        let biggest = Oracle.week.filter { $0.place.lowercased().contains("alaska") }
            .sorted { ($0.magnitude ?? -9, $0.id) > ($1.magnitude ?? -9, $1.id) }[0]   // ties by id, descending
        #expect(pane.lines[21].contains(biggest.utcSecond), "\(pane)")
        session.send("q")
        #expect(session.waitForExit().status == 0)

        try session.relaunch(arguments: ["--fresh"])
        pane = session.waitUntil { $0.top.contains("4,711 quakes") && !$0.top.contains("of") }
        #expect(pane.top == " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by time ▼", "\(pane)")
        #expect(pane.rows.first?.time == Oracle.newestFirst[0].utcSecond)
    }

    @Test("w saves the view, ' lists it, list --view prints what list --where --sort prints")
    func savedViews() throws {
        let session = try TmuxSession()
        session.waitForTable()
        session.type(":magnitude >= 4.5")
        session.send("Enter")
        session.send("2")
        _ = session.waitUntil { $0.top.contains("by mag ▼") }
        session.type("wbig ones")
        session.send("Enter")
        var pane = session.waitUntil { $0.bottom.hasPrefix("saved view") }
        #expect(pane.bottom == "saved view big ones")
        session.send("'")
        pane = session.waitUntil { $0.contains("Saved views") }
        #expect(pane.lines[3].hasPrefix(" big ones  by mag ▼  where magnitude >= 4.5"), "\(pane)")
        session.send("Escape")
        session.send("q")
        #expect(session.waitForExit().status == 0)

        let environment = ["XDG_STATE_HOME": session.folder.file("state")]
        let viewed = try runQuakesTUI(["list", "--db", session.db, "--view", "big ones", "--format", "csv"],
                                      environment: environment)
        let direct = try runQuakesTUI(["list", "--db", session.db, "--where", "magnitude >= 4.5", "--sort", "-magnitude",
                                       "--format", "csv"], environment: environment)
        #expect(viewed.status == 0 && direct.status == 0)
        let expectedRows = Oracle.week.filter { ($0.magnitude ?? 0) >= 4.5 }.count
        #expect(viewed.stdout.split(separator: "\n").count == 1 + expectedRows)
        #expect(viewed.stdout == direct.stdout)

        let missing = try runQuakesTUI(["list", "--db", session.db, "--view", "small ones"], environment: environment)
        #expect(missing.status == 64)
        #expect(missing.stderr == "error: --view: no saved view named 'small ones' (saved: big ones)\nSee 'quakes-tui list --help'.\n")
    }

    @Test("t shows the times in UTC and says so in the top line; y copies the event page's address")
    func utcAndCopy() throws {
        let session = try TmuxSession(timeZone: "Asia/Tokyo")
        session.waitUntil { $0.rows.count > 5 }
        let newest = Oracle.newestFirst[0]
        let tokyo = Oracle.utc(milliseconds: newest.time + 9 * 3_600_000, fraction: false)
        #expect(session.capture()[2].contains(tokyo))
        #expect(session.capture()[0] == " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by time ▼  times JST", "as date +%Z names Asia/Tokyo")
        session.send("t")
        let pane = session.waitUntil { $0.top.contains("times UTC") }
        #expect(pane.top == " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by time ▼  times UTC", "\(pane)")
        #expect(pane.lines[2].contains(newest.utcSecond), "\(pane)")

        _ = try session.tmux(["set-option", "-g", "set-clipboard", "on"])
        session.send("y")
        let url = "https://earthquake.usgs.gov/earthquakes/eventpage/\(newest.id)"
        let copied = session.waitUntil { $0.bottom.hasPrefix("copied") }
        #expect(copied.bottom == "copied \(url) (OSC 52)")
        var buffer = ""
        for _ in 0..<50 where buffer != url {
            buffer = (try? session.tmux(["show-buffer"])) ?? ""
            usleep(100_000)
        }
        #expect(buffer == url)
    }
}
