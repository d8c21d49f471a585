import Foundation
import Synchronization

/// The effects that run off the run loop's thread (a delete, a merge, a
/// search, a frequency sheet, a section, a declustering, `C`'s locating),
/// counted, so that the browser ends only once none still reads or
/// writes the catalog: closing it under a running statement crashes in
/// SQLite, and a write cut off would be lost. A declustering asks
/// `isStopping` at each step and gives up.
final class BackgroundWork: Sendable {
    private let group = DispatchGroup()
    private let stopping = Mutex(false)

    var isStopping: Bool { stopping.withLock { $0 } }

    /// Runs `work` on a global queue, then hands its outcome to `post`.
    func start(_ work: @escaping @Sendable () -> BrowserEvent, post: @escaping @Sendable (BrowserEvent) -> Void) {
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async { [group] in
            defer { group.leave() }
            post(work())
        }
    }

    /// What runs is told to stop, and waited for.
    func stopAndWait() {
        stopping.withLock { $0 = true }
        group.wait()
    }
}
