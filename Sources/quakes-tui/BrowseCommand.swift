import ArgumentParser
import Foundation
import QuakeQuery
import QuakeStore
import QuakesApp

struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Open the interactive browser (the default command).",
        discussion: "Press ? in the browser for its keys."
    )

    @OptionGroup var database: DatabaseOptions

    @Option(name: .customLong("where"), help: ArgumentHelp("Start with this predicate.", valueName: "predicate"))
    var predicate: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Start sorted by these keys, e.g. -magnitude,time.", valueName: "keys"))
    var sort: String = "-time"

    func validate() throws {
        do { _ = try SortKey.parseList(sort) } catch { throw ValidationError("--sort: \(error)") }
    }

    func run() throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            printError("error: the browser needs a terminal (stdin and stdout are not both a TTY); use 'quakes-tui list' for pipes and files")
            throw ExitCode(2)
        }
        var configuration = FetchConfiguration(sortKeys: try SortKey.parseList(sort))
        if let predicate {
            do { configuration.predicate = try QuakePredicate(predicate) } catch {
                printError("error: --where: \(error)")
                throw ExitCode(2)
            }
        }
        let catalog = try database.open()
        let exit: BrowserApp.Exit
        do {
            exit = try BrowserApp.run(store: catalog, configuration: configuration)
        } catch {
            // The terminal is already restored: the message shows on a sane screen.
            fail(error)
        }
        if exit != .quit { throw ExitCode(exit.status) }
    }
}
