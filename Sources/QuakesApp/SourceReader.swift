import Foundation
import Synchronization
import ThreadWaiting

/// What the browser reads while it shows what is read so far (`quakes-tui
/// FILE`): the app supplies it (the browser knows nothing of files and
/// formats). `read` imports, committing as it goes, tells its progress as
/// one line, stops (throwing) once `shouldStop` says so, and returns the
/// bottom line's notice for the end of the read.
public struct SourceRead: Sendable {
    public var read: @Sendable (_ shouldStop: @escaping @Sendable () -> Bool,
                                _ progress: @escaping @Sendable (String) -> Void) throws -> String

    public init(read: @escaping @Sendable (_ shouldStop: @escaping @Sendable () -> Bool,
                                           _ progress: @escaping @Sendable (String) -> Void) throws -> String) {
        self.read = read
    }
}

/// Runs the `SourceRead` on a thread of its own from the browser's start,
/// posts its progress (`ProgressLines`) and its outcome, and is stopped
/// and waited for when the browser ends, before the catalog is closed.
final class SourceReader: Sendable {
    private let lines: ProgressLines
    private let stopRequested = Mutex(false)
    private let finished = WaitableMutex(false)

    private init(lines: ProgressLines) { self.lines = lines }

    static func start(_ source: SourceRead, post: @escaping @Sendable (BrowserEvent) -> Void) -> SourceReader {
        let reader = SourceReader(lines: ProgressLines { post(.readProgress($0)) })
        _ = reader.lines.begin()
        Thread.detachNewThread { [reader] in
            let result = Result {
                try source.read({ reader.stopRequested.withLock { $0 } }, { reader.lines.report($0) })
            }
            reader.lines.end { post(.readFinished(result)) }
            reader.finished.withLock { $0 = true }
        }
        return reader
    }

    /// Asks the read to stop and waits until it has.
    func stopAndWait() {
        stopRequested.withLock { $0 = true }
        finished.wait { $0 ? () : nil }
    }
}
