import ArgumentParser
import Foundation
import QuakeFeed
import QuakeStore

struct FetchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Download a USGS GeoJSON feed and import it.",
        discussion: """
            The feed is --feed NAME or --url URL, else the config file's, else all_day \
            (https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_day.geojson). \
            A gzip-compressed body (.geojson.gz) is inflated. On a terminal a progress \
            bar shows on stderr. Any failure (HTTP status, network, timeout, a body cut \
            short, over the config's max-download (default 1 GB) or not GeoJSON) prints \
            one line, exits 1 and imports nothing.
            """
    )

    @OptionGroup var catalogOptions: CatalogOptions
    @OptionGroup var feedOptions: FeedOptions

    func run() throws {
        let (source, timeout, config) = feedOptions.resolved()
        let catalog = try catalogOptions.open(seed: false, forImport: true)
        let fetcher = FeedOptions.fetcher(catalog: catalog, timeout: timeout, config: config)
        let bar = isatty(STDERR_FILENO) == 1 ? ProgressBar(label: source.url.lastPathComponent) : nil
        do {
            let report = try fetcher.fetch(source) { bar?.show($0) }
            bar?.clear()
            for line in report.lines { StandardOutput.writeLine(line) }
            PendingIndexBuild.finish(catalog)
        } catch {
            bar?.clear()
            fail(error)
        }
    }
}
