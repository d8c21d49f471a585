// The quakes-tui root command (its subcommands and overview), the --db option
// every command shares, and how commands print errors and exit.
import ArgumentParser
import Foundation
import QuakeOutput
import QuakeStore
import TerminalUI

@main
struct QuakesTUI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quakes-tui",
        abstract: "Browse, sort and filter USGS earthquakes in the terminal.",
        discussion: """
            The catalog is a SQLite file: --db PATH, else $QUAKES_DB, else \
            $XDG_DATA_HOME/quakes-tui/quakes.sqlite (~/.local/share/quakes-tui/quakes.sqlite). \
            A new catalog opened by list or the browser is seeded with a real week of \
            USGS quakes (June 2018); one created by import holds only what is imported.

            Predicates and sort keys measure distances with DISTANCE(latitude, longitude), \
            DISTANCE("place") or DISTANCE() (from --home or the config file's home). Places \
            come from GeoNames' cities of 15,000 people or more: place data © GeoNames \
            (https://www.geonames.org/), CC BY 4.0.
            """,
        version: QuakesVersion.line,
        subcommands: [BrowseCommand.self, ListCommand.self, MapCommand.self, SectionCommand.self, StatsCommand.self, DeclusterCommand.self, ImportCommand.self, FetchCommand.self,
                      SyncCommand.self, SourcesCommand.self, WatchCommand.self, MergeCommand.self, SplitCommand.self, CacheCommand.self,
                      VersionCommand.self],
        defaultSubcommand: BrowseCommand.self
    )

    static func main() {
        // Past a file size limit (ulimit -f) a write then fails with EFBIG,
        // which SQLite reports and rolls back, instead of killing us mid-write.
        signal(SIGXFSZ, SIG_IGN)
        // ArgumentParser answers `--version` alone; with `--verbose` it is
        // `quakes-tui version --verbose`, as the manual says.
        // `-V` is `--version`, as in most tools (alone, or with `--verbose`).
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.contains("-V") && arguments.allSatisfy({ ["-V", "--verbose"].contains($0) }) {
            arguments = arguments.map { $0 == "-V" ? "--version" : $0 }
        }
        let verboseVersion = arguments.sorted() == ["--verbose", "--version"]
        // The one way out, errors thrown up to here (a signal during a
        // download aside: ServiceFetchRun, ProgressBar).
        exitClosingCatalogs(run(verboseVersion ? ["version", "--verbose"] : arguments))
    }

    /// ArgumentParser's `main`, but every error is said in one style (see
    /// `report`), and help, `--version` and completion scripts are written
    /// like every other output: a full disk is an error, not exit 0.
    /// Returns the exit status.
    private static func run(_ arguments: [String]?) -> Int32 {
        var command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            // Help, `--version` and completion scripts are written here.
            return reportWritten(error, ranBy: nil)
        }
        do {
            // Every command that imports associates as the config file says.
            if command is ImportCommand || command is FetchCommand || command is SyncCommand || command is WatchCommand
                || command is BrowseCommand || command is MergeCommand || command is SplitCommand {
                AssociationPolicy.configured = try UserConfig.load().association
            }
            try command.run()
            try StandardOutput.checkWritten()
            return 0
        } catch {
            // Output that could not be written is what the user hears of:
            // an error after it (a list cut short) is its consequence.
            do { try StandardOutput.checkWritten() } catch let unwritten { return report(unwritten, ranBy: type(of: command)) }
            return reportWritten(error, ranBy: type(of: command))
        }
    }

    /// `report`, whose help text or `--version` (written to standard
    /// output) may itself fail to be written: then that is the error.
    private static func reportWritten(_ error: any Error, ranBy command: (any ParsableCommand.Type)?) -> Int32 {
        let code = report(error, ranBy: command)
        do { try StandardOutput.checkWritten() } catch let unwritten { return report(unwritten, ranBy: command ?? QuakesTUI.self) }
        return code
    }
}

/// The `--db` option every command shares.
struct CatalogOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The catalog file.", valueName: "path"), completion: .file())
    var db: String?

    /// Opens the catalog; a new one is seeded with the bundled feed unless
    /// `seed` is false (an import brings its own data).
    /// `forImport`: the command imports, so it waits up to ten minutes for
    /// another import (a million-row file holds the catalog about a minute),
    /// and a catalog it may not write, or a damaged one, is refused at once.
    /// `purpose` `.read` (list) opens an up-to-date catalog without writing.
    func open(seed: Bool = true, forImport: Bool = false, purpose: QuakeCatalog.Purpose = .browse) throws -> QuakeCatalog {
        try QuakeCatalog.open(explicitPath: db, seedIfNew: seed, busyTimeout: forImport ? 600 : 30,
                              purpose: forImport ? .write : purpose)
    }

    func validate() throws {
        if db?.isEmpty == true { throw ValidationError("--db must name a file, not be empty") }
    }
}

/// Ends the program with `code`, its open catalogs closed first so that no
/// `-wal` or `-shm` is left beside them: at the top, and on a signal or a
/// closed pipe, which end the program where they are noticed. A close
/// still under way after its wait (a long checkpoint on a loaded machine)
/// is left to SQLite's recovery at the next open: the program then ends
/// with `_exit`, as `exit`'s handlers and destructors running beside that
/// thread's SQLite calls could crash it (exit 139, not `code`).
func exitClosingCatalogs(_ code: Int32) -> Never {
    guard OpenCatalogs.closeAll() else {
        fflush(nil)
        _exit(code)
    }
    exit(code)
}

/// One line on stderr. Messages quote what servers and files hold (a
/// content type, a bad value), so control characters are made visible:
/// the line stays one line and cannot steer the terminal. A failed write is
/// ignored: there is nowhere left to report it.
func printError(_ line: String) {
    _ = FileDescriptorWriter.writeAll(Array((TerminalText.visible(line) + "\n").utf8), to: STDERR_FILENO)
}
