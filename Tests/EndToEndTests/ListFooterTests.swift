import Foundation
import Testing
import TestSupport

/// `list` on a terminal says when it printed fewer quakes than there are;
/// in a pipe (every other CLI test) the output is the rows alone.
@Suite(.timeLimit(.minutes(5)))
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
