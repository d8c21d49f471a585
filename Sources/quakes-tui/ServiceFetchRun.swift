import ArgumentParser
import Dispatch
import Foundation
import QuakeFeed
import QuakeStore
import QuakeViews
import Synchronization

/// A backfill or a sync of an FDSN service as the commands run it: a
/// progress bar on a terminal, one summary line, and Ctrl-C (or SIGTERM,
/// SIGHUP) ending it cleanly with the windows done kept: during a window's
/// import the import is interrupted and its transaction rolls back; at any
/// other moment nothing is open, and the program ends at once.
final class ServiceFetchRun: Sendable {
    let catalog: QuakeCatalog
    let label: String
    private let bar: ProgressBar?
    private struct State {
        var stopSignal: Int32?
        /// The last progress shown: whether a window's transaction may be
        /// open, and how far the run got.
        var lastProgress: FDSNBackfill.Progress?
        var currentSource: String?
    }
    private let state = Mutex(State())
    /// Kept for the run's life; in a Mutex only to be Sendable (Dispatch does not mark its sources so).
    private let signalSources: Mutex<[any DispatchSourceSignal]>
    private let started = Date()
    /// The source a sync is at, shown before the bar instead of `label`.
    var sourceLabel: String? {
        get { state.withLock { $0.currentSource } }
        set { state.withLock { $0.currentSource = newValue } }
    }

    init(catalog: QuakeCatalog, label: String) {
        self.catalog = catalog
        self.label = label
        bar = isatty(STDERR_FILENO) == 1 ? ProgressBar(label: label, exitsOnSignal: false) : nil
        let numbers = [SIGINT, SIGTERM, SIGHUP]
        signalSources = Mutex(numbers.map { number in
            signal(number, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: number, queue: .global())
        })
        signalSources.withLock { sources in
            for (number, source) in zip(numbers, sources) {
                source.setEventHandler { [unowned self] in self.received(number) }
                source.resume()
            }
        }
    }

    var stopRequested: Bool { state.withLock { $0.stopSignal != nil } }

    /// The progress handler for `FDSNBackfill`: draws the bar and keeps
    /// track of whether a window's transaction may be open.
    func show(_ progress: FDSNBackfill.Progress) {
        state.withLock { $0.lastProgress = progress }
        bar?.show(line: line(progress))
    }

    /// A refusal for load being waited out, shown in the bar.
    func showWait(seconds: Double, status: Int) {
        guard var progress = state.withLock({ $0.lastProgress }) else { return }
        progress.phase = .waiting(seconds: seconds, status: status)
        show(progress)
    }

    /// `usgs [████░░░░] 3/14 windows · 12,345 events · 2019-07-03…07-05 · 0:42, 2:10 left`
    func line(_ progress: FDSNBackfill.Progress) -> String {
        var parts: [String] = []
        if progress.windowsTotal > 0 {
            parts.append("[" + FeedFetcher.Progress.blocks(progress.windowsDone, of: progress.windowsTotal, width: 12) + "] "
                         + "\(progress.windowsDone)/\(progress.windowsTotal) windows")
        }
        parts.append("\(Formatting.count(progress.events)) events")
        if let window = progress.window { parts.append(Self.range(window.startTime, window.endTime)) }
        switch progress.phase {
        case .counting: parts.append("counting")
        case .downloading(let received): parts.append(ByteCount.text(received))
        case .importing: break
        case .waiting(let seconds, let status): parts.append("HTTP \(status), waiting \(Int(seconds.rounded(.up))) s")
        }
        let elapsed = Date().timeIntervalSince(started)
        var time = Self.clock(elapsed)
        if progress.windowsDone > 0, progress.windowsTotal > progress.windowsDone {
            time += ", " + Self.clock(elapsed / Double(progress.windowsDone) * Double(progress.windowsTotal - progress.windowsDone)) + " left"
        }
        parts.append(time)
        return (sourceLabel ?? label) + " " + parts.joined(separator: " · ")
    }

    /// Ends the command as an interrupted run does, if a signal came:
    /// thrown up to the one exit (status 128 + the signal's number).
    func throwIfStopped() throws {
        guard let number = saidStopped() else { return }
        throw ExitCode(128 + number)
    }

    /// On the signal's own thread while a download runs (nothing is
    /// committed, and the main thread may be held in libcurl): the program
    /// ends there, its catalogs closed first.
    private func exitIfStopped() {
        guard let number = saidStopped() else { return }
        exitClosingCatalogs(128 + number)
    }

    /// The signal that stopped the run, said on stderr; nil when none came.
    private func saidStopped() -> Int32? {
        guard let number = state.withLock({ $0.stopSignal }) else { return nil }
        bar?.clear()
        let note = state.withLock { $0.lastProgress }.flatMap { $0.windowsTotal == 0 ? nil : "\($0.windowsDone) of \($0.windowsTotal) windows done" }
        printError("\(label): interrupted; \(note ?? "no window fetched yet"), the same command goes on from there")
        return number
    }

    func clear() { bar?.clear() }

    private func received(_ number: Int32) {
        let importing = state.withLock { state in
            if state.stopSignal == nil { state.stopSignal = number }
            if case .importing? = state.lastProgress?.phase { return true }
            return false
        }
        if importing {
            catalog.dbWriter.interrupt()   // the import fails, its transaction rolls back, `exitIfStopped` ends
        } else {
            exitIfStopped()
        }
    }

    /// `2019-07-01…2019-08-01`, with times where a bound is not a day's start.
    static func range(_ start: Int64, _ end: Int64) -> String { time(start) + "…" + time(end) }

    /// `2019-07-01` at a day's start, else `2019-07-01 12:00` (UTC).
    static func time(_ ms: Int64) -> String {
        let full = ISOTime.dateAndTime(epochMilliseconds: ms)
        return ms % 86_400_000 == 0 ? String(full.prefix(10)) : String(full.prefix(16))
    }

    private static func clock(_ seconds: Double) -> String {
        let total = Int(seconds)
        return total >= 3600 ? String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
            : String(format: "%d:%02d", total / 60, total % 60)
    }
}

extension ServiceFetchRun {
    /// `fetched usgs 2019-07-01…2019-08-01 in 14 windows: 36,112 new, 0 updated, 0 skipped`,
    /// then the skipped events as `import` lists them.
    static func lines(_ summary: FDSNBackfill.Summary, service: String, verb: String = "fetched") -> [String] {
        let resumed = summary.windowsDoneBefore > 0 ? " (\(summary.windowsDoneBefore) done before)" : ""
        let windows = summary.windows == 1 ? "1 window" : "\(summary.windows) windows"
        let report = summary.report(name: service)
        let head = "\(verb) \(service) \(range(summary.startTime, summary.endTime)) in \(windows)\(resumed): "
            + "\(Formatting.count(report.new)) new, \(Formatting.count(report.updated)) updated, "
            + "\(Formatting.count(report.skipped.count)) skipped"
            + (report.merged > 0 ? ", \(Formatting.count(report.merged)) merged" : "")
            + (report.outsideWindow > 0 ? ", \(Formatting.count(report.outsideWindow)) outside the window, not imported" : "")
        return [head] + report.lines.dropFirst()
    }

    /// What ended a run, in one line that says what is kept.
    static func failure(_ error: any Error, service: String) -> String {
        guard let windowError = error as? FDSNBackfill.WindowError else {
            // A service named by its URL is not named again by the request's.
            if let fetchError = error as? FetchError, fetchError.source.hasPrefix(service) {
                return "\(service): \(fetchError.reasonText)"
            }
            return "\(service): \(error)"
        }
        let window = windowError.window
        return "\(service): window \(range(window.startTime, window.endTime)): \(windowError.reasonText); "
            + "\(windowError.windowsDone) of \(windowError.windowsTotal) windows done, the same command goes on from there"
    }
}

extension PoliteDownloader {
    /// The downloader a command uses: its timeout, the config's
    /// `max-download`, the rate asked for (default 2 a second), waits shown
    /// in the progress bar.
    static func make(timeout: Double, config: UserConfig, requestsPerSecond: Double?, run: ServiceFetchRun) -> PoliteDownloader {
        PoliteDownloader(timeout: timeout, maxDownload: config.maxDownload ?? FeedFetcher.defaultMaxDownload,
                         requestsPerSecond: requestsPerSecond ?? 2) { [weak run] seconds, status in
            run?.showWait(seconds: seconds, status: status)
        }
    }
}
