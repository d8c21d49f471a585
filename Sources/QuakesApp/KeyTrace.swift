import Foundation
import QuakeQuery

/// With `QUAKES_TRACE=FILE`, appends one line per batch of keys: the
/// milliseconds from reading the keys to the first frame that shows their
/// results, then to the frame that also has the exact count (`4.210 12.800`).
/// A frame shows a batch's results when it is drawn from a snapshot of the
/// generation the keys asked for, or a later one (later keys' results
/// include theirs); keys that ask for no new results (moving, paging) are
/// shown by the very next frame. And once each, the wall-clock time (Unix
/// seconds) of the first frame showing quakes (`open-first-rows …`) and of
/// the first with all of them read and counted (`open-browsable …`), then
/// of the first after the indexes it left pending are built
/// (`open-indexed …`, once `indexing…` was shown and is gone): what
/// `make bench` times an open from.
final class KeyTrace {
    private struct Pending {
        let start: DispatchTime
        /// The snapshot generation whose frame shows these keys; nil: the next frame does.
        let generation: Int?
        var firstShown: Double?
    }

    private let handle: FileHandle
    private var pending: [Pending] = []
    private var shownRows = false
    private var shownBrowsable = false
    private var sawIndexing = false
    private var shownIndexed = false

    init?(path: String) {
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: path) else { return nil }
        handle.seekToEndOfFile()
        self.handle = handle
    }

    /// Keys read at `start` were handled; `generation` is the snapshot they
    /// wait for, nil when they changed no configuration.
    func keysHandled(at start: DispatchTime, awaiting generation: Int?) {
        // A fetch that failed never shows: a minute later the keys are dropped.
        pending.removeAll { Self.milliseconds(since: $0.start) > 60_000 }
        pending.append(Pending(start: start, generation: generation))
    }

    /// A frame was drawn from `page`: records the keys it shows.
    func frameDrawn(from page: ResultsPage?) {
        guard !pending.isEmpty else { return }
        var lines = ""
        pending = pending.compactMap { entry in
            var entry = entry
            let ms = Self.milliseconds(since: entry.start)
            guard let generation = entry.generation else {
                lines += String(format: "%.3f %.3f\n", ms, ms)
                return nil
            }
            guard let page, page.generation >= generation else { return entry }
            let first = entry.firstShown ?? ms
            guard page.isComplete else {
                entry.firstShown = first
                return entry
            }
            lines += String(format: "%.3f %.3f\n", first, ms)
            return nil
        }
        if !lines.isEmpty { handle.write(Data(lines.utf8)) }
    }

    /// A frame was drawn from `model`: records the open's first frames.
    func openFrameDrawn(_ model: BrowserModel) {
        let now = String(format: "%.3f", Date().timeIntervalSince1970)
        if shownBrowsable {
            guard !shownIndexed else { return }
            if model.isIndexing {
                sawIndexing = true
            } else if sawIndexing {
                shownIndexed = true
                handle.write(Data("open-indexed \(now)\n".utf8))
            }
            return
        }
        guard let page = model.page else { return }
        if !shownRows && !page.rows.isEmpty {
            shownRows = true
            handle.write(Data("open-first-rows \(now)\n".utf8))
        }
        if shownRows && page.isComplete && model.readStatus == nil {
            shownBrowsable = true
            handle.write(Data("open-browsable \(now)\n".utf8))
        }
    }

    private static func milliseconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
    }
}
