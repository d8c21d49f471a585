import Foundation
import QuakeMap
import QuakeViews
import QuakeCharts
import QuakePush
import QuakeQuery
import QuakeStore
import TerminalUI

/// The browser's run loop: waits on the terminal's input, the event inbox
/// and signals at once (`poll`), turns what came into events for
/// `reduce`, runs the effects it returns, and draws. The terminal is called from this
/// thread only; other threads post to the inbox, which wakes it.
public enum BrowserApp {
    /// Why the browser ended.
    public enum Exit: Equatable {
        case quit
        case signal(Int32)
        /// The catalog's file was replaced: the caller opens the path again.
        case reopen

        public var status: Int32 {
            switch self {
            case .quit, .reopen: 0
            case .signal(let number): 128 + number
            }
        }
    }

    /// Keys handled between two looks at the signal pipe and two frames.
    static let inputBatch = 4096

    /// How long a key that asked for new results waits for their first page
    /// before its frame is drawn: most arrive in a few milliseconds, and the
    /// key's frame then shows them (one frame to the rows); a slower fetch
    /// draws the frame with the new sort or filter marked pending.
    static let rowsWait: Int32 = 100

    /// Runs the browser until the user quits or a signal comes. `terminal`
    /// makes the terminal once the catalog is open (the real one by default:
    /// ncurses, monochrome under NO_COLOR). `view`: what to show first (the
    /// last view on this catalog, a saved one); `views`: where `w` and `'`
    /// keep named views; `finalView` is given what the browser showed last;
    /// `title`: what the top line names (the files opened), else the catalog's file name.
    /// `cellAspect`: a character cell's height over its width (the map's proportions).
    /// `reading`: the file opened, read into the catalog while the browser
    /// shows what is read so far; stopped, and waited for, when the browser ends.
    public static func run(catalog: QuakeCatalog, configuration: FetchConfiguration, refresh feed: RefreshFeed? = nil,
                           home: Home? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
                           view: SavedView? = nil, views: ViewStore? = nil, notice: String? = nil,
                           alert: QuakePredicate? = nil, title: String? = nil, reading: SourceRead? = nil,
                           finalView: ((SavedView) -> Void)? = nil, cellAspect: Double = MapFrame.defaultCellAspect,
                           section: Profile? = nil, push: PushFeed? = nil, pushSource: String = "EMSC",
                           terminal makeTerminal: (() -> any Terminal)? = nil) throws -> Exit {
        // Read once, before the screen starts: after that the run loop's
        // thread reads no SQLite (the idle second's check runs off it).
        let lastFetch = catalog.lastFetch()?.date
        let terminal = makeTerminal?() ?? NcursesTerminal(color: environment["NO_COLOR"].map(\.isEmpty) ?? true)
        defer { terminal.stop() }
        var model = BrowserModel(
            catalogName: title ?? (catalog.path as NSString).lastPathComponent, isReadOnly: catalog.isReadOnly,
            configuration: configuration, width: terminal.width, height: terminal.height,
            lastUpdated: lastFetch, home: home, canRefresh: feed != nil, canSaveViews: views != nil,
            hasDisplay: ["DISPLAY", "WAYLAND_DISPLAY"].contains { environment[$0]?.isEmpty == false }, view: view)
        model.map.cellAspect = cellAspect
        if let section { model.section = SectionState(section) }
        if push != nil { model.push = PushLine(source: pushSource) }
        // The model's configuration (a starting view's) is the first fetched.
        // A file's quakes, read as the browser runs, are no news: no `+` marks them.
        let controller = try ResultsController(catalog, configuration: model.configuration,
                                               changesSince: reading == nil ? Date() : .distantFuture)
        let inbox = try EventInbox()
        let signals = try SignalPipe.install([SIGINT, SIGTERM, SIGHUP])
        defer { signals.uninstall() }
        controller.onPage { inbox.post(.page($0)) }
        controller.onFailure {
            // A removed or replaced file is said so, not as the read error it causes.
            inbox.post(.fetchFailed(catalog.readFailure($0)))
        }
        let refresher = feed.map { FeedRefresher(feed: $0, post: inbox.post) }
        let indexer = IndexBuilder(catalog: catalog, post: inbox.post)
        // After the controller has stopped (the interruption would fail its reads).
        defer { indexer.stopAndWait() }
        let mapQueries = MapQueries(controller: controller, inbox: inbox)
        defer { mapQueries.stop() }
        let chartQueries = ChartQueries(controller: controller, inbox: inbox,
                                        compute: { controller, width in try ChartAggregates.charts(controller, width: width) })
        let exporter = ResultsExporter(catalog: catalog, post: inbox.post)
        // Quitting mid-export leaves no temporary file behind.
        defer { exporter.cancelAndWait() }
        let runner = EffectRunner(catalog: catalog, controller: controller, inbox: inbox, mapQueries: mapQueries,
                                  chartQueries: chartQueries, refresher: refresher, indexer: indexer, exporter: exporter,
                                  views: views, terminal: terminal)
        // Last of all before the caller closes the catalog: nothing may still read or write it.
        defer { runner.background.stopAndWait() }
        if let notice { inbox.post(.notice(notice)) }
        let alerts = alert.map { predicate in
            AlertChecks(catalog: catalog, predicate: predicate,
                        pushedAfter: { quake in push?.pushedAfter(quake) },
                        post: inbox.post)
        }
        try alerts?.start()
        defer { alerts?.stop() }
        try controller.start()
        defer { controller.stop() }
        // What it stores, the controller's observation shows; its state, the top line.
        let pushing = push?.start { event in PushLine.News(event).map { inbox.post(.push($0)) } }
        defer { pushing?.cancel() }
        let reader = reading.map { SourceReader.start($0, post: inbox.post) }
        // Before the controller stops and the caller closes the catalog: the read writes to it.
        defer { reader?.stopAndWait() }
        indexer.check()
        let lastFetchCheck = LastFetchCheck(catalog: catalog, post: inbox.post)
        defer { lastFetchCheck.stopAndWait() }
        var loop = Loop(catalog: catalog, model: model, runner: runner, terminal: terminal, inbox: inbox, signals: signals,
                        refresher: refresher, indexer: indexer, lastFetchCheck: lastFetchCheck,
                        trace: environment["QUAKES_TRACE"].flatMap { KeyTrace(path: $0) },
                        requestedGeneration: { controller.requestedGeneration })
        let exit = try loop.run()
        finalView?(loop.model.currentView)
        return exit
    }

    /// The loop itself, once everything is set up.
    private struct Loop {
        let catalog: QuakeCatalog
        private(set) var model: BrowserModel
        let runner: EffectRunner
        let terminal: any Terminal
        let inbox: EventInbox
        let signals: SignalPipe
        let refresher: FeedRefresher?
        let indexer: IndexBuilder
        let trace: KeyTrace?
        /// The controller's newest generation: which page shows a key's results.
        let requestedGeneration: () -> Int
        private var refreshTimer: RefreshTimer?
        private let view: BrowseView
        private var screen: Screen
        private let lastFetchCheck: LastFetchCheck

        init(catalog: QuakeCatalog, model: BrowserModel, runner: EffectRunner, terminal: any Terminal, inbox: EventInbox,
             signals: SignalPipe, refresher: FeedRefresher?, indexer: IndexBuilder, lastFetchCheck: LastFetchCheck,
             trace: KeyTrace?,
             requestedGeneration: @escaping () -> Int) {
            self.catalog = catalog; self.model = model; self.runner = runner; self.terminal = terminal; self.inbox = inbox
            self.signals = signals; self.refresher = refresher; self.indexer = indexer; self.trace = trace
            self.requestedGeneration = requestedGeneration
            refreshTimer = refresher?.feed.every.map { RefreshTimer(every: $0, lastFetch: model.lastUpdated) }
            view = BrowseView(unicode: terminal.isUTF8, colors: terminal.hasColor, manyColors: terminal.hasManyColors)
            MapLayers.preload()
            self.lastFetchCheck = lastFetchCheck
            screen = Screen(width: terminal.width, height: terminal.height)
        }

        mutating func run() throws -> Exit {
            apply([])
            draw()
            var inputPending = false
            while true {
                var fds = [pollfd(fd: terminal.inputDescriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: inbox.readEnd, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)]
                // Wake once a second anyway: ages and change marks move with
                // the clock. Input the terminal holds already (a paste read in
                // part) does not wait.
                let timeout: Int32 = inputPending ? 0 : 1000
                let ready = poll(&fds, 3, timeout)
                if ready < 0 && errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                // Checked between batches of input too: a long paste cannot hold off SIGTERM.
                if let signal = signals.drain().first { return .signal(signal) }
                // A resize interrupts poll; the terminal then has a resize event ready.
                let inputs = terminal.readEvents(limit: BrowserApp.inputBatch)
                inputPending = inputs.count == BrowserApp.inputBatch
                let keyTime = DispatchTime.now()
                let generationBefore = requestedGeneration()
                apply(events(inputs, idle: ready == 0 && timeout > 0))
                switch model.ending {
                case .quit?: return .quit
                case .reopen?: return .reopen
                case .failed(let failure)?: throw failure
                case nil: break
                }
                if let refresher, refreshTimer?.isDue(running: refresher.isRunning) == true { refresher.start() }
                let generation = requestedGeneration()
                if let trace, !inputs.isEmpty {
                    trace.keysHandled(at: keyTime, awaiting: generation > generationBefore ? generation : nil)
                }
                if !inputs.isEmpty && generation > generationBefore { awaitRows(of: generation) }
                draw()
                trace?.frameDrawn(from: model.page)
                trace?.openFrameDrawn(model)
            }
        }

        /// Waits up to `rowsWait` for the first page of `generation`, taking
        /// what the other threads post meanwhile (a key arriving ends the
        /// wait: it is read at once).
        private mutating func awaitRows(of generation: Int) {
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(BrowserApp.rowsWait) * 1_000_000
            while (model.page?.generation ?? -1) < generation {
                let now = DispatchTime.now().uptimeNanoseconds
                guard now < deadline else { return }
                var fds = [pollfd(fd: inbox.readEnd, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: terminal.inputDescriptor, events: Int16(POLLIN), revents: 0)]
                let left = Int32((deadline - now + 999_999) / 1_000_000)
                guard poll(&fds, 2, left) > 0, fds[1].revents == 0 else { return }
                apply(inbox.take())
                if model.ending != nil { return }
            }
        }

        /// Reduces the events, runs the effects, and reduces what they
        /// answered at once (a view file read), before the frame is drawn.
        private mutating func apply(_ events: [BrowserEvent]) {
            var effects = reduce(&model, events)
            while !effects.isEmpty {
                let answers = runner.run(effects)
                effects = answers.isEmpty ? [] : reduce(&model, answers)
            }
        }

        /// The clock, what other threads posted, the catalog's last fetch
        /// when idle, then the input.
        private func events(_ inputs: [Event], idle: Bool) -> [BrowserEvent] {
            var events: [BrowserEvent] = [.tick(Date())]
            events += inbox.take()
            // Another process (a cron'd fetch) may have updated the catalog:
            // checked on the idle second, not while a refresh runs here, off
            // this thread (its answer comes back through the inbox).
            if idle && refresher?.isRunning != true { lastFetchCheck.run() }
            // Or left indexes to build (a large import, a kill during its builds).
            // And the index of a rarely used column, once sorted by, grouped by or filtered on.
            if idle { indexer.check(using: model.configuration.columns) }
            return events + inputs.map(BrowserEvent.input)
        }

        private mutating func draw() {
            if screen.width != terminal.width || screen.height != terminal.height {
                screen = Screen(width: terminal.width, height: terminal.height)
            }
            view.render(model, into: &screen)
            terminal.draw(screen)
        }
    }
}
