import Foundation
import Testing
import TestSupport

/// One style for every usage error, whoever finds it: ArgumentParser (a
/// value of the wrong kind, an unknown option) or the command's own checks
/// (a bad predicate, a value out of range). `error: ` lines, then where to
/// read more; exit 64; nothing opened or created. A failure at run time is
/// one `error: ` line and exit 1.
@Suite struct CommandLineErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let stderr: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases = [
        // list
        Case(arguments: ["list", "--limit", "x"], stderr: """
            error: the value 'x' is invalid for '--limit <limit>'
            See 'quakes-tui list --help'.

            """),
        Case(arguments: ["list", "--limit", "-1"], stderr: """
            error: --limit must be 0 or more
            See 'quakes-tui list --help'.

            """),
        Case(arguments: ["list", "--where", "magnitude >"], stderr: """
            error: --where: 1:12: expected a value after '>', found end of input
              magnitude >
                         ^
            See 'quakes-tui list --help'.

            """),
        // map
        Case(arguments: ["map", "--width", "x"], stderr: """
            error: the value 'x' is invalid for '--width <width>'
            See 'quakes-tui map --help'.

            """),
        Case(arguments: ["map", "--width", "0"], stderr: """
            error: --width must be between 1 and 1000
            See 'quakes-tui map --help'.

            """),
        // stats
        Case(arguments: ["stats", "--format", "xml"], stderr: """
            error: the value 'xml' is invalid for '--format <format>'. Please provide one of 'text' and 'json'.
            See 'quakes-tui stats --help'.

            """),
        Case(arguments: ["stats", "--where", "magnitude >"], stderr: """
            error: --where: 1:12: expected a value after '>', found end of input
              magnitude >
                         ^
            See 'quakes-tui stats --help'.

            """),
        // The browser, named or by default: found before it looks for a terminal.
        Case(arguments: ["browse", "--timeout", "x"], stderr: """
            error: the value 'x' is invalid for '--timeout <seconds>'
            See 'quakes-tui browse --help'.

            """),
        Case(arguments: ["--where", "magnitude >"], stderr: """
            error: --where: 1:12: expected a value after '>', found end of input
              magnitude >
                         ^
            See 'quakes-tui browse --help'.

            """),
        Case(arguments: ["browse", "--alert", "magnitude >"], stderr: """
            error: --alert: 1:12: expected a value after '>', found end of input
              magnitude >
                         ^
            See 'quakes-tui browse --help'.

            """),
        // A command's name after an option is not a file to open (./list is).
        Case(arguments: ["--db", "x.sqlite", "list"], stderr: """
            error: 'list' is a command, given first (quakes-tui list …); a file of that name is opened as ./list
            See 'quakes-tui browse --help'.

            """),
        Case(arguments: ["browse", ""], stderr: """
            error: a file to open must be named, not empty
            See 'quakes-tui browse --help'.

            """),
        Case(arguments: ["--bogus"], stderr: """
            error: unknown option '--bogus'
            See 'quakes-tui browse --help'.

            """),
        // watch
        Case(arguments: ["watch", "--format", "xml"], stderr: """
            error: the value 'xml' is invalid for '--format <format>'. Please provide one of 'text' and 'json'.
            See 'quakes-tui watch --help'.

            """),
        Case(arguments: ["watch", "--where", "magnitude >"], stderr: """
            error: --where: 1:12: expected a value after '>', found end of input
              magnitude >
                         ^
            See 'quakes-tui watch --help'.

            """),
        // fetch and sync
        Case(arguments: ["fetch", "--timeout", "x"], stderr: """
            error: the value 'x' is invalid for '--timeout <seconds>'
            See 'quakes-tui fetch --help'.

            """),
        Case(arguments: ["fetch", "--timeout", "0"], stderr: """
            error: --timeout must be between 1 and 86400 seconds
            See 'quakes-tui fetch --help'.

            """),
        Case(arguments: ["sync", "--max-rate", "x"], stderr: """
            error: the value 'x' is invalid for '--max-rate <n>'
            See 'quakes-tui sync --help'.

            """),
        Case(arguments: ["sync", "--max-rate", "1000"], stderr: """
            error: --max-rate must be between 0.01 and 100
            See 'quakes-tui sync --help'.

            """),
        // import and sources
        Case(arguments: ["import"], stderr: """
            error: missing expected argument '<file> ...'
            See 'quakes-tui import --help'.

            """),
        Case(arguments: ["import", "--service", "nowhere", "events.txt"], stderr: """
            error: unknown service "nowhere"; known services: usgs, emsc, gfz, ingv, isc, geonet, iris
            See 'quakes-tui import --help'.

            """),
        Case(arguments: ["sources", "--db", ""], stderr: """
            error: --db must name a file, not be empty
            See 'quakes-tui sources --help'.

            """),
    ]

    let folder = TemporaryFolder()

    /// Every default folder in the temporary one: a catalog, a config or a
    /// view made by mistake would show there.
    var environment: [String: String] {
        ["XDG_DATA_HOME": folder.file("data"), "XDG_CONFIG_HOME": folder.file("config"),
         "XDG_STATE_HOME": folder.file("state"), "QUAKES_DB": folder.file("quakes.sqlite")]
    }

    @Test("a usage error is error: lines, then the command's help, exit 64", arguments: cases)
    func usageError(_ usage: Case) throws {
        let result = try runQuakesTUI(usage.arguments, environment: environment)
        #expect(result.status == 64)
        #expect(result.stderr == usage.stderr)
        #expect(result.stdout == "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [], "nothing opened or created")
    }

    @Test("a failure is one error: line, exit 1, no help named")
    func runtimeFailure() throws {
        let db = folder.file("missing/quakes.sqlite")
        let result = try runQuakesTUI(["list", "--db", db], environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr == "error: database \(db): folder \(folder.file("missing")) does not exist\n")
        #expect(result.stdout == "")
    }

    @Test("--help and --version still print on stdout and exit 0, even after a bad value")
    func helpAndVersion() throws {
        let help = try runQuakesTUI(["list", "--limit", "-1", "--help"], environment: environment)
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: Print quakes as a table, CSV, JSON or GeoJSON"))
        #expect(help.stderr == "")
        let version = try runQuakesTUI(["--version"], environment: environment)
        #expect(version.status == 0)
        #expect(version.stdout == "quakes-tui 0.5.0\n")
        let short = try runQuakesTUI(["-V"], environment: environment)
        #expect(short.status == 0 && short.stdout == "quakes-tui 0.5.0\n")
        // The top help names it.
        let top = try runQuakesTUI(["--help"], environment: environment)
        #expect(top.stdout.contains("\n  -V, --version           Show the version.\n"), "\(top.stdout)")
    }
}
