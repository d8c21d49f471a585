import Foundation
import Synchronization
import Testing
@testable import QuakesApp

/// The browser ends only once the work it started off its thread is done:
/// `stopAndWait` waits for it, and tells it to stop.
@Suite struct BackgroundWorkTests {
    @Test func stopWaitsForTheWorkRunningAndTellsItToStop() {
        let work = BackgroundWork()
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let posted = Mutex<[String]>([])
        work.start({
            started.signal()
            release.wait()
            return .notice("done")
        }, post: { event in
            if case .notice(let line) = event { posted.withLock { $0.append(line) } }
        })
        #expect(started.wait(timeout: .now() + 10) == .success)
        #expect(!work.isStopping)
        let stopped = DispatchSemaphore(value: 0)
        // A thread of its own: the global queue's threads may all be busy
        // with other suites' work, and start the stop late.
        Thread {
            work.stopAndWait()
            stopped.signal()
        }.start()
        let deadline = Date().addingTimeInterval(10)
        while !work.isStopping && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(work.isStopping)
        #expect(stopped.wait(timeout: .now() + 0.3) == .timedOut, "still running: not stopped yet")
        release.signal()
        #expect(stopped.wait(timeout: .now() + 10) == .success)
        #expect(posted.withLock { $0 } == ["done"], "its outcome posted before the stop returns")
    }
}
