import Foundation
import Testing
import TestSupport

/// A refresh from a server sending more than the download limit, in a real
/// terminal: before the limit, a declared length of 10^12 bytes crashed the
/// browser mid-refresh and left the terminal raw.
@Suite("Feed refresh over the download limit", .timeLimit(.minutes(3)))
struct FeedLimitRefreshTests {
    @Test("r on a server declaring 10^12 bytes shows the limit's error line; the browser goes on and quits cleanly")
    func hugeDeclaredBody() throws {
        let server = try FeedServer()
        let url = server.url("huge")
        let session = try TmuxSession(arguments: ["--url", url])
        session.waitForTable()
        session.send("r")
        var pane = session.waitUntil { $0.bottom.hasPrefix("error:") }
        #expect(pane.bottom == "error: fetch \(url): body over the 1 GB limit", "\(pane)")
        #expect(pane.top == FeedRefreshTests.idle, "\(pane)")
        session.send("j")
        pane = session.waitUntil { $0.bottom.hasPrefix("/ filter") }
        #expect(pane.top == FeedRefreshTests.idle, "\(pane)")
        session.send("q")
        let (status, stty) = session.waitForExit()
        #expect(status == 0, "\(stty)")
        TerminalTests.expectSaneTerminal(stty)
    }
}
