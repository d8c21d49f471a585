import ArgumentParser
import Foundation
import QuakeFeed
import QuakeQuery
import QuakeStore
import QuakesApp
import TerminalUI

struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Open the interactive browser (the default command).",
        discussion: """
            Press ? in the browser for its keys; r refreshes from the feed (--feed, \
            --url, or the config file's; default all_day).
            """
    )

    @OptionGroup var catalogOptions: CatalogOptions

    @Option(name: .customLong("where"), help: ArgumentHelp("Start with this predicate.", valueName: "predicate"))
    var predicate: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Start sorted by these keys, e.g. -magnitude,time.", valueName: "keys"),
            completion: SortCompletion.keys)
    var sort: String = "-time"

    @OptionGroup var feedOptions: FeedOptions

    @OptionGroup var homeOptions: HomeOptions

    @Option(help: ArgumentHelp("Refresh from the feed on this timer: 90s, 5m, 1h (at least 10 s).", valueName: "duration"))
    var refreshEvery: String?

    func validate() throws {
        do { _ = try SortKey.parseList(sort, home: homeOptions.resolved(for: [sort])) } catch {
            throw ValidationError("--sort: \(error)")
        }
        if let refreshEvery {
            do { _ = try RefreshInterval(parsing: refreshEvery) } catch { throw ValidationError("--refresh-every: \(error)") }
        }
    }

    func run() throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            printError("error: the browser needs a terminal (stdin and stdout are not both a TTY); use 'quakes-tui list' for pipes and files")
            throw ExitCode(2)
        }
        // Before the catalog is opened (or created and seeded): a terminal
        // curses cannot drive is one line, not ncurses' exit after the fact.
        if let problem = UnusableTerminal.check() {
            printError("error: \(problem)")
            throw ExitCode(2)
        }
        let (source, timeout, config) = feedOptions.resolved()
        let home = homeOptions.resolved(config: config)
        var configuration = FetchConfiguration(sortKeys: try SortKey.parseList(sort, home: home))
        if let predicate {
            do { configuration.predicate = try QuakePredicate(predicate, home: home) } catch {
                printError("error: --where: \(error)")
                throw ExitCode(2)
            }
        }
        // Checked in validate(): cannot fail here.
        let every = refreshEvery.flatMap { try? RefreshInterval(parsing: $0) } ?? config.refreshEvery
        let catalog = try catalogOptions.open()
        let feed = Self.refreshFeed(source, catalog: catalog, timeout: timeout, config: config, every: every)
        let exit: BrowserApp.Exit
        do {
            exit = try BrowserApp.run(catalog: catalog, configuration: configuration, refresh: feed, home: home)
        } catch {
            // The terminal is already restored: the message shows on a sane screen.
            fail(error)
        }
        if exit != .quit { throw ExitCode(exit.status) }
    }

    /// `r` and the timer fetch `source` into the open catalog.
    private static func refreshFeed(_ source: FeedSource, catalog: QuakeCatalog, timeout: Double, config: UserConfig,
                                    every: RefreshInterval?) -> RefreshFeed {
        let fetcher = FeedOptions.fetcher(catalog: catalog, timeout: timeout, config: config)
        let label = source.url.lastPathComponent
        return RefreshFeed(label: label, every: every.map { TimeInterval($0.seconds) }) { progress in
            try fetcher.fetch(source) { progress($0.line(label: label)) }
        }
    }
}
