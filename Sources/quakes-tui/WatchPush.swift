// `watch --push`: alerts as EMSC's stream pushes quakes, until a signal,
// and what the watch says on stderr of the stream (live, lost, caught up).
import ArgumentParser
import Foundation
import QuakeFeed
import QuakeOutput
import QuakePush
import QuakeQuery
import QuakeStore
import QuakesApp
import Synchronization
import TerminalUI

extension WatchCommand {
    /// Alerts as the stream brings quakes, until a signal (status 0).
    func runPush(_ feed: PushFeed, matcher: inout AlertMatcher, signals: SignalPipe) throws -> Never {
        let wake = try WakePipe.nonBlocking()
        let events = Mutex<[PushFeed.Event]>([])
        let task = feed.start { event in
            events.withLock { $0.append(event) }
            wake.poke()
        }
        let bell = self.bell ? WatchBell() : nil
        while true {
            var fds = [pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, -1)
            if !signals.drain().isEmpty {
                task.cancel()
                throw ExitCode(0)
            }
            wake.drain()
            let arrived = events.withLock { events in defer { events = [] }; return events }
            var stored = false
            for event in arrived {
                if let line = Self.line(for: event, url: feed.stream.url) { printError(line) }
                switch event {
                case .stored, .caughtUp: stored = true
                default: break
                }
            }
            guard stored else { continue }
            _ = try alert(&matcher, bell: bell, signals: signals, pushedAfter: feed.pushedAfter)
        }
    }

    /// What the watch says of a feed's event on stderr; nil for a stored message.
    static func line(for event: PushFeed.Event, url: String) -> String? {
        let shown = URLUserInfo.removed(from: url)
        switch event {
        case .status(.connecting(let attempt)): return attempt == 1 ? "watch: connecting to \(shown)" : nil
        case .status(.live): return "watch: live · \(shown)"
        case .status(.down(_, let reason, let retry)):
            return "watch: push connection lost: \(reason); reconnecting in \(max(1, Int(retry.timeIntervalSinceNow.rounded()))) s"
        case .stored: return nil
        case .refused(let reason): return "watch: push message refused: \(reason)"
        case .caughtUp(let report):
            return "watch: caught up: \(report.new) new, \(report.updated) updated"
        case .catchUpFailed(let reason, let retryIn): return "watch: catch-up failed: \(reason); trying again in \(retryIn) s"
        }
    }
}
