// `quakes-tui fetch`: a USGS summary feed or URL, or an FDSN event service's
// query in windows, downloaded and imported.
import ArgumentParser
import Foundation
import QuakeFeed
import QuakeStore
import QuakesApp

struct FetchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Download a USGS GeoJSON feed, or query an FDSN event service, and import it.",
        discussion: """
            The feed is --feed NAME or --url URL, else the config file's, else all_day \
            (https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_day.geojson). \
            A gzip-compressed body (.geojson.gz) is inflated. On a terminal a progress \
            bar shows on stderr. Any failure (HTTP status, network, timeout, a body cut \
            short, over the config's max-download (default 1 GB) or not GeoJSON) prints \
            one line, exits 1 and imports nothing. \
            With --service, the query is asked in time windows small enough that the \
            service answers each (its count endpoint plans them; a window refused as too \
            big is halved), one request at a time, each window imported in a transaction \
            of its own. The catalog remembers the query and the windows done: the same \
            command run again after a failure or Ctrl-C (exit 130) goes on from the first \
            window not done, and `sync` brings the query up to date later.
            """
    )

    @OptionGroup var catalogOptions: CatalogOptions
    @OptionGroup var feedOptions: FeedOptions
    @OptionGroup var serviceOptions: ServiceQueryOptions

    func validate() throws {
        if serviceOptions.service != nil, feedOptions.feed != nil || feedOptions.url != nil {
            throw ValidationError("give --service or --feed/--url, not both")
        }
    }

    func run() throws {
        if serviceOptions.service != nil { return try fetchFromService() }
        let (source, timeout, config) = try feedOptions.resolved()
        let catalog = try catalogOptions.open(seed: false, forImport: true)
        let fetcher = FeedOptions.fetcher(catalog: catalog, timeout: timeout, config: config)
        let bar = isatty(STDERR_FILENO) == 1 ? ProgressBar(label: source.url.lastPathComponent) : nil
        do {
            let report = try fetcher.fetch(source) { bar?.show($0) }
            bar?.clear()
            for line in report.lines(allSkipped: false, grouped: isatty(STDOUT_FILENO) == 1) { StandardOutput.writeLine(line) }
            PendingIndexBuild.finish(catalog)
        } catch {
            bar?.clear()
            throw error
        }
    }

    private func fetchFromService() throws {
        let (_, timeout, config) = try feedOptions.resolved()
        let query = try serviceOptions.resolved(now: Date())
        let catalog = try catalogOptions.open(seed: false, forImport: true)
        let run = ServiceFetchRun(catalog: catalog, label: query.service.name)
        let backfill = FDSNBackfill(catalog: catalog, service: query.service, query: query.query,
                                    downloader: PoliteDownloader.make(timeout: timeout, config: config,
                                                                      requestsPerSecond: serviceOptions.maxRate, run: run))
        do {
            let summary = try backfill.run(request: query.request, start: query.start, end: query.end, endsNow: query.endsNow,
                                           updatedAfter: query.updatedAfter, progress: run.show,
                                           shouldStop: { run.stopRequested })
            run.clear()
            try run.throwIfStopped()
            for line in ServiceFetchRun.lines(summary, service: query.service.name) { StandardOutput.writeLine(line) }
            PendingIndexBuild.finish(catalog)
        } catch let stopped as ExitCode {
            throw stopped
        } catch {
            run.clear()
            try run.throwIfStopped()
            printError("error: " + ServiceFetchRun.failure(error, service: query.service.name))
            throw ExitCode(1)
        }
    }
}
