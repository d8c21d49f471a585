import Foundation
import Testing
import TestSupport

/// A feed whose place holds an xterm title sequence, BEL, a newline and a
/// C1 CSI, seen in a real terminal: shown as `^[`, `^G`, `^J` and U+FFFD,
/// every row one line, and the terminal's title left alone.
@Suite("Control characters in a terminal", .timeLimit(.minutes(10)))
struct ControlCharacterTerminalTests {
    static let shownPlace = "^[]0;TITLE^GEvil^JPlace\u{FFFD}"

    static func evilFeed(in folder: TemporaryFolder) -> String {
        folder.write("evil.geojson", singleQuakeFeed(id: "zz0001", place: #"\u001b]0;TITLE\u0007Evil\nPlace\u009b"#,
                                                     magnitude: 2.5, time: 1_528_970_000_000, latitude: 2, longitude: 1))
    }

    @Test("the browser shows the place visibly in its row and the title stays")
    func browser() throws {
        let feeds = TemporaryFolder()
        let session = try TmuxSession(extraImports: [Self.evilFeed(in: feeds)])
        let pane = session.waitForTable()
        #expect(pane.rows.first?.place == Self.shownPlace, "\(pane)")
        #expect(pane.rows.first?.time == "2018-06-14 09:53:20", "\(pane)")
        #expect(pane.rows.dropFirst().first?.place == "5km SW of Volcano, Hawaii", "the next row is its own line: \(pane)")
        #expect(pane.rows.count == pane.body.count, "every body line is a row: \(pane)")
        let title = try session.tmux(["display-message", "-p", "-t", session.target, "#{pane_title}"])
        #expect(!title.contains("TITLE"), "no OSC reached the terminal: the title is \(title)")
    }

    @Test("list's table shows the place visibly and the title stays")
    func list() throws {
        let folder = TemporaryFolder()
        let db = folder.file("q.sqlite")
        #expect(try runQuakesTUI(["import", "--db", db, Self.evilFeed(in: folder)]).status == 0)
        let run = try PaneCommand(["list", "--db", db])
        let (status, output, pane) = run.waitForExit()
        #expect(status == 0, "\(pane)")
        #expect(output == ["TIME (UTC)           MAG   DEPTH  PLACE", "2018-06-14 09:53:20   2.5    10.0  \(Self.shownPlace)"], "\(pane)")
        let title = try run.title()
        #expect(!title.contains("TITLE"), "no OSC reached the terminal: the title is \(title)")
    }
}
