import Foundation
import Testing
import TestSupport

/// `list` on a terminal says when it printed fewer quakes than there are;
/// in a pipe (every other CLI test) the output is the rows alone.
@Suite(.timeLimit(.minutes(20)))
struct ListFooterTests {
    @Test("on a terminal the table ends with how many it showed of how many")
    func footerOnATerminal() throws {
        let folder = TemporaryFolder()
        let db = folder.file("q.sqlite")
        #expect(try runQuakesTUI(["import", "--db", db, Fixture.week]).status == 0)
        let count = try Fixture.features(Fixture.week).count
        let run = try PaneCommand(["list", "--db", db, "-n", "3"])
        let (status, output, pane) = run.waitForExit()
        #expect(status == 0, "\(output)")
        #expect(output.count == 5 && output.first == "TIME (UTC)           MAG   DEPTH  PLACE" && output.last == "(3 of \(count.formatted(.number.locale(Locale(identifier: "en_US")))); --limit 0 for all)",
                "\(output)")
        // All of them shown: nothing to say.
        let few = try PaneCommand(["list", "--db", db, "-w", "magnitude >= 6"])
        let (_, fewOutput, fewPane) = few.waitForExit()
        #expect(!fewOutput.contains { $0.hasPrefix("(") }, "\(fewPane)")
        let piped = try runQuakesTUI(["list", "--db", db, "-n", "3"])
        #expect(piped.stdout.split(separator: "\n").count == 4, "a header and three rows, no footer in a pipe")
    }
}

/// Numbers with separators for a person at a terminal, as scripts always
/// read them in a pipe.
@Suite(.timeLimit(.minutes(20)))
struct TerminalNumberTests {
    @Test("import on a terminal says 4,711 new; in a pipe 4711 new")
    func importSummary() throws {
        let folder = TemporaryFolder()
        let db = folder.file("q.sqlite")
        let run = try PaneCommand(["import", "--db", db, Fixture.week])
        let (status, output, pane) = run.waitForExit()
        #expect(status == 0, "\(pane)")
        #expect(output.last == "imported \(Fixture.week): 4,711 new, 0 updated, 0 unchanged, 0 skipped", "\(output)")
        let piped = try runQuakesTUI(["import", "--db", db, Fixture.week])
        #expect(piped.stdout == "imported \(Fixture.week): 0 new, 0 updated, 4711 unchanged, 0 skipped\n")
    }
}
