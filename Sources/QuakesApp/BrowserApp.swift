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

    public static func run(store: QuakeDatabase, configuration: FetchConfiguration, refresh feed: RefreshFeed? = nil,
                           environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Exit {
        let controller = try ResultsController(store, configuration: configuration)
        let wake = try WakePipe.nonBlocking()
        let signals = try SignalPipe.install([SIGINT, SIGTERM, SIGHUP])
        defer { signals.uninstall() }
        controller.onSnapshot { _ in wake.poke() }
        controller.onFailure { _ in wake.poke() }
        let refresher = feed.map { FeedRefresher(feed: $0, wake: { wake.poke() }) }
        var refreshTimer = feed?.every.map { RefreshTimer(every: $0, lastFetch: store.lastFetch()?.date) }

        let state = BrowserState(
            catalogName: (store.path as NSString).lastPathComponent,
            configuration: controller.$configuration,
            delete: { ids in try controller.delete(ids: ids) },
            track: { controller.trackedID = $0 },
            refresh: refresher.map { refresher in { refresher.start() } })
        state.lastUpdated = store.lastFetch()?.date
        state.isReadOnly = store.isReadOnly
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
                if idle && refresher?.isRunning != true { state.lastUpdated = store.lastFetch()?.date }
                if let failure = controller.failure {
                    // Nothing to show yet: the browser ends with the error; else the last rows stay.
                    let error = CatalogError.reading(failure, path: store.path)
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

/// A non-blocking pipe another thread writes a byte to, to wake `poll`.
final class WakePipe: @unchecked Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    private init(_ fds: [Int32]) { readEnd = fds[0]; writeEnd = fds[1] }

    static func nonBlocking() throws -> WakePipe {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        return WakePipe(fds)
    }

    func poke() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    @discardableResult
    func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(readEnd, &buffer, buffer.count)
            if n <= 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<n])
        }
    }

    deinit { close(readEnd); close(writeEnd) }
}

/// Turns SIGINT, SIGTERM and SIGHUP into bytes on a pipe (the self-pipe
/// trick), so the run loop leaves cleanly and the terminal is restored.
final class SignalPipe {
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    private let pipe: WakePipe
    private let signals: [Int32]

    var readEnd: Int32 { pipe.readEnd }

    private init(pipe: WakePipe, signals: [Int32]) { self.pipe = pipe; self.signals = signals }

    static func install(_ signals: [Int32]) throws -> SignalPipe {
        let pipe = try WakePipe.nonBlocking()
        writeEnd = pipe.writeEnd
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals {
            signal(number) { received in
                // The handler may interrupt code between a failed call and
                // its errno check: leave errno as it was.
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(SignalPipe.writeEnd, &byte, 1)
                errno = saved
            }
            sigaddset(&set, number)
        }
        // A parent may have started us with these blocked (Foundation's
        // Process does): they must reach the handlers.
        sigprocmask(SIG_UNBLOCK, &set, nil)
        return SignalPipe(pipe: pipe, signals: signals)
    }

    func drain() -> [Int32] { pipe.drain().map(Int32.init) }

    func uninstall() {
        for number in signals { signal(number, SIG_DFL) }
        // The pipe closes next; its descriptor number may then be reused
        // (a catalog file): a handler still running elsewhere must not write there.
        Self.writeEnd = -1
    }
}

/// With `QUAKES_TRACE=FILE`, appends per input batch the milliseconds from
/// reading the key to ncurses having flushed the frame.
final class KeyTrace {
    private let handle: FileHandle

    init?(path: String) {
        if !FileManager.default.fileExists(atPath: path) { FileManager.default.createFile(atPath: path, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: path) else { return nil }
        handle.seekToEndOfFile()
        self.handle = handle
    }

    func record(since start: DispatchTime, events: Int) {
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
        handle.write(Data(String(format: "%.3f\n", ms).utf8))
    }
}
