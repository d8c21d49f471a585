// `quakes-tui sync`: asks every source the catalog remembers again for what
// is new or revised, one line each.
import ArgumentParser
import Foundation
import QuakeFeed
import QuakeStore

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Bring every source the catalog remembers up to date.",
        discussion: """
            Each FDSN query fetched with `fetch --service` is asked again for what is new \
            or revised since its last run (updatedafter where the service takes it, else \
            every event from a day before the last run on), up to now unless the query \
            named an end; an unfinished backfill goes on first. Each summary feed fetched \
            with `fetch --feed` or --url is fetched again. One line per source; a source \
            that fails prints one line and the others still run. Exits 1 if any failed \
            or the catalog remembers no source, 130 on Ctrl-C.
            """
    )

    @OptionGroup var catalogOptions: CatalogOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds without data before a download fails, 1 to 86400. Default: 30.", valueName: "seconds"))
    var timeout: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("At most this many requests a second to a service. Default: 2.", valueName: "n"))
    var maxRate: Double?

    func validate() throws {
        if let timeout, !FeedOptions.timeoutRange.contains(timeout) {
            throw ValidationError("--timeout must be between 1 and 86400 seconds")
        }
        if let maxRate, !(0.01...100).contains(maxRate) { throw ValidationError("--max-rate must be between 0.01 and 100") }
    }

    func run() throws {
        let config = try UserConfig.load()
        let catalog = try catalogOptions.open(seed: false, forImport: true)
        let run = ServiceFetchRun(catalog: catalog, label: "sync")
        let sync = CatalogSync(catalog: catalog, downloader: .make(timeout: timeout ?? config.timeout ?? 30, config: config,
                                                                    requestsPerSecond: maxRate, run: run))
        let sources = try sync.sources()
        guard !sources.isEmpty else {
            throw SyncError("nothing to sync: the catalog remembers no source (fetch --service NAME or --feed NAME first)")
        }
        var failed = false
        for source in sources {
            let outcome = sync.syncAll([source], progress: { label, progress in
                run.sourceLabel = label
                if let progress { run.show(progress) }
            }, shouldStop: { run.stopRequested })
            run.clear()
            try run.throwIfStopped()
            guard let outcome = outcome.first else { continue }
            switch outcome.result {
            case .success(.service(let summary)):
                for line in ServiceFetchRun.lines(summary, service: outcome.label, verb: "synced") { StandardOutput.writeLine(line) }
            case .success(.feed(let report)):
                StandardOutput.writeLine("synced \(outcome.label): \(report.counts(grouped: isatty(STDOUT_FILENO) == 1))")
                for line in report.lines.dropFirst() { StandardOutput.writeLine(line) }
            case .failure(let error):
                printError("error: sync " + ServiceFetchRun.failure(error, service: outcome.label))
                failed = true
            }
        }
        PendingIndexBuild.finish(catalog)
        if failed { throw ExitCode(1) }
    }
}

struct SyncError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
