import Foundation
import QuakeFeed
import QuakeOutput
import Synchronization
import TerminalUI

/// One line on stderr, redrawn in place: `all_day.geojson [████░░░░] 1.2 MB of 3.4 MB`,
/// then `… importing 4096 features`. Redrawn only when its text changes.
final class ProgressBar: Sendable {
    private let label: String
    /// The line on screen; locked while it is written, so lines never interleave.
    private let shown = Mutex("")
    /// The bar's blocks need UTF-8; other terminals get `#` and `.`.
    private let utf8 = ASCIIFallback.localeIsUTF8()

    /// `exitsOnSignal`: a signal wipes the bar and ends the program (the
    /// caller has nothing to finish; else it handles signals itself).
    init(label: String, exitsOnSignal: Bool = true) {
        self.label = TerminalText.visible(label)   // a URL's last part is percent-decoded: %1b is ESC
        // Interrupted mid-download: wipe the bar so the shell prompt starts
        // clean. Nothing was committed, so nothing is lost.
        for number in [SIGINT, SIGTERM, SIGHUP] where exitsOnSignal {
            signal(number) { received in
                let wipe: StaticString = "\r\u{1B}[K"
                _ = Glibc.write(STDERR_FILENO, wipe.utf8Start, wipe.utf8CodeUnitCount)
                _exit(128 + received)
            }
        }
    }

    func show(_ progress: FeedFetcher.Progress) {
        show(line: progress.line(label: label))
    }

    /// Any line: `indexing 3 of 8 (magnitude sections)…`.
    func show(line text: String) {
        let line = utf8 ? text : ASCIIFallback.transliterate(text)
        shown.withLock { shown in
            guard line != shown else { return }
            shown = line
            write("\r\u{1B}[K" + line)
        }
    }

    func clear() {
        shown.withLock { _ in write("\r\u{1B}[K") }
    }

    private func write(_ text: String) {
        // A closed or full stderr loses the bar, never the fetch.
        _ = FileDescriptorWriter.writeAll(Array(text.utf8), to: STDERR_FILENO)
    }
}
