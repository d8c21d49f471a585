// `quakes-tui browse` (the default command): its options, opening files,
// URLs or stdin, and starting the interactive browser.
import ArgumentParser
import Foundation
import QuakeMap
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
            Press ? in the browser for its keys; r (and --refresh-every) syncs the \
            catalog's sources, as quakes-tui sync does; a catalog without any refreshes \
            from the feed (--feed, --url, or the config file's; default all_day).

            Files, URLs or - (standard input) open the browser on what they hold: read \
            as import reads them into a catalog of their own in $XDG_CACHE_HOME/quakes-tui \
            (~/.cache/quakes-tui), kept for the next open of the same unchanged files \
            (quakes-tui cache lists them), or into --db's catalog. A file named like a \
            command is given as ./list.
            """
    )

    @OptionGroup var catalogOptions: CatalogOptions

    @Argument(help: ArgumentHelp("Files (any format import reads, gzip too), http(s) URLs, or - for standard input.",
                                 valueName: "source"),
              completion: .file())
    var sources: [String] = []

    @OptionGroup var whereOption: WhereOption

    @Option(name: [.customShort("s"), .long], parsing: .unconditional, help: ArgumentHelp("Start sorted by these keys, e.g. -magnitude,time.", valueName: "keys"),
            completion: SortCompletion.keys)
    var sort: String?

    @OptionGroup var viewOptions: ViewOptions

    @Flag(help: "Start from the default view, not the one last shown on this catalog.")
    var fresh = false

    @OptionGroup var feedOptions: FeedOptions

    @OptionGroup var homeOptions: HomeOptions

    @OptionGroup(title: "Push") var pushOptions: PushOptions

    @Option(help: ArgumentHelp("Refresh from the feed on this timer: 90s, 5m, 1h (at least 10 s).", valueName: "duration"))
    var refreshEvery: String?

    @Option(help: ArgumentHelp(
        "Ring the bell and show a banner for each new quake matching this predicate (default: the config file's alert).",
        valueName: "predicate"))
    var alert: String?

    @Option(help: ArgumentHelp("Show the depth cross-section along this line: LAT,LON:LAT,LON (x in the browser sets one at two quakes).",
                               valueName: "line"))
    var profile: String?

    @Option(help: ArgumentHelp("With --profile: kilometres either side of the line (default 100).", valueName: "km"))
    var halfWidth: Double?

    func validate() throws {
        if let profile { _ = try SectionCommand.profile(profile, halfWidth: halfWidth ?? 100) }
        if halfWidth != nil && profile == nil { throw ValidationError("--half-width is for --profile") }
        if sources.contains("") { throw ValidationError("a file to open must be named, not empty") }
        // `quakes-tui --db x list` is not a file named list: a command's name is never a file to open.
        if let command = sources.first(where: SourceOpening.commandNames.contains) {
            throw ValidationError("'\(command)' is a command, given first (quakes-tui \(command) …); "
                                  + "a file of that name is opened as ./\(command)")
        }
        if let sort { try QueryArgument.validateSort(sort, home: homeOptions.resolved(for: [sort])) }
        _ = try whereOption.predicate(homeOptions)
        if let alert { _ = try QueryArgument.predicate(alert, option: "--alert", home: homeOptions.resolved(for: [alert])) }
        if fresh && viewOptions.view != nil { throw ValidationError("--fresh and --view cannot be used together") }
        if let refreshEvery {
            do { _ = try RefreshInterval(parsing: refreshEvery) } catch { throw ValidationError("--refresh-every: \(error)") }
        }
    }

    func run() throws {
        // `… | quakes-tui -`: the keys are read from the terminal once the pipe is read.
        let readsStandardInput = sources.contains("-")
        guard readsStandardInput || isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw NoTerminalError() }
        // Before the catalog is opened (or created and seeded): a terminal
        // curses cannot drive is one line, not ncurses' exit after the fact.
        if let problem = UnusableTerminal.check() { throw problem }
        let (source, timeout, config) = try feedOptions.resolved()
        let home = try homeOptions.resolved(config: config)
        var configuration = FetchConfiguration(sortKeys: try SortKey.parseList(sort ?? "-time", home: home))
        configuration.predicate = try whereOption.predicate(home: home)
        var alert = try alertPredicate(config: config, home: home)
        // Checked in validate(): cannot fail here.
        let every = refreshEvery.flatMap { try? RefreshInterval(parsing: $0) } ?? config.refreshEvery
        let saved = try viewOptions.savedView()
        let opened = try openSources(timeout: timeout, config: config)
        var catalog = try opened?.catalog ?? catalogOptions.open()
        // A file's quakes are not news: no alert rings for each as it is read.
        if opened?.isCached == true { alert = nil }
        if readsStandardInput { try SourceOpening.readKeysFromTerminal() }
        let store = ViewOptions.store
        var (start, notice) = startingView(saved: saved, store: store, catalogPath: catalog.path)
        notice = notice ?? opened?.notice
        var last: SavedView?
        var exit: BrowserApp.Exit
        while true {
            // A file's catalog is what the file holds: nothing is pushed into it.
            let push = opened?.isCached == true ? nil : try pushOptions.feed(catalog: catalog, config: config, configured: config.push)
            // A catalog of the cache holds what its files hold: no feed is mixed in.
            let feed = opened?.isCached == true ? nil
                : Self.refreshFeed(source, catalog: catalog, timeout: timeout, config: config, every: every)
            // A failure is said once the terminal is restored: on a sane screen.
            exit = try BrowserApp.run(catalog: catalog, configuration: configuration, refresh: feed, home: home,
                                      view: start, views: store, notice: notice, alert: alert, title: opened?.title,
                                      reading: opened?.reading, finalView: { last = $0 },
                                      cellAspect: config.cellAspect ?? MapFrame.defaultCellAspect,
                                      section: try profile.map { try SectionCommand.profile($0, halfWidth: halfWidth ?? 100) },
                                      push: push)
            guard exit == .reopen else { break }
            // The file was replaced under the browser: open what the path names now, as it was being shown.
            // The old file is closed first: its WAL, still under the path's `-wal` name, is checkpointed
            // into the old file and removed, so the new file is not read with the old one's frames.
            try catalog.close()
            catalog = try opened?.isCached == true ? QuakeCatalog(path: catalog.path, purpose: .browse) : catalogOptions.open()
            (start, notice) = (last ?? start, "reopened \(catalog.path)")
        }
        if let store, let last {
            do { try store.saveLastView(last, catalogPath: catalog.path) } catch {
                printError("warning: the view was not kept for next time: \(error)")
            }
        }
        if let opened { try Self.endRead(opened, catalog: catalog) }
        if exit != .quit { throw ExitCode(exit.status) }
    }

    /// A cache catalog whose read did not end (`q` or a signal during it,
    /// or a file that is bad further on) is not kept: it is removed, said
    /// on stderr, and read again when next opened; a failure is the error (exit 1).
    private static func endRead(_ opened: SourceOpening.Opened, catalog: QuakeCatalog) throws {
        guard let outcome = opened.readOutcome?.current else { return }
        if case .complete = outcome { return }
        try? catalog.close()
        CacheFolder.forget(catalog: catalog.path)
        if case .failed(let error) = outcome { throw error }
        printError("stopped reading \(opened.title) before its end: its quakes are not kept; it is read again when opened")
    }

    /// The catalog of the files, URLs or standard input named, or nil when none is.
    private func openSources(timeout: Double, config: UserConfig) throws -> SourceOpening.Opened? {
        guard !sources.isEmpty else { return nil }
        return try SourceOpening(sources: sources, db: catalogOptions.db, timeout: timeout,
                                 maxDownload: config.maxDownload ?? FeedFetcher.defaultMaxDownload,
                                 cache: CacheFolder(), cacheLimit: try CacheCommand.limit()).open()
    }

    /// `--alert`'s predicate (checked in validate()), else the config
    /// file's `alert`: a bad one is a bad config file, naming where it was written.
    private func alertPredicate(config: UserConfig, home: Home?) throws -> QuakePredicate? {
        if let alert { return try QueryArgument.predicate(alert, option: "--alert", home: home) }
        guard let text = config.alert else { return nil }
        do { return try QuakePredicate(text, home: home) } catch {
            throw ConfigError(path: UserConfig.path(), message: "'alert': \(error)")
        }
    }

    /// The view to open with: `--view`'s, else the last one shown on this
    /// catalog (not with `--fresh`), with `--where` and `--sort` over it; nil
    /// for the defaults. A last view that cannot be read is a notice in the
    /// bottom line, and the browser starts from the defaults.
    private func startingView(saved: SavedView?, store: ViewStore?, catalogPath: String) -> (SavedView?, String?) {
        var notice: String?
        var view = saved
        if view == nil && !fresh, let store {
            do { view = try store.lastView(catalogPath: catalogPath) } catch {
                notice = "error: the last view was not restored: \(error)"
            }
        }
        return (view.map { ViewOptions.overriding($0, predicate: whereOption.text, sort: sort) }, notice)
    }

    /// `r` and the timer sync the catalog's sources into the open catalog,
    /// or fetch `source` (the configured feed) when it remembers none.
    private static func refreshFeed(_ source: FeedSource, catalog: QuakeCatalog, timeout: Double, config: UserConfig,
                                    every: RefreshInterval?) -> RefreshFeed {
        let sync = CatalogSync(catalog: catalog, downloader: PoliteDownloader(
            timeout: timeout, maxDownload: config.maxDownload ?? FeedFetcher.defaultMaxDownload))
        // Named once, at launch: `usgs, all_day.geojson`.
        let remembered = ((try? sync.sources()) ?? []).map(CatalogSync.label(of:))
        let label = remembered.isEmpty ? source.url.lastPathComponent : remembered.joined(separator: ", ")
        return RefreshFeed(label: label, every: every.map { TimeInterval($0.seconds) }) { progress in
            try sync.refresh(feed: source, name: label, progress: progress)
        }
    }
}

/// A failure (exit 1), not a usage error: the command line is right, the place it runs in is not.
struct NoTerminalError: Error, CustomStringConvertible {
    var description: String {
        "the browser needs a terminal (stdin and stdout are not both a TTY); use 'quakes-tui list' for pipes and files"
    }
}
