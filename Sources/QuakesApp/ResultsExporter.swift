import Foundation
import QuakeOutput
import QuakeQuery
import QuakeStore
import Synchronization

/// What `e` asks to write: the results of a configuration, in the format
/// its file's extension names.
public struct ExportRequest: Sendable, Equatable {
    /// The name as the user typed it: what messages say.
    public var file: String
    public var format: QuakeListFormat.Format
    public var configuration: FetchConfiguration
    /// Whether an existing file may be replaced (the user said `y`).
    public var overwrite: Bool
    /// CSV with `'` before a text field a spreadsheet would run as a
    /// formula (`QuakeListFormat.csvSafe`): on, as the browser's CSV files
    /// are for spreadsheets; `list --format csv` keeps the text exactly.
    public var csvSafe = true

    /// The formats a file's extension can name, and their extensions.
    public static let extensions: [(String, QuakeListFormat.Format)] = [("csv", .csv), ("json", .json), ("geojson", .geojson)]

    /// The format `file`'s extension names (case ignored), if one.
    public static func format(of file: String) -> QuakeListFormat.Format? {
        let name = URL(fileURLWithPath: file).lastPathComponent
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        return extensions.first { $0.0 == ext }?.1
    }

    /// Where the file is: `~/` expanded from `$HOME`, else as typed
    /// (relative to the current folder). What messages say once it is written.
    public var path: String { Self.expandingTilde(file, home: XDGDirectory.home()) }

    /// `~` and `~/…` from `home` (`$HOME`), as a shell expands them; the
    /// password database's home only when HOME is unset or empty, and for
    /// `~user/…`; anything else as it is. (Foundation's expansion reads the
    /// password database even when HOME names another folder.)
    static func expandingTilde(_ file: String, home: String) -> String {
        if file == "~" || file.hasPrefix("~/") { return home + file.dropFirst() }
        return (file as NSString).expandingTildeInPath   // ~user/…
    }
}

/// The export failed: `cannot write quakes.csv: No space left on device`.
/// The cause is kept (a system error, or the catalog's read error).
public struct ExportError: Error, CustomStringConvertible {
    public let file: String
    public let cause: any Error
    public var description: String { "cannot write \(file): \(cause)" }
}

/// Runs exports off the run loop's thread, one at a time, and reports them
/// as events: progress at most ten times a second, then the outcome. The
/// rows are read from the catalog for the request's configuration as `list`
/// reads them (a cursor, constant memory), not from the browser's window.
final class ResultsExporter: Sendable {
    private let catalog: QuakeCatalog
    private let post: @Sendable (BrowserEvent) -> Void
    private let cancelled = Atomic(false)
    private let finished = DispatchGroup()
    static let progressInterval: UInt64 = 100_000_000

    init(catalog: QuakeCatalog, post: @escaping @Sendable (BrowserEvent) -> Void) {
        self.catalog = catalog
        self.post = post
    }

    /// Starts writing `request` on a background thread.
    func start(_ request: ExportRequest) {
        finished.enter()
        Thread.detachNewThread { [self] in
            defer { finished.leave() }
            let result = Result<Int, any Error> {
                try Self.export(request, from: catalog) { [self] written, total in
                    if cancelled.load(ordering: .acquiring) { throw CancellationError() }
                    post(.exportProgress(written: written, total: total))
                }
            }
            if case .failure(is CancellationError) = result { return }
            post(.exportFinished(file: request.path, result))
        }
    }

    /// Stops a running export and waits until its temporary file is gone
    /// (the browser is quitting).
    func cancelAndWait() {
        cancelled.store(true, ordering: .releasing)
        finished.wait()
    }

    /// Writes the request's results to its file, whole or not at all, and
    /// returns how many quakes it holds. `progress` hears the rows written
    /// and the count, at most every 100 ms; what it throws ends the export
    /// and is rethrown as it is.
    static func export(_ request: ExportRequest, from catalog: QuakeCatalog,
                       progress: (_ written: Int, _ total: Int) throws -> Void = { _, _ in }) throws -> Int {
        let file: AtomicFileOutput
        do { file = try AtomicFileOutput(replacing: request.path) } catch {
            throw ExportError(file: request.path, cause: error)
        }
        var written = 0
        do {
            // Counted first: the progress line's total and GeoJSON's metadata.
            let snapshot = try ResultsController(catalog, configuration: request.configuration).fetchNow(counting: true)
            let total = snapshot.count ?? 0
            var lastReport = DispatchTime.now().uptimeNanoseconds
            var output = file
            var format = QuakeListFormat(format: request.format, configuration: request.configuration, csvSafe: request.csvSafe)
            format.columns = .all   // a file for a person: every field the catalog holds
            try format.write(snapshot, limit: 0, to: &output) { rows in
                    written = rows
                    // A full disk ends the export at once, not after reading every row.
                    if let failure = file.failure { throw SystemError(errno: failure) }
                    guard rows % 256 == 0 else { return }
                    let now = DispatchTime.now().uptimeNanoseconds
                    if now - lastReport >= progressInterval {
                        lastReport = now
                        try progress(rows, total)
                    }
                }
            try file.commit(overwrite: request.overwrite)
        } catch let error as CancellationError {
            file.discard()
            throw error
        } catch {
            file.discard()
            // A read that failed is said as list says it: `database PATH: cannot read: …`.
            throw ExportError(file: request.path, cause: catalog.readFailure(error))
        }
        return written
    }
}
