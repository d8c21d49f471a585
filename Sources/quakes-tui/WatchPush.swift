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

/// `watch --push emsc`: the quakes pushed by EMSC's stream within seconds,
/// not a timer's sync: each message stored as it comes, an alert for each
/// new quake that matches, with how long after its origin time it came.
struct PushOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Quakes pushed as they are published instead of a sync on a timer: emsc (EMSC's stream).",
                               valueName: "source"))
    var push: PushSource?

    @Option(name: .customLong("push-url"), help: ArgumentHelp(
        "The stream's websocket (default \(PushSource.emsc.url)): another server speaking EMSC's protocol.", valueName: "url"))
    var pushURL: String?

    @Option(name: .customLong("push-service"), help: ArgumentHelp(
        "The FDSN event service that fills in what the stream missed while it was down (default: the source's, emsc).",
        valueName: "name|url"))
    var pushService: String?

    /// The ping period (15 s, as EMSC's client): shorter for the tests.
    @Option(name: .customLong("push-ping"), help: .hidden)
    var pushPing: Int?

    enum PushSource: String, ExpressibleByArgument, CaseIterable {
        case emsc
        var url: String { "wss://www.seismicportal.eu/standing_order/websocket" }
    }

    func validate() throws {
        guard push != nil else {
            if pushURL != nil || pushService != nil { throw ValidationError("--push-url and --push-service go with --push") }
            return
        }
        if let pushURL {
            guard let url = URL(string: pushURL), ["ws", "wss"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw ValidationError("--push-url must be a ws:// or wss:// URL, not '\(URLUserInfo.removed(from: pushURL))'")
            }
        }
        if let pushService { do { _ = try FDSNService(pushService) } catch { throw ValidationError("--push-service: \(error)") } }
        if let pushPing, pushPing < 1 { throw ValidationError("--push-ping must be at least 1 s") }
    }

    /// The feed the options describe, storing into `catalog`.
    func feed(catalog: QuakeCatalog, config: UserConfig) throws -> PushFeed? {
        guard let push else { return nil }
        var stream = PushStream(url: pushURL ?? push.url)
        if let pushPing { stream.pingSeconds = pushPing }
        let service = try FDSNService(pushService ?? push.rawValue)
        let downloader = PoliteDownloader(timeout: config.timeout ?? 60, maxDownload: config.maxDownload ?? FeedFetcher.defaultMaxDownload)
        return PushFeed(stream: stream, catalog: catalog,
                        catchUp: PushCatchUp(catalog: catalog, service: service, downloader: downloader, identity: push.rawValue))
    }
}

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
                exitClosingCatalogs(0)
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
            do {
                let alerts = try matcher.check()
                for quake in alerts {
                    if !signals.drain().isEmpty { task.cancel(); exitClosingCatalogs(0) }
                    let pushedAfter = feed.receipt(of: quake.id).map { $0.timeIntervalSince(quake.time) }
                    StandardOutput.writeLine(QuakeAlertFormat.line(quake, format: format, pushedAfter: pushedAfter))
                    if let exec, let failure = AlertCommand.run(exec, for: quake, pushedAfter: pushedAfter) { printError(failure) }
                }
                if !alerts.isEmpty { bell?.ring() }
            } catch {
                printError("watch: \(error)")
            }
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
        case .catchUpFailed(let reason): return "watch: catch-up failed: \(reason)"
        }
    }
}
