import Foundation
import Testing
import TestSupport

/// A refresh from a server sending more than the download limit, in a real
/// terminal: before the limit, a declared length of 10^12 bytes crashed the
/// browser mid-refresh and left the terminal raw.
@Suite("Feed refresh over the download limit", .timeLimit(.minutes(10)))
struct FeedLimitRefreshTests {
    @Test("r on a server declaring 10^12 bytes shows the limit's error line; the browser goes on and quits cleanly")
    func hugeDeclaredBody() throws {
        let (session, _, _) = try FeedRefreshTests.failedRefresh("huge", reason: "body over the 1 GB limit")
        session.send("j")
        let pane = session.waitUntil { $0.bottom.hasPrefix("/ filter") }
        #expect(pane.top == FeedRefreshTests.idle.replacingOccurrences(of: "row 1", with: "row 2"), "j moved down: \(pane)")
        session.send("q")
        let (status, stty) = session.waitForExit()
        #expect(status == 0, "\(stty)")
        TerminalTests.expectSaneTerminal(stty)
    }
}
