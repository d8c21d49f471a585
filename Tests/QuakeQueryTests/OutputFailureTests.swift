import Foundation
import TestSupport
import Testing

/// Standard output that cannot be written: a reader that stopped
/// (`| head -1`) ends the program quietly, as it ends other Unix tools; a
/// full disk is one error line and exit 1. The real binary, through bash.
@Suite(.timeLimit(.minutes(10))) struct OutputFailureTests {
    let folder = TemporaryFolder()
    let db: String

    init() throws {
        db = folder.file("q.sqlite")
        #expect(try runQuakesTUI(["import", "--db", db, Fixture.week]).status == 0)
    }

    /// Runs `script` in bash with $1 the binary, $2 the catalog, $3 a feed;
    /// its own stdout (what the script echoes) and quakes-tui's stderr.
    func bash(_ script: String) throws -> (echoed: String, stderr: String) {
        let child = try ChildProcess(["bash", "-c", script, "bash", builtProduct("quakes-tui").path, db, Fixture.day2014],
                                     outputPrefix: folder.file("bash"))
        #expect(child.wait() == 0, "\(child.stderr)")
        return (child.stdout, child.stderr)
    }

    @Test("list into a pipe closed early ends quietly, SIGPIPE at its default or ignored", arguments: ["", "trap '' PIPE; "])
    func closedPipe(_ sigpipe: String) throws {
        // 4,711 rows (330 kB) cannot all fit in the pipe before head leaves.
        let run = try bash(sigpipe + #""$1" list --db "$2" --limit 0 | head -1; echo "status=${PIPESTATUS[0]}""#)
        #expect(run.echoed == "TIME (UTC)           MAG   DEPTH  PLACE\nstatus=141\n")
        #expect(run.stderr == "", "no backtrace, no message")
    }

    @Test("csv and json into a pipe closed early end quietly too", arguments: ["csv", "json"])
    func closedPipeOtherFormats(_ format: String) throws {
        let run = try bash(#"trap '' PIPE; "$1" list --db "$2" --format "# + format + #" | head -c 10 >/dev/null; echo "status=${PIPESTATUS[0]}""#)
        #expect(run.echoed == "status=141\n")
        #expect(run.stderr == "")
    }

    @Test func listToAFullDiskIsOneLineAndExit1() throws {
        let run = try bash(#""$1" list --db "$2" --limit 0 > /dev/full; echo "status=$?""#)
        #expect(run.echoed == "status=1\n")
        #expect(run.stderr == "error: cannot write output: No space left on device\n")
    }

    /// An import whose summary is lost still leaves its catalog whole in
    /// one file: closed before the exit, no `-wal` or `-shm` beside it.
    @Test func importToAFullDiskSaysItsSummaryWasLost() throws {
        let run = try bash(#""$1" import --db "$2.new" "$3" > /dev/full; echo "status=$?""#)
        #expect(run.echoed == "status=1\n")
        #expect(run.stderr == "error: cannot write output: No space left on device\n")
        #expect(try catalogFiles() == ["q.sqlite", "q.sqlite.new"])
        #expect(try CatalogProbe.count(db + ".new") == 146)
    }

    @Test func fetchToAFullDiskSaysItsSummaryWasLost() throws {
        let run = try bash(#""$1" fetch --db "$2.fetched" --url "$3" > /dev/full; echo "status=$?""#)
        #expect(run.echoed == "status=1\n")
        #expect(run.stderr == "error: cannot write output: No space left on device\n")
        #expect(try catalogFiles() == ["q.sqlite", "q.sqlite.fetched"])
    }

    /// The folder's files but the test's own output captures.
    func catalogFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("q.") }.sorted()
    }

    @Test("--version, help and completion scripts to a full disk are one line and exit 1",
          arguments: ["--version", "--version --verbose", "--help", "list --help", "--generate-completion-script zsh"])
    func answersToAFullDisk(_ arguments: String) throws {
        let run = try bash(#""$1" "# + arguments + #" > /dev/full; echo "status=$?""#)
        #expect(run.echoed == "status=1\n")
        #expect(run.stderr == "error: cannot write output: No space left on device\n")
    }

    /// A catalog of an older version may hold a time past the year 9999
    /// (no longer accepted): its row shows the whole year, not a cut one.
    @Test func aTimePastTheYear9999ListsWhole() throws {
        try CatalogProbe.execute(db, "UPDATE quake SET time = 253402300800000 WHERE id = 'hv70264586'")   // 10000-01-01
        let run = try bash(#""$1" list --db "$2" --limit 1 --sort -time"#)
        #expect(run.echoed.split(separator: "\n").dropFirst().first?.hasPrefix("10000-01-01 00:00:00   ") == true, "\(run.echoed)")
    }
}
