import Foundation
import QuakeFeed
import QuakeStore
import QuakesApp
import Synchronization

/// `quakes-tui FILE…`, `quakes-tui URL`, `… | quakes-tui -`: the catalog
/// the browser opens on exactly what the sources hold. Files are read as
/// `import` reads them (every format, gzip too), a URL as `fetch`
/// downloads one. Without `--db` they go into a catalog of their own in the
/// cache folder (`CacheFolder`), kept for the next open of the same
/// unchanged files; standard input, pipes and URLs get a new one each time.
struct SourceOpening {
    /// What the command line named: paths, `-`, http(s) URLs.
    let sources: [String]
    /// `--db`: import into this catalog instead, and keep it.
    let db: String?
    let timeout: Double
    let maxDownload: Int
    let cache: CacheFolder
    let cacheLimit: Int

    /// The catalog opened, how the browser names it, and the bottom line's notice.
    struct Opened {
        var catalog: QuakeCatalog
        var title: String
        var notice: String?
        /// A catalog of the cache, which is not refreshed from a feed.
        var isCached: Bool
        /// A new cache catalog's read, which the browser runs while it
        /// shows the quakes read so far; nil when the catalog is whole.
        var reading: SourceRead?
        /// How that read ended (or that it did not).
        var readOutcome: ReadOutcome?
    }

    /// The commands' names (and `help`), which are never files to open.
    static var commandNames: Set<String> {
        Set(QuakesTUI.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"])
    }

    /// `http://` and `https://` (any case) name a URL; anything else is a path.
    static func isURL(_ source: String) -> Bool {
        let lower = source.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// `catalog.csv`, `all_day.geojson`, `standard input`; `a.csv and 2 more`.
    var title: String {
        let first = sources[0] == "-" ? "standard input"
            : Self.isURL(sources[0]) ? (URL(string: sources[0])?.lastPathComponent ?? sources[0])
            : (sources[0] as NSString).lastPathComponent
        return sources.count == 1 ? first : "\(first) and \(sources.count - 1) more"
    }

    func open() throws -> Opened {
        if let db {
            let catalog = try QuakeCatalog.open(explicitPath: db, seedIfNew: false, busyTimeout: 600, purpose: .write)
            let skipped = try importAll(into: catalog)
            return Opened(catalog: catalog, title: title,
                          notice: try Self.readNotice(catalog, names: sources.map(shownName), skipped: skipped), isCached: false)
        }
        try cache.create()
        let fileKey = sources.contains { $0 == "-" || Self.isURL($0) } ? nil : CacheFolder.key(forFiles: sources)
        let path = cache.catalogPath(key: fileKey ?? CacheFolder.uniqueKey())
        if fileKey != nil, FileManager.default.fileExists(atPath: path), CacheFolder.isComplete(catalogAt: path) {
            cache.markUsed(path)
            cache.evict(limit: cacheLimit, keeping: path)
            let catalog = try QuakeCatalog(path: path, purpose: .browse)
            let count = DigitGrouping.grouped(try catalog.count())
            return Opened(catalog: catalog, title: title, notice: "opened \(title) from the cache (\(count) quakes)",
                          isCached: true)
        }
        guard let lock = CacheFolder.ReadLock(catalogPath: path) else {
            // Another quakes-tui is reading the same file: its quakes show here as it commits them.
            return Opened(catalog: try QuakeCatalog(path: path, purpose: .browse), title: title,
                          notice: "another quakes-tui is reading \(title): its quakes show as they are read", isCached: true)
        }
        // An earlier read that did not end (a kill, a power cut): read again from the start.
        CacheFolder.remove(catalog: path)
        let inputs = try loadInputs()
        cache.evict(limit: cacheLimit, keeping: path)
        let catalog: QuakeCatalog
        do {
            catalog = try QuakeCatalog(path: path, purpose: .write)
            try CacheFolder.recordSource(sources.map(shownName).joined(separator: ", "), in: catalog)
        } catch {
            CacheFolder.forget(catalog: path)
            throw error
        }
        let outcome = ReadOutcome()
        let names = sources.map(shownName)
        let reading = SourceRead { shouldStop, progress in
            // Held until the read ends: another open of the file shows what this one reads.
            defer { withExtendedLifetime(lock) {} }
            do {
                let skipped = try Self.read(inputs, into: catalog, shouldStop: shouldStop, progress: progress)
                lock.removeFile()
                let notice = try Self.readNotice(catalog, names: names, skipped: skipped)
                outcome.end(.complete)
                return notice
            } catch {
                outcome.end(error is ImportStopped ? .stopped : .failed(error))
                throw error
            }
        }
        return Opened(catalog: catalog, title: title, notice: nil, isCached: true, reading: reading, readOutcome: outcome)
    }

    /// What a new cache catalog reads: a file by its path; a URL
    /// downloaded and standard input read now, before the browser starts
    /// (a line on stderr says how far).
    enum Input: Sendable {
        case file(path: String)
        case data(Data, name: String)

        var name: String {
            switch self {
            case .file(let path): path
            case .data(_, let name): name
            }
        }
    }

    private func loadInputs() throws -> [Input] {
        try sources.map { source in
            if source == "-" {
                return .data(try QuakeImporter.readStandardInput(), name: "standard input")
            }
            guard Self.isURL(source) else { return .file(path: source) }
            let bar = isatty(STDERR_FILENO) == 1 ? ProgressBar(label: shownName(source), exitsOnSignal: true) : nil
            defer { bar?.clear() }
            return .data(try download(source, bar: bar), name: shownName(source))
        }
    }

    /// Reads every input into the new catalog, committing as it goes (the
    /// browser shows what is read); returns how many rows were skipped.
    private static func read(_ inputs: [Input], into catalog: QuakeCatalog, shouldStop: @escaping @Sendable () -> Bool,
                             progress: @escaping @Sendable (String) -> Void) throws -> Int {
        try importEach(inputs, into: catalog, streaming: { isLast in
            // The last input's last transaction marks the catalog complete: before the browser's
            // index build may take the writer, and never without all the rows.
            StreamingImport(shouldStop: shouldStop, finishing: isLast ? CacheFolder.markComplete : nil)
        }) { index, input in
            let text = ReadProgressText(name: (input.name as NSString).lastPathComponent, position: (index, inputs.count))
            progress(text.browserLine(ImportProgress(rows: 0, bytesRead: 0, totalBytes: 0)))
            return { progress(text.browserLine($0)) }
        }
    }

    /// Imports the inputs one after the other, each with its own progress
    /// (`progress` makes it from the input's place and itself) and, when
    /// `streaming` says how, committing as it goes; returns how many rows were skipped.
    private static func importEach(_ inputs: [Input], into catalog: QuakeCatalog,
                                   streaming: ((_ isLast: Bool) -> StreamingImport)?,
                                   progress: (Int, Input) -> QuakeImporter.Progress) throws -> Int {
        let importer = QuakeImporter(catalog: catalog)
        var skipped = 0
        for (index, input) in inputs.enumerated() {
            let streaming = streaming?(index == inputs.count - 1), tell = progress(index, input)
            let report = switch input {
            case .file(let path): try importer.importFile(at: path, progress: tell, streaming: streaming)
            case .data(let data, let name): try importer.importData(data, name: name, progress: tell, streaming: streaming)
            }
            skipped += report.skipped.count
        }
        return skipped
    }

    /// `read 4,857 quakes from catalog.csv`, and how many rows were skipped.
    private static func readNotice(_ catalog: QuakeCatalog, names: [String], skipped: Int) throws -> String {
        let count = DigitGrouping.grouped(try catalog.count())
        return "read \(count) quakes from \(names.joined(separator: ", "))"
            + (skipped > 0 ? " (\(DigitGrouping.grouped(skipped)) rows skipped)" : "")
    }

    private func shownName(_ source: String) -> String {
        source == "-" ? "standard input" : Self.isURL(source) ? URLUserInfo.removed(from: source) : source
    }

    /// Every source into `catalog`, each whole or not at all; the first
    /// that fails ends the open. Returns how many rows were skipped. On a
    /// terminal a line on stderr says how far the read is, until the browser starts.
    private func importAll(into catalog: QuakeCatalog) throws -> Int {
        let bar = isatty(STDERR_FILENO) == 1 ? ProgressBar(label: title, exitsOnSignal: false) : nil
        defer { bar?.clear() }
        return try Self.importEach(try loadInputs(), into: catalog, streaming: nil) { _, input in
            let text = ReadProgressText(name: input.name)
            let start = Date()
            return { bar?.show(line: text.importLine($0, elapsed: Date().timeIntervalSince(start))) }
        }
    }

    /// Downloads as `fetch` does (the timeout, `max-download`), and
    /// inflates gzip as `import` does.
    private func download(_ text: String, bar: ProgressBar?) throws -> Data {
        let source = try FeedSource(urlString: text)
        let body = try FeedDownload.body(of: source, timeout: timeout, limit: maxDownload) { received, expected in
            bar?.show(.downloading(received: received, expected: expected))
        }
        do { return try Gzip.decompressedIfCompressed(body.data, limit: maxDownload) } catch .overLimit {
            throw FetchError(source: source.description, reason: .overLimit(maxDownload))
        } catch .invalid(let reason) {
            throw FetchError(source: source.description, reason: .notGzip(reason))
        }
    }

    /// After standard input was read: the keys come from the terminal
    /// (`/dev/tty`) instead, as `less` does; no terminal is NoTerminalError.
    static func readKeysFromTerminal() throws {
        let terminal = Glibc.open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard terminal >= 0 else { throw NoTerminalError() }
        defer { close(terminal) }
        guard dup2(terminal, STDIN_FILENO) >= 0 else { throw NoTerminalError() }
    }
}

/// How a cache catalog's read ended, said again once the browser is gone.
final class ReadOutcome: Sendable {
    enum State: Sendable {
        case running, complete, stopped
        case failed(any Error)
    }
    private let state = Mutex(State.running)
    func end(_ ending: State) { state.withLock { $0 = ending } }
    var current: State { state.withLock { $0 } }
}
