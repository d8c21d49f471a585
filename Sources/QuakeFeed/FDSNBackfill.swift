import Foundation
import QuakeStore

/// A fetch of a time range of any size from an FDSN event service, in
/// time windows no answer refuses: planned with the service's `count` where
/// it has one (each window under its limit), else a window the service
/// refuses as too big (400, 413) is halved. Windows are asked one after
/// another; each lands in a transaction of its own that also marks it done
/// in the catalog's `FetchLedger`, so the same query run again after a kill
/// or a failure goes on from the first window not done. An event exactly
/// at a window's end (the standard's end time is inclusive) belongs to the
/// next window only: nothing is lost or counted twice.
public struct FDSNBackfill: Sendable {
    public let catalog: QuakeCatalog
    public let service: FDSNService
    public let query: FDSNQuery
    public let downloader: PoliteDownloader

    public init(catalog: QuakeCatalog, service: FDSNService, query: FDSNQuery, downloader: PoliteDownloader) {
        self.catalog = catalog
        self.service = service
        self.query = query
        self.downloader = downloader
    }

    /// Windows shorter than this are not halved: the service refuses them
    /// for another reason than their size, which its status then says.
    static let shortestWindow: Int64 = 60_000
    /// A planned window holds at most this share of the service's limit,
    /// leaving room for events added between the count and the query.
    static let plannedShare = 0.8

    public struct Progress: Sendable, Equatable {
        public enum Phase: Sendable, Equatable {
            case counting
            case downloading(received: Int)
            case importing(events: Int)
            case waiting(seconds: Double, status: Int)
        }
        public var windowsDone: Int
        public var windowsTotal: Int
        /// Events imported this run (new, updated and unchanged).
        public var events: Int
        public var window: FetchLedger.Window?
        public var phase: Phase
    }

    /// What a run did, added over its windows.
    public struct Summary: Sendable, Equatable {
        public var windows = 0
        /// Its windows' imports added up (`ImportReport.add`), merges and skips included.
        public var imported = ImportReport(name: "")
        /// Windows an earlier run had done (a resumed backfill).
        public var windowsDoneBefore = 0
        /// The range fetched (a resumed backfill's own), epoch milliseconds.
        public var startTime: Int64 = 0
        public var endTime: Int64 = 0

        mutating func add(_ report: ImportReport) { imported.add(report) }

        /// The run's counts as one import's report (`name`).
        public func report(name: String) -> ImportReport {
            var report = imported
            report.name = name
            return report
        }
    }

    /// A window cut short of its end: the windows done so far are kept.
    /// Says `window 2019-07-01T00:00:00…2019-07-02T00:00:00: HTTP 503 …`:
    /// the service is named by whoever reports it, once.
    public struct WindowError: Error, CustomStringConvertible {
        public let window: FetchLedger.Window
        public let cause: any Error
        public let windowsDone: Int
        public let windowsTotal: Int
        public var description: String {
            "window \(FDSNQuery.time(window.startTime))…\(FDSNQuery.time(window.endTime)): \(reasonText)"
        }

        /// The cause without the URL or the window its own text names
        /// (a fetch's URL with its query, an import's window name).
        public var reasonText: String {
            switch cause {
            case let error as FetchError: error.reasonText
            case let error as ImportError: error.location.isEmpty ? error.message : "\(error.message) at \(error.location)"
            default: "\(cause)"
            }
        }
    }

    public typealias ProgressHandler = @Sendable (Progress) -> Void

    /// Fetches `request` (the query as written: the key of its ledger entry)
    /// over `[start, end]`, or goes on with the unfinished backfill of the
    /// same request, whose range then holds. `shouldStop` is asked between
    /// windows.
    public func run(request: String, start: Int64, end: Int64, endsNow: Bool, updatedAfter: Date? = nil,
                    progress: ProgressHandler? = nil, shouldStop: () -> Bool = { false }) throws -> Summary {
        let ledger = FetchLedger(catalog: catalog)
        let source: FetchLedger.Source
        if let unfinished = try ledger.source(service: service.name, request: request), unfinished.backfilledAt == nil {
            source = unfinished
        } else {
            progress?(Progress(windowsDone: 0, windowsTotal: 0, events: 0, window: nil, phase: .counting))
            let windows = try plan(start: start, end: end, updatedAfter: updatedAfter)
            source = try ledger.begin(kind: .fdsn, service: service.name, request: request, parameters: query.filterText,
                                      format: query.format.rawValue, startTime: start, endTime: end, endsNow: endsNow,
                                      windows: windows)
        }
        var summary = Summary(startTime: source.startTime, endTime: source.endTime)
        var windows = try ledger.windows(of: source)
        summary.windowsDoneBefore = windows.filter(\.done).count
        try fetchWindows(&windows, endingAt: source.endTime, updatedAfter: updatedAfter, into: &summary,
                         records: { window, _ in [.windowDone(source: source.id, startTime: window.startTime)] },
                         split: { try ledger.split($0, of: source, into: $1) }, progress: progress, shouldStop: shouldStop)
        if windows.allSatisfy(\.done) { try ledger.record([.backfilled(source: source.id, at: Date())]) }
        return summary
    }

    /// Brings a backfilled source up to date: what is new or revised since
    /// its last sync (`updatedafter` where the service takes it, else every
    /// event from a day before the newest quake stored in its range on), up
    /// to now when the query named no end. Its windows are planned as a backfill's but not kept:
    /// a sync cut short is simply run again from the same mark.
    public func sync(_ source: FetchLedger.Source, now: Date = Date(), progress: ProgressHandler? = nil) throws -> Summary {
        let end = source.endsNow ? now.epochMilliseconds : source.endTime
        var start = source.startTime
        var updatedAfter: Date?
        if let synced = source.syncedAt, service.takesUpdatedAfter {
            updatedAfter = synced
        } else if let newest = try FetchLedger(catalog: catalog).newestQuakeTime(from: start, to: end) {
            start = max(start, newest - 86_400_000)
        }
        var summary = Summary(startTime: start, endTime: end)
        guard start <= end else {
            try FetchLedger(catalog: catalog).record([.synced(source: source.id, at: now)])
            return summary
        }
        progress?(Progress(windowsDone: 0, windowsTotal: 0, events: 0, window: nil, phase: .counting))
        var windows = try plan(start: start, end: end, updatedAfter: updatedAfter)
        do {
            try fetchWindows(&windows, endingAt: end, updatedAfter: updatedAfter, into: &summary,
                             records: { _, last in last ? [.synced(source: source.id, at: now)] : [] },
                             split: { _, _ in }, progress: progress, shouldStop: { false })
        } catch let error as WindowError {
            throw error.cause   // nothing of a sync is kept to go on from: it runs again from the same mark
        }
        return summary
    }

    /// Asks the windows not done, in order, each imported with its
    /// `records` (`last`: the window holding the range's end); one the
    /// service refuses as too big is replaced by its halves (`split` keeps
    /// them). Stops between windows when `shouldStop`.
    private func fetchWindows(_ windows: inout [FetchLedger.Window], endingAt end: Int64, updatedAfter: Date?,
                              into summary: inout Summary,
                              records: (FetchLedger.Window, _ last: Bool) -> [ImportRecord],
                              split: (FetchLedger.Window, [FetchLedger.Window]) throws -> Void,
                              progress: ProgressHandler?, shouldStop: () -> Bool) throws {
        var index = 0
        while index < windows.count {
            let window = windows[index]
            if window.done { index += 1; continue }
            if shouldStop() { break }
            let (done, total, events) = (windows.filter(\.done).count, windows.count,
                                       summary.imported.new + summary.imported.updated + summary.imported.unchanged)
            let report: (@Sendable (Progress.Phase) -> Void) = { phase in
                progress?(Progress(windowsDone: done, windowsTotal: total, events: events, window: window, phase: phase))
            }
            let last = window.endTime == end
            let outcome: WindowOutcome
            do {
                outcome = try fetch(window, includingEnd: last, updatedAfter: updatedAfter, records: records(window, last),
                                    report: report)
            } catch {
                throw WindowError(window: window, cause: error, windowsDone: done, windowsTotal: total)
            }
            switch outcome {
            case .imported(let imported):
                summary.add(imported)
                windows[index].done = true
                index += 1
            case .tooBig:
                let parts = Self.halves(of: window)
                try split(window, parts)
                windows.replaceSubrange(index...index, with: parts)
            }
        }
        summary.windows = windows.count
    }

    enum WindowOutcome {
        case imported(ImportReport)
        case tooBig
    }

    /// Asks for one window and imports its answer with `records`, and the
    /// catalog's last fetch (the browser's "updated" time).
    private func fetch(_ window: FetchLedger.Window, includingEnd: Bool, updatedAfter: Date?, records windowRecords: [ImportRecord],
                       report: @escaping @Sendable (Progress.Phase) -> Void) throws -> WindowOutcome {
        let records = windowRecords + [.lastFetch(LastFetch(date: Date(), url: FeedSource(url: service.baseURL).description))]
        let url = service.url("query", query.items(from: window.startTime, to: window.endTime, updatedAfter: updatedAfter))
        let body: FeedDownload.Body
        // Said before asking: until then the run still took the previous
        // window's import for under way, and a Ctrl-C meanwhile waited for
        // this window to land instead of ending the program at once.
        report(.downloading(received: 0))
        do {
            body = try downloader.body(of: url) { received, _ in report(.downloading(received: received)) }
        } catch let error as FetchError {
            if case .httpStatus(let status) = error.reason, [400, 413].contains(status),
               window.endTime - window.startTime >= 2 * Self.shortestWindow {
                return .tooBig
            }
            throw error
        }
        let name = "\(service.name) \(FDSNQuery.time(window.startTime))…\(FDSNQuery.time(window.endTime))"
        guard let data = try body.fdsnEvents(from: url, limit: downloader.maxDownload) else {
            try FetchLedger(catalog: catalog).record(records)
            return .imported(ImportReport(name: name))
        }
        let (start, end) = (window.startTime, window.endTime)
        report(.importing(events: 0))
        let imported = try QuakeImporter(catalog: catalog).importData(
            data, name: name, service: service.identity, recording: records,
            placing: { quake in
                let time = quake.time.epochMilliseconds
                if time < start || time > end { return .outside }
                return includingEnd || time < end ? .inside : .atItsEnd
            },
            answeredAt: Date(), progress: { report(.importing(events: $0.rows)) })
        return .imported(imported)
    }

    /// The windows of `[start, end]`: one, unless the service counts and
    /// the range holds more than a window may; then parts counted again
    /// until each may.
    func plan(start: Int64, end: Int64, updatedAfter: Date?) throws -> [FetchLedger.Window] {
        guard service.hasCount else { return [FetchLedger.Window(startTime: start, endTime: end)] }
        let limit = Int(Double(service.eventLimit ?? 20_000) * Self.plannedShare)
        do {
            return try counted(start: start, end: end, updatedAfter: updatedAfter, limit: limit)
        } catch is CountUnavailable {
            return [FetchLedger.Window(startTime: start, endTime: end)]
        }
    }

    private struct CountUnavailable: Error {}

    private func counted(start: Int64, end: Int64, updatedAfter: Date?, limit: Int) throws -> [FetchLedger.Window] {
        let events = try count(start: start, end: end, updatedAfter: updatedAfter)
        guard events > limit, end - start >= 2 * Self.shortestWindow else {
            return [FetchLedger.Window(startTime: start, endTime: end)]
        }
        // Parts of equal time; one still too full (a swarm) is cut again.
        let parts = Int64(min(64, (events + limit - 1) / limit + 1))
        let step = max(Self.shortestWindow, (end - start) / parts)
        var windows: [FetchLedger.Window] = []
        var from = start
        while from < end {
            let to = end - from < 2 * step ? end : from + step
            windows += try counted(start: from, end: to, updatedAfter: updatedAfter, limit: limit)
            from = to
        }
        return windows
    }

    /// The service's count of events in the range; `CountUnavailable` when
    /// it has no count endpoint (a URL's service that answers 404, say).
    private func count(start: Int64, end: Int64, updatedAfter: Date?) throws -> Int {
        let url = service.url("count", query.items(from: start, to: end, updatedAfter: updatedAfter, counting: true))
        let body: FeedDownload.Body
        do {
            body = try downloader.body(of: url)
        } catch let error as FetchError {
            if case .httpStatus(let status) = error.reason, status != 429, status != 503 { throw CountUnavailable() }
            throw error
        }
        if body.status == 204 { return 0 }
        let text = String(decoding: body.data.prefix(1000), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        // Plain `1234`, or USGS's `{"count":1234,"maxAllowed":20000}`; anything else is no count.
        if let events = Int(text), events >= 0 { return events }
        if let key = text.range(of: #""count"\s*:\s*"#, options: .regularExpression),
           let events = Int(text[key.upperBound...].prefix { $0.isASCII && $0.isNumber }) {
            return events
        }
        throw CountUnavailable()
    }

    /// A refused window's two halves, to be asked in its place.
    static func halves(of window: FetchLedger.Window) -> [FetchLedger.Window] {
        let middle = window.startTime + (window.endTime - window.startTime) / 2
        return [FetchLedger.Window(startTime: window.startTime, endTime: middle),
                FetchLedger.Window(startTime: middle, endTime: window.endTime)]
    }
}
