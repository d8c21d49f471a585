import Foundation
import QuakeFeed
import QuakeStore

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
        var notice: String
        /// A catalog of the cache, which is not refreshed from a feed.
        var isCached: Bool
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
            return Opened(catalog: catalog, title: title, notice: try readNotice(catalog, skipped: skipped), isCached: false)
        }
        try cache.create()
        let fileKey = sources.contains { $0 == "-" || Self.isURL($0) } ? nil : CacheFolder.key(forFiles: sources)
        let key = fileKey ?? CacheFolder.uniqueKey()
        let path = cache.catalogPath(key: key)
        if fileKey != nil, FileManager.default.fileExists(atPath: path) {
            cache.markUsed(path)
            cache.evict(limit: cacheLimit, keeping: path)
            let catalog = try QuakeCatalog(path: path, purpose: .browse)
            let count = DigitGrouping.grouped(try catalog.count())
            return Opened(catalog: catalog, title: title, notice: "opened \(title) from the cache (\(count) quakes)",
                          isCached: true)
        }
        let (catalog, notice) = try importIntoCache(path: path, key: key)
        cache.evict(limit: cacheLimit, keeping: path)
        return Opened(catalog: catalog, title: title, notice: notice, isCached: true)
    }

    /// Imports into a temporary catalog, renamed to `path` once every
    /// source is in: a failure leaves nothing in the cache.
    private func importIntoCache(path: String, key: String) throws -> (QuakeCatalog, String) {
        let temporary = cache.temporaryPath(key: key)
        CacheFolder.remove(catalog: temporary)
        var notice: String
        do {
            let catalog = try QuakeCatalog(path: temporary, purpose: .write)
            do {
                let skipped = try importAll(into: catalog)
                try CacheFolder.recordSource(sources.map(shownName).joined(separator: ", "), in: catalog)
                notice = try readNotice(catalog, skipped: skipped)
                // Closed first: its WAL is written into the file and removed, so the rename moves everything.
                try catalog.close()
            } catch {
                try? catalog.close()
                throw error
            }
            guard rename(temporary, path) == 0 else {
                throw CacheError("cannot rename \(temporary) to \(path): \(String(cString: strerror(errno)))")
            }
            // The close emptied the WAL into the file: an empty `-wal` or `-shm` may stay behind its old name.
            CacheFolder.remove(catalog: temporary)
        } catch {
            CacheFolder.remove(catalog: temporary)
            throw error
        }
        return (try QuakeCatalog(path: path, purpose: .browse), notice)
    }

    /// `read 4,857 quakes from catalog.csv`, and how many rows were skipped.
    private func readNotice(_ catalog: QuakeCatalog, skipped: Int) throws -> String {
        let count = DigitGrouping.grouped(try catalog.count())
        let names = sources.map(shownName).joined(separator: ", ")
        return "read \(count) quakes from \(names)" + (skipped > 0 ? " (\(DigitGrouping.grouped(skipped)) rows skipped)" : "")
    }

    private func shownName(_ source: String) -> String {
        source == "-" ? "standard input" : Self.isURL(source) ? URLUserInfo.removed(from: source) : source
    }

    /// Every source into `catalog`, each whole or not at all; the first
    /// that fails ends the open. Returns how many rows were skipped. On a
    /// terminal a line on stderr says how far the read is, until the browser starts.
    private func importAll(into catalog: QuakeCatalog) throws -> Int {
        let importer = QuakeImporter(catalog: catalog)
        var skipped = 0
        for source in sources {
            let name = source == "-" ? "standard input" : Self.isURL(source) ? shownName(source) : source
            let bar = isatty(STDERR_FILENO) == 1 ? ProgressBar(label: name, exitsOnSignal: false) : nil
            defer { bar?.clear() }
            let progress: QuakeImporter.Progress = { bar?.show(line: "reading \(name): \(DigitGrouping.grouped($0)) quakes…") }
            let report = Self.isURL(source) ? try importURL(source, importer, bar: bar, progress: progress)
                : try importer.importFile(at: source, progress: progress)
            skipped += report.skipped.count
        }
        return skipped
    }

    /// Downloads as `fetch` does (the timeout, `max-download`), inflates
    /// gzip as `import` does, and reads any format `import` reads.
    private func importURL(_ text: String, _ importer: QuakeImporter, bar: ProgressBar?,
                           progress: @escaping QuakeImporter.Progress) throws -> ImportReport {
        let source = try FeedSource(urlString: text)
        let body = try FeedDownload.body(of: source, timeout: timeout, limit: maxDownload) { received, expected in
            bar?.show(.downloading(received: received, expected: expected))
        }
        let data: Data
        do { data = try Gzip.decompressedIfCompressed(body.data, limit: maxDownload) } catch .overLimit {
            throw FetchError(source: source.description, reason: .overLimit(maxDownload))
        } catch .invalid(let reason) {
            throw FetchError(source: source.description, reason: .notGzip(reason))
        }
        return try importer.importData(data, name: source.description, progress: progress)
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
