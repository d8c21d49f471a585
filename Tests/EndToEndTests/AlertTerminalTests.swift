import Foundation
import Testing
import TestSupport

/// `--alert` in a real terminal: `r` imports a day whose one quake of M7 or
/// more newly matches; the banner shows above the bottom line until a key.
@Suite("Alert banner", .timeLimit(.minutes(10)))
struct AlertTerminalTests {
    @Test("a refresh that brings a matching quake shows the ALERT banner; a key puts it away")
    func bannerAfterRefresh() throws {
        let server = try FeedServer()
        let session = try TmuxSession(arguments: ["--url", server.url(FeedRefreshTests.day), "--alert", "magnitude >= 7"])
        session.waitForTable()
        session.send("r")
        var pane = session.waitUntil { $0.lines.count > 2 && $0.lines[$0.lines.count - 2].contains("ALERT") }
        #expect(pane.lines[pane.lines.count - 2]
                    == " ALERT  M7.4  111km S of Kirakira, Solomon Islands  2014-04-13 12:36:18 UTC", "\(pane)")
        #expect(pane.top.contains("4,857 quakes"), "\(pane)")
        session.send("j")
        pane = session.waitUntil { !$0.lines[$0.lines.count - 2].contains("ALERT") }
        #expect(!pane.contains("ALERT"), "\(pane)")
        #expect(pane.bottom == SortingTests.hints, "\(pane)")
    }
}
