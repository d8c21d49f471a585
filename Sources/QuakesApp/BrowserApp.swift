import Foundation
import QuakeQuery
import QuakeStore
import TerminalUI

/// The browser's run loop: waits on the keyboard, the results controller and
/// signals at once (`poll`), handles what came, draws. ncurses is called from
/// this thread only; the controller wakes it through a pipe.
public enum BrowserApp {
    /// Why the browser ended.
    public enum Exit: Equatable {
        case quit
        case signal(Int32)

        public var status: Int32 {
            switch self {
            case .quit: 0
            case .signal(let number): 128 + number
            }
        }
    }

    /// Keys handled between two looks at the signal pipe and two frames.
    static let inputBatch = 4096

    public static func run(catalog: QuakeCatalog, configuration: FetchConfiguration, refresh feed: RefreshFeed? = nil,
                           environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Exit {
        let controller = try ResultsController(catalog, configuration: configuration)
        let wake = try WakePipe.nonBlocking()
        let signals = try SignalPipe.install([SIGINT, SIGTERM, SIGHUP])
        defer { signals.uninstall() }
        controller.onSnapshot { _ in wake.poke() }
        controller.onFailure { _ in wake.poke() }
        let refresher = feed.map { FeedRefresher(feed: $0, wake: { wake.poke() }) }
        var refreshTimer = feed?.every.map { RefreshTimer(every: $0, lastFetch: catalog.lastFetch()?.date) }

        let state = BrowserState(
            catalogName: (catalog.path as NSString).lastPathComponent,
            configuration: controller.$configuration,
            delete: { ids in try controller.delete(ids: ids) },
            track: { controller.trackedID = $0 },
            refresh: refresher.map { refresher in { refresher.start() } })
        state.lastUpdated = catalog.lastFetch()?.date
        state.isReadOnly = catalog.isReadOnly
        let trace = environment["QUAKES_TRACE"].flatMap { KeyTrace(path: $0) }

        let terminal = NcursesTerminal(color: environment["NO_COLOR"].map(\.isEmpty) ?? true)
        defer { terminal.stop() }
        try controller.start()
        defer { controller.stop() }

        var screen = Screen(width: terminal.width, height: terminal.height)
        func draw() {
            if screen.width != terminal.width || screen.height != terminal.height {
                screen = Screen(width: terminal.width, height: terminal.height)
            }
            BrowseView(now: Date(), unicode: terminal.isUTF8).render(state, into: &screen)
            terminal.draw(screen)
        }
        draw()
        var inputPending = false
        while true {
            var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)]
            // Wake once a second anyway: ages and change marks move with the clock.
            // While a refresh runs, its progress line moves ten times a second.
            // Input ncurses holds already (a paste read in part) does not wait.
            let timeout: Int32 = inputPending ? 0 : refresher?.isRunning == true ? 100 : 1000
            let ready = poll(&fds, 3, timeout)
            if ready < 0 && errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            let idle = ready == 0 && timeout > 0
            // Checked between batches of input too: a long paste cannot hold off SIGTERM.
            if let signal = signals.drain().first { return .signal(signal) }
            // A resize interrupts poll; ncurses then has a KEY_RESIZE ready.
            let events = terminal.readEvents(limit: Self.inputBatch)
            inputPending = events.count == Self.inputBatch
            let keyTime = DispatchTime.now()
            state.handle(events)
            if state.shouldQuit { return .quit }
            if fds[1].revents != 0 || idle || !events.isEmpty {
                wake.drain()
                if let refresher {
                    if refreshTimer?.isDue(running: refresher.isRunning) == true { refresher.start() }
                    showRefresh(refresher.take(), label: refresher.feed.label, in: state)
                }
                // Another process (a cron'd fetch) may have updated the catalog:
                // checked on the idle second, not on a refresh's 100 ms ticks.
                if idle && refresher?.isRunning != true { state.lastUpdated = catalog.lastFetch()?.date }
                if let failure = controller.failure {
                    // Nothing to show yet: the browser ends with the error; else the last rows stay.
                    let error = CatalogError.reading(failure, path: catalog.path)
                    if controller.snapshot == nil { throw error }
                    state.message = "error: \(error)"
                }
                if let snapshot = controller.snapshot, snapshot.generation != state.snapshot?.generation
                    || snapshot.isComplete != state.snapshot?.isComplete {
                    state.apply(snapshot)
                }
            }
            draw()
            if !events.isEmpty { trace?.record(since: keyTime, events: events.count) }
        }
    }

    private static func showRefresh(_ refresh: (progress: String?, outcome: FeedRefresher.Outcome?), label: String,
                                    in state: BrowserState) {
        state.refreshStatus = refresh.progress
        switch refresh.outcome {
        case .imported(let report)?:
            state.lastUpdated = Date()
            state.message = "refreshed \(label): \(report.counts)"
        case .failed(let error)?:
            state.message = "error: \(error)"
        case nil: break
        }
    }
}
