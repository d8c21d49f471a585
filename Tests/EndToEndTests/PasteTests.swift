import Foundation
import Testing
import TestSupport

/// 100 KB pasted into the filter or the predicate field: the browser keeps
/// up (the field holds 4,096 characters and says so), and q, Ctrl-C and
/// SIGTERM still end it at once with the terminal restored. (Before, the
/// field's scrolling was quadratic: such a paste spun for minutes, deaf to
/// every signal but SIGKILL.)
@Suite("Pasting", .timeLimit(.minutes(10)))
struct PasteTests {
    /// 100,002 characters, no newline (a newline would be Enter).
    static let paste = String(repeating: "alaska ", count: 14_286)
    /// How soon the browser must end once told to: long enough for a slow,
    /// shared machine, far below the minutes the paste took before.
    static let promptly: TimeInterval = 60

    static let fullNote = "the field holds at most 4,096 characters"

    @Test("a 100 KB paste into / keeps the last characters in view; Enter keeps the filter, q quits")
    func pasteIntoTheFilter() throws {
        let session = try TmuxSession()
        session.waitForTable()
        session.send("/")
        try session.paste(Self.paste)
        let kept = String(Self.paste.prefix(4096))
        let pane = session.waitUntil { $0.bottom.hasSuffix(String(kept.suffix(20))) && $0.contains(Self.fullNote) }
        // 120 columns: the prompt, the 117 characters before the cursor, the cursor.
        #expect(pane.bottom == "/" + String(kept.suffix(117)), "\(pane)")
        #expect(pane.lines[pane.lines.count - 2] == Self.fullNote, "\(pane)")
        #expect(pane.lines[2].contains("no quakes match"), "\(pane)")

        let quitting = Date()
        session.send("Enter")
        session.send("q")
        let (status, stty) = session.waitForExit(timeout: Self.promptly)
        #expect(status == 0, "\(stty)")
        #expect(Date().timeIntervalSince(quitting) < Self.promptly)
        TerminalTests.expectSaneTerminal(stty)
    }

    @Test("a 100 KB paste into : then Esc and q, or Ctrl-C, quits at once")
    func pasteIntoThePredicate() throws {
        for ending in [["Escape", "q"], ["C-c"]] {
            let session = try TmuxSession()
            session.waitForTable()
            session.send(":")
            try session.paste(Self.paste)
            let pane = session.waitUntil { $0.contains(Self.fullNote) }
            #expect(pane.bottom.hasPrefix(":") && pane.bottom.hasSuffix("alaska a"), "\(pane)")
            for key in ending { session.send(key) }
            let (status, stty) = session.waitForExit(timeout: Self.promptly)
            #expect(status == 0, "\(ending): \(stty)")
            TerminalTests.expectSaneTerminal(stty)
        }
    }

    @Test("SIGTERM and SIGHUP during a 100 KB paste end the browser with the terminal restored",
          arguments: [(SIGTERM, 143), (SIGHUP, 129)])
    func signalDuringAPaste(_ signal: Int32, _ expected: Int) throws {
        let session = try TmuxSession()
        session.waitForTable()
        let pid = try #require(session.appPID())
        session.send("/")
        try session.paste(Self.paste + Self.paste)
        #expect(kill(pid, signal) == 0)
        let (status, stty) = session.waitForExit(timeout: Self.promptly)
        #expect(status == expected, "\(stty)")
        TerminalTests.expectSaneTerminal(stty)
        #expect(!stty.contains("Fatal error") && !stty.contains("crashed"), "\(stty)")
    }
}
