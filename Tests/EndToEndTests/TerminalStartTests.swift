import Foundation
import Testing
import TestSupport

/// How the browser starts on terminals it cannot use, or can barely: one
/// line before anything is opened or created; a message that fits.
@Suite("Terminal start", .timeLimit(.minutes(10)))
struct TerminalStartTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let environment: [String: String]
        let unset: [String]
        let line: String
        var testDescription: String { name }
    }

    static let advice = "set TERM (e.g. xterm-256color), or use quakes-tui list"
    static let cases = [
        Case(name: "TERM=foo", environment: ["TERM": "foo"], unset: [],
             line: "error: terminal 'foo' is unknown to ncurses; \(advice)"),
        Case(name: "TERM=dumb", environment: ["TERM": "dumb"], unset: [],
             line: "error: terminal 'dumb' cannot move the cursor; \(advice)"),
        Case(name: "no TERM", environment: [:], unset: ["TERM"], line: "error: TERM is not set; \(advice)"),
        Case(name: "TERM empty", environment: ["TERM": ""], unset: [], line: "error: TERM is not set; \(advice)"),
    ]

    @Test("a terminal ncurses cannot drive is one line and exit 1 (a failure, not a usage error); no catalog is created",
          arguments: cases)
    func unusableTerminal(_ terminal: Case) throws {
        let folder = TemporaryFolder()
        let db = folder.file("new.sqlite")
        let run = try PaneCommand(["--db", db], environment: terminal.environment, unset: terminal.unset)
        let (status, output, pane) = run.waitForExit()
        #expect(output == [terminal.line], "\(pane)")
        #expect(status == 1, "\(pane)")
        #expect(!FileManager.default.fileExists(atPath: db), "nothing created, nothing seeded")
        TerminalTests.expectSaneTerminal(pane)
    }

    @Test("at 20x5 the too-small message fits, its words wrapped; enlarged, the table shows")
    func tooSmall() throws {
        let session = try TmuxSession(width: 20, height: 5)
        let pane = session.waitUntil { $0.contains("terminal too small") && $0.contains("20x5") }
        #expect(pane.lines == ["", " terminal too small", "  40x8 needed, now", "        20x5", ""], "\(pane)")
        session.resize(width: 100, height: 10)
        let table = session.waitForTable()
        #expect(table.top.hasPrefix(" quakes-tui  quakes.sqlite  4,711 quakes  row 1"), "\(table)")
    }
}
