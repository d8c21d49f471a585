import ArgumentParser
import Foundation
import QuakeFeed
import QuakeStore
import TerminalUI

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

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var feedOptions: FeedOptions

    func run() throws {
        let (source, timeout, config) = feedOptions.resolved()
        let fetcher = FeedOptions.fetcher(database: try database.open(seed: false, forImport: true), timeout: timeout, config: config)
        let bar = isatty(STDERR_FILENO) == 1 ? ProgressBar(label: source.url.lastPathComponent) : nil
        do {
            let report = try fetcher.fetch(source) { bar?.show($0) }
            bar?.clear()
            for line in report.lines { StandardOutput.writeLine(TerminalText.visible(line)) }
        } catch {
            bar?.clear()
            fail(error)
        }
    }
}

/// One line on stderr, redrawn in place: `all_day.geojson [████░░░░] 1.2 MB of 3.4 MB`,
/// then `… importing 4096 features`. Redrawn only when its text changes.
final class ProgressBar: @unchecked Sendable {
    private let label: String
    private let lock = NSLock()
    private var shown = ""
    /// The bar's blocks need UTF-8; other terminals get `#` and `.`.
    private let utf8 = ASCIIFallback.localeIsUTF8()

    init(label: String) {
        self.label = TerminalText.visible(label)   // a URL's last part is percent-decoded: %1b is ESC
        // Interrupted mid-download: wipe the bar so the shell prompt starts
        // clean. Nothing was committed, so nothing is lost.
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { received in
                let wipe: StaticString = "\r\u{1B}[K"
                _ = Glibc.write(STDERR_FILENO, wipe.utf8Start, wipe.utf8CodeUnitCount)
                _exit(128 + received)
            }
        }
    }

    func show(_ progress: FeedFetcher.Progress) {
        lock.lock(); defer { lock.unlock() }
        let line = utf8 ? progress.line(label: label) : ASCIIFallback.transliterate(progress.line(label: label))
        guard line != shown else { return }
        shown = line
        write("\r\u{1B}[K" + line)
    }

    func clear() {
        lock.lock(); defer { lock.unlock() }
        write("\r\u{1B}[K")
    }

    private func write(_ text: String) {
        // A closed or full stderr loses the bar, never the fetch.
        _ = FileDescriptorWriter.writeAll(Array(text.utf8), to: STDERR_FILENO)
    }
}
