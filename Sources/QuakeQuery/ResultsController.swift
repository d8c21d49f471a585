import Dispatch
import Foundation
import GRDB
import QuakeStore

/// Holds a `FetchConfiguration` and keeps its results current, like
/// `NSFetchedResultsController` over the catalog:
///
/// - `fetch(_:)` asks for a configuration's results, off the caller's
///   thread. When changes come faster than queries finish, stale ones are
///   dropped and only the newest configuration's results are delivered.
///   Asking for the configuration it has already does nothing.
/// - Each fetch delivers the first window of rows first (count pending),
///   then the same with the exact count and sections.
/// - Any committed write to the catalog, from this process or another,
///   yields one new fetch, whose pages come complete only: a commit never
///   takes the count away from a page on screen.
///
/// Snapshots and pages are delivered on the controller's own serial queue,
/// in order, never two at once: snapshots to `onSnapshot` and every
/// `snapshots` stream, pages (values, for the browser) to `onPage`.
/// Observed aggregates (`onAggregate`) follow each complete snapshot there.
// unchecked because its fetches run on its serial `queue`, which the
// compiler cannot see: the state they share with callers is behind `lock`,
// but the order of fetches, pages and aggregates is the queue's.
public final class ResultsController: @unchecked Sendable {
    public let catalog: QuakeCatalog
    /// How many rows the first delivery of a fetch carries.
    public let windowSize: Int

    /// The newest configuration asked for (`fetch(_:)`).
    public var configuration: FetchConfiguration { lock.withLock { requested } }
    private var requested: FetchConfiguration

    public var predicate: QuakePredicate? { configuration.predicate }
    public var sortDescriptors: [SortDescriptor<Quake>] { configuration.sortDescriptors }
    public var sortKeys: [SortKey] { configuration.sortKeys }
    public var sectionIdentifier: SectionKey? { configuration.sectionIdentifier }

    /// Rows a page carries beyond those asked for, on each side: a few
    /// screens of scrolling without another page.
    public static let pageMargin = 100

    /// Rows changed by imports after this moment, and in the last
    /// `recentChangesWindow`, are reported in each snapshot's
    /// `recentlyChanged`. Defaults to the controller's creation.
    public let changesSince: Date

    /// How far back a snapshot's `recentlyChanged` looks: the 30 s the
    /// browser marks a changed row for, or back to `marksSince`. Older
    /// changes are not read at all, so the scan stays small however long
    /// the browser runs.
    public static let recentChangesWindow = ResultsPage.recentChangesWindow

    /// Changes since this moment are reported however old: the browser's
    /// marks of what came while nobody looked (its last key), counted until
    /// the user looks and fading after. Nil: the window alone.
    public var marksSince: Date? {
        get { lock.withLock { marksStart } }
        set { lock.withLock { marksStart = newValue } }
    }
    private var marksStart: Date?

    /// A quake whose position each complete snapshot reports (the UI's
    /// selection), found on the controller's queue rather than the caller's.
    public var trackedID: String? {
        get { lock.withLock { tracked } }
        set { lock.withLock { tracked = newValue } }
    }
    private var tracked: String?

    private let queue = DispatchQueue(label: "quakes.results")
    private let lock = NSLock()
    private var generation = 0
    /// Commits seen (`CatalogChangeMonitor`): with the predicate, what an aggregate depends on.
    private var dataVersion = 0
    private var aggregateReadCount = 0
    private var latest: ResultsSnapshot?
    private var handlers: [UUID: @Sendable (ResultsSnapshot) -> Void] = [:]
    private var pageHandlers: [UUID: @Sendable (ResultsPage) -> Void] = [:]
    /// The newest page delivered, and the window of rows it reads from.
    private var latestPage: (page: ResultsPage, window: RowWindow)?
    /// The rows the browser shows (`needRows`): each page carries them.
    private var wantedRows: Range<Int>?
    private var lastFailure: (any Error)?
    private var failureHandlers: [UUID: @Sendable (any Error) -> Void] = [:]
    private var monitor: CatalogChangeMonitor?
    /// For tests: runs inside a fetch's read, between its two phases (a
    /// commit there must not reach the counted page).
    var betweenPhases: (@Sendable () -> Void)? {
        get { lock.withLock { phaseHook } }
        set { lock.withLock { phaseHook = newValue } }
    }
    private var phaseHook: (@Sendable () -> Void)?
    private var aggregateObservations: [ObjectIdentifier: AggregateObservation] = [:]
    /// What observed aggregates are computed from: the newest complete snapshot's plan.
    private var aggregateBasis: AggregateBasis?

    private struct AggregateBasis {
        let generation: Int
        let configuration: FetchConfiguration
        let dataVersion: Int
        let plan: QueryPlan
    }

    /// How many times an observed aggregate was read from the catalog: a
    /// sort or a section change reads none (the bench's `aggregate_queries_on_sort`).
    public var aggregateReads: Int { lock.withLock { aggregateReadCount } }

    public convenience init(_ catalog: QuakeCatalog, predicate: QuakePredicate? = nil,
                            sortDescriptors: [SortDescriptor<Quake>],
                            sectionIdentifier: SectionKey? = nil, windowSize: Int = 200) throws {
        try self.init(catalog, configuration: FetchConfiguration(predicate: predicate, sortDescriptors: sortDescriptors,
                                                               sectionIdentifier: sectionIdentifier),
                      windowSize: windowSize)
    }

    public init(_ catalog: QuakeCatalog, configuration: FetchConfiguration = FetchConfiguration(),
                windowSize: Int = 200, changesSince: Date = Date()) throws {
        self.catalog = catalog
        self.windowSize = windowSize
        self.changesSince = changesSince
        requested = configuration
    }

    /// Asks for the configuration asked for last, changed by `change`:
    /// `controller.fetch { $0.sortKeys = [SortKey(.magnitude, ascending: false)] }`.
    public func fetch(_ change: (inout FetchConfiguration) throws -> Void) rethrows {
        var configuration = self.configuration
        try change(&configuration)
        fetch(configuration)
    }

    /// Asks for `configuration`'s results: fetched anew off the caller's
    /// thread, unless it is the configuration asked for already.
    public func fetch(_ configuration: FetchConfiguration) {
        let changed = lock.withLock { () -> Bool in
            guard requested != configuration else { return false }
            requested = configuration
            // Rows of the old order mean nothing in the new one.
            wantedRows = nil
            return true
        }
        if changed { update() }
    }

    deinit { monitor?.stop() }

    /// The generation of the newest configuration asked for (or commit
    /// seen): the snapshot that shows it has this generation or a later one.
    public var requestedGeneration: Int { lock.withLock { generation } }

    /// The newest delivered snapshot.
    public var snapshot: ResultsSnapshot? { lock.withLock { latest } }

    /// Why the newest fetch (or an observed aggregate's read) failed (a
    /// corrupt page, a disk error), or nil when it succeeded. The last good
    /// snapshot stays.
    public var failure: (any Error)? { lock.withLock { lastFailure } }

    /// Starts fetching and watching the catalog for changes.
    public func start() throws {
        if lock.withLock({ monitor }) == nil {
            let started = try CatalogChangeMonitor(catalog: catalog) { [weak self] in self?.catalogChanged() }
            lock.withLock { monitor = started }
        }
        update()
    }

    /// Stops watching the catalog.
    public func stop() {
        lock.withLock { () -> CatalogChangeMonitor? in defer { monitor = nil }; return monitor }?.stop()
    }

    /// Calls `handler` with every snapshot delivered from now on. Returns a
    /// token for `removeHandler`.
    @discardableResult
    public func onSnapshot(_ handler: @escaping @Sendable (ResultsSnapshot) -> Void) -> UUID {
        let id = UUID()
        lock.withLock { handlers[id] = handler }
        return id
    }

    /// Calls `handler` (on the controller's queue) when a fetch fails.
    @discardableResult
    public func onFailure(_ handler: @escaping @Sendable (any Error) -> Void) -> UUID {
        let id = UUID()
        lock.withLock { failureHandlers[id] = handler }
        return id
    }

    /// Calls `handler` with every page delivered from now on.
    @discardableResult
    public func onPage(_ handler: @escaping @Sendable (ResultsPage) -> Void) -> UUID {
        let id = UUID()
        lock.withLock { pageHandlers[id] = handler }
        return id
    }

    public func removeHandler(_ id: UUID) {
        lock.withLock {
            handlers.removeValue(forKey: id)
            pageHandlers.removeValue(forKey: id)
            failureHandlers.removeValue(forKey: id)
        }
    }

    /// Every snapshot delivered from now on, as an async sequence.
    public var snapshots: AsyncStream<ResultsSnapshot> {
        let (stream, continuation) = AsyncStream<ResultsSnapshot>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let id = onSnapshot { continuation.yield($0) }
        continuation.onTermination = { [weak self] _ in self?.removeHandler(id) }
        return stream
    }

    /// Computes `request` over the results for every complete snapshot from
    /// now on (over the newest one at once), and again whenever the
    /// observation's `request` changes, until the observation is cancelled.
    public func onAggregate(_ request: AggregateRequest,
                            _ handler: @escaping @Sendable (AggregateResult) -> Void) -> AggregateObservation {
        let observation = AggregateObservation(
            request, handler: handler,
            requestChanged: { [weak self] in self?.scheduleAggregate($0) },
            cancelled: { [weak self] observation in
                guard let self else { return }
                lock.withLock { _ = aggregateObservations.removeValue(forKey: ObjectIdentifier(observation)) }
            })
        lock.withLock { aggregateObservations[ObjectIdentifier(observation)] = observation }
        scheduleAggregate(observation)
        return observation
    }

    /// `request` over every complete snapshot from now on, as an async sequence.
    public func aggregates(_ request: AggregateRequest) -> AsyncStream<AggregateResult> {
        let (stream, continuation) = AsyncStream<AggregateResult>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let observation = onAggregate(request) { continuation.yield($0) }
        continuation.onTermination = { _ in observation.cancel() }
        return stream
    }

    /// `request` over the current configuration's results, computed on the
    /// caller's thread: for one-shot use, like `fetchNow`.
    public func aggregate(_ request: AggregateRequest) throws -> AggregateResult {
        let (generation, configuration) = current
        let rows = try catalog.dbWriter.read { db in
            try QueryPlan.planning(configuration, db).summary.aggregate(request, db)
        }
        return AggregateResult(generation: generation, configuration: configuration, request: request, rows: rows)
    }

    /// `request` as `aggregate(_:)` computes it, abandoned (nil) as soon as
    /// `isStale` turns true: for work nobody waits on, that must not hold
    /// up what is asked next.
    public func aggregate(_ request: AggregateRequest, abandonWhen isStale: @escaping @Sendable () -> Bool) throws -> AggregateResult? {
        let (generation, configuration) = current
        let rows = try catalog.dbWriter.read { db in
            try StaleReadInterruption.run(db, abandonWhen: isStale) {
                try QueryPlan.planning(configuration, db).summary.aggregate(request, db)
            }
        }
        return rows.map { AggregateResult(generation: generation, configuration: configuration, request: request, rows: $0) }
    }

    /// The position of the results' next row after `index` (before it,
    /// `forward` false) whose place holds `text`, accents and case ignored
    /// as the filter ignores them, going round at the end; nil when no
    /// row's place does. One read of the results in their order (`Ctrl-F`,
    /// `n`, `N`: search without filtering).
    public func placeMatch(_ text: String, from index: Int, forward: Bool) throws -> (position: Int, wrapped: Bool)? {
        let (_, configuration) = current
        let folded = TextFolding.fold(text)
        return try catalog.dbWriter.read { db in
            let plan = try QueryPlan.planning(configuration, db).window
            let rows = "SELECT ROW_NUMBER() OVER (ORDER BY \(plan.orderSQL)) - 1 AS position, placeFolded FROM \(plan.fromSQL) WHERE \(plan.whereSQL)"
            let matches = "SELECT position FROM (\(rows)) WHERE instr(placeFolded, ?) > 0"
            let direction = forward ? "" : " DESC"
            var arguments = plan.arguments
            arguments += [folded, index]
            let next = "\(matches) AND position \(forward ? ">" : "<") ? ORDER BY position\(direction) LIMIT 1"
            if let hit = try Int.fetchOne(db, sql: next, arguments: arguments) { return (hit, false) }
            arguments = plan.arguments
            arguments += [folded]
            return try Int.fetchOne(db, sql: "\(matches) ORDER BY position\(direction) LIMIT 1", arguments: arguments).map { ($0, true) }
        }
    }

    /// Where quake `id` is in the current results, nil when not in them
    /// (`C` to a change off the page), on the caller's thread.
    public func position(of id: String) throws -> Int? {
        let (_, configuration) = current
        return try catalog.dbWriter.read { db in try QueryPlan.planning(configuration, db).window.position(of: id, db) }
    }

    /// Fetches the current configuration anew.
    public func update() { update(afterCommit: false) }

    private func update(afterCommit: Bool) {
        let (next, current, version) = lock.withLock { () -> (Int, FetchConfiguration, Int) in
            self.generation += 1
            return (self.generation, requested, dataVersion)
        }
        queue.async { [weak self] in self?.fetch(next, current, dataVersion: version, afterCommit: afterCommit) }
    }

    /// A commit, this process's or another's: the data changed.
    private func catalogChanged() {
        lock.withLock { dataVersion += 1 }
        update(afterCommit: true)
    }

    /// The complete results of the current configuration, fetched on the
    /// caller's thread: for one-shot use such as `quakes-tui list`. Without
    /// `counting`, the rows and sections only (count pending): what a reader
    /// that only prints rows needs, without counting every match first.
    public func fetchNow(counting: Bool = true) throws -> ResultsSnapshot {
        let (generation, configuration) = current
        let (plan, first, summary, sections) = try catalog.dbWriter.read { db in
            let (plans, first) = try firstWindow(configuration, db)
            let summary = counting ? try summarize(plans, first: first, db) : nil
            return (plans.window, first, summary, try summary?.sections ?? plans.summary.sections(db))
        }
        let window = RowWindow(reader: catalog.dbWriter, plan: plan, preloaded: first)
        window.count = summary?.count
        return ResultsSnapshot(generation: generation, configuration: configuration, count: summary?.count,
                               sections: sections, total: summary?.total, recentlyChanged: summary?.changed.times ?? [:],
                               recentlyChangedEpicentres: summary?.changed.epicentres ?? [:],
                               trackedPosition: summary?.tracked, window: window)
    }

    /// The newest configuration asked for and its generation, read together.
    var current: (generation: Int, configuration: FetchConfiguration) {
        lock.withLock { (generation, requested) }
    }

    private func isCurrent(_ generation: Int) -> Bool { lock.withLock { self.generation == generation } }

    private func fetch(_ generation: Int, _ configuration: FetchConfiguration, dataVersion: Int, afterCommit: Bool) {
        guard isCurrent(generation) else { return }
        // A newer configuration makes this fetch's reads stale: they stop
        // (nil) and the next fetch, queued behind, starts at once.
        let isStale = { [weak self] in self.map { !$0.isCurrent(generation) } ?? true }
        do {
            // Both phases read in one transaction: the counted page's rows,
            // count, sections and marks are of one database state, even when
            // a commit lands between the phases (its own fetch follows).
            guard let (plans, window, summary, pageRows) = try StaleReadInterruption.read(
                catalog.dbWriter, abandonWhen: isStale, { db -> ((window: QueryPlan, summary: QueryPlan), RowWindow, Summary, PageRows)? in
                    let (plans, first) = try firstWindow(configuration, db)
                    let window = RowWindow(reader: catalog.dbWriter, plan: plans.window, preloaded: first)
                    guard isCurrent(generation) else { return nil }
                    deliverFirstPhase(generation, configuration, dataVersion: dataVersion, afterCommit: afterCommit,
                                      first: first, window: window)
                    betweenPhases?()
                    let (summary, pageRows) = try summarizeWithRows(plans, first: first, window: window, db)
                    return (plans, window, summary, pageRows)
                }) ?? nil, isCurrent(generation) else { return }
            deliver(ResultsSnapshot(generation: generation, configuration: configuration, count: summary.count,
                                    sections: summary.sections, total: summary.total, recentlyChanged: summary.changed.times,
                                    recentlyChangedEpicentres: summary.changed.epicentres,
                                    trackedPosition: summary.tracked, dataVersion: dataVersion, window: window),
                    page: page(generation, configuration, dataVersion: dataVersion, summary, rows: pageRows), window: window)
            let basis = AggregateBasis(generation: generation, configuration: configuration, dataVersion: dataVersion,
                                       plan: plans.summary)
            let observations = lock.withLock { () -> [AggregateObservation] in
                aggregateBasis = basis
                return Array(aggregateObservations.values)
            }
            for observation in observations { computeAggregate(observation, basis) }
        } catch {
            fail(generation, error)
        }
    }

    /// `configuration`'s plans and its first window of rows: the first
    /// phase of every read of results.
    private func firstWindow(_ configuration: FetchConfiguration, _ db: Database) throws
        -> (plans: (window: QueryPlan, summary: QueryPlan), first: [Quake]) {
        let plans = try QueryPlan.planning(configuration, db)
        return (plans, try plans.window.rows(db, offset: 0, limit: windowSize))
    }

    /// The first phase's page: its rows before its count. After a commit,
    /// the page on screen stays until the counted one is ready (the count
    /// never turns into "counting…" and back), so none is delivered then.
    private func deliverFirstPhase(_ generation: Int, _ configuration: FetchConfiguration, dataVersion: Int,
                                   afterCommit: Bool, first: [Quake], window: RowWindow) {
        let shownConfiguration = lock.withLock { latestPage?.page.configuration }
        let firstPage = afterCommit && shownConfiguration == configuration ? nil
            : ResultsPage(generation: generation, configuration: configuration, dataVersion: dataVersion, count: nil,
                          rows: first)
        deliver(ResultsSnapshot(generation: generation, configuration: configuration, count: nil,
                                dataVersion: dataVersion, window: window), page: firstPage, window: window)
    }

    /// The rows of a page, from `firstRowIndex`, or why they could not be read.
    private struct PageRows {
        var first: Int
        var rows: [Quake]
        var failure: String?
    }

    /// The second phase's read: counts, sections, changes and the page's
    /// rows, in one transaction (one database state).
    private func summarizeWithRows(_ plans: (window: QueryPlan, summary: QueryPlan), first: [Quake], window: RowWindow,
                                   _ db: Database) throws -> (Summary, PageRows) {
        let summary = try summarize(plans, first: first, db)
        window.count = summary.count
        // Have the tracked row's neighbourhood at hand: the page is read around it.
        if let (id, position) = summary.tracked,
           let quake = try plans.window.row(id: id, db) {
            try window.prefetch(position, holding: quake, db)
        }
        let range = pageRange(tracked: summary.tracked?.1, count: summary.count, preloaded: first.count)
        // The first window is at hand already: most pages are it, with no read.
        if range.upperBound <= first.count { return (summary, PageRows(first: range.lowerBound, rows: Array(first[range]))) }
        return (summary, readRows(range, window, db))
    }

    /// A window's rows, or its failure named (the rest of the page stands).
    private func readRows(_ range: Range<Int>, _ window: RowWindow, _ db: Database) -> PageRows {
        do {
            return PageRows(first: range.lowerBound, rows: try window.rows(range, db))
        } catch {
            return PageRows(first: range.lowerBound, rows: [], failure: "\(catalog.readFailure(error))")
        }
    }

    /// The rows a counted page carries: the first window when it holds
    /// the tracked quake (the selection) and the rows asked for last
    /// (`needRows`), else those round the tracked quake, else those asked
    /// for, with `pageMargin` on each side.
    private func pageRange(tracked: Int?, count: Int, preloaded: Int) -> Range<Int> {
        let wanted = lock.withLock { wantedRows }
        let all = 0..<max(count, 0)
        let first = (0..<preloaded).clamped(to: all)
        let span = max(wanted?.count ?? 0, 1)
        let around = tracked.map { ($0 - span)..<($0 + span) } ?? wanted
        guard let around, !(around.clamped(to: all).isEmpty || around.clamped(to: all).upperBound <= first.upperBound)
        else { return first }
        return ((around.lowerBound - Self.pageMargin)..<(around.upperBound + Self.pageMargin)).clamped(to: all)
    }

    private func page(_ generation: Int, _ configuration: FetchConfiguration, dataVersion: Int, _ summary: Summary,
                      rows: PageRows) -> ResultsPage {
        ResultsPage(generation: generation, configuration: configuration, dataVersion: dataVersion, count: summary.count,
                    total: summary.total, sections: summary.sections, firstRowIndex: rows.first, rows: rows.rows,
                    tracked: summary.tracked.map { ResultsPage.TrackedQuake(id: $0.0, index: $0.1) },
                    recentlyChanged: summary.changed.times, recentlyChangedEpicentres: summary.changed.epicentres,
                    rowReadFailure: rows.failure)
    }

    /// The rows the browser shows now: the next page carries them. When
    /// the newest page does not, a page with them follows (same results,
    /// read in one transaction), unless a commit or a newer fetch is on its
    /// way, whose page will.
    public func needRows(_ range: Range<Int>) {
        lock.withLock { wantedRows = range }
        queue.async { [weak self] in self?.readWantedRows() }
    }

    private func readWantedRows() {
        guard let (page, window) = pageWithWantedRows() else { return }
        deliver(page: page, window: window)
    }

    /// The newest page with the rows wanted, read in one transaction; nil
    /// when it holds them, or a commit or a newer fetch is on its way.
    private func pageWithWantedRows() -> (ResultsPage, RowWindow)? {
        let (latest, wanted, generation, version) = lock.withLock { (latestPage, wantedRows, self.generation, dataVersion) }
        guard let (page, window) = latest, let wanted, page.generation == generation, page.dataVersion == version,
              !page.holds(wanted) else { return nil }
        let range = ((wanted.lowerBound - Self.pageMargin)..<(wanted.upperBound + Self.pageMargin))
            .clamped(to: 0..<page.knownRowCount)
        let read: PageRows
        let monitor = lock.withLock { self.monitor }
        do {
            // Another process's commit is seen up to a poll later: one not
            // seen yet would give these rows a newer state than the page's
            // count. Its fetch brings the rows wanted instead.
            guard let rows = try catalog.dbWriter.read({ db -> PageRows? in
                let rows = readRows(range, window, db)
                return monitor?.reportsUnseenCommit() == true ? nil : rows
            }) else { return nil }
            read = rows
        } catch {
            read = PageRows(first: range.lowerBound, rows: [], failure: "\(catalog.readFailure(error))")
        }
        // The rows at hand stay when the others cannot be read.
        let rows = read.failure == nil ? read : PageRows(first: page.firstRowIndex, rows: page.rows, failure: read.failure)
        guard isCurrent(generation) else { return nil }
        return (page.with(rows: rows.rows, from: rows.first, failure: rows.failure), window)
    }

    /// `needRows` on the caller's thread: the newest page with these rows,
    /// nil when it has them already. For tests that run without threads.
    public func rowsNow(_ range: Range<Int>) -> ResultsPage? {
        lock.withLock { wantedRows = range }
        guard let (page, window) = pageWithWantedRows() else { return nil }
        lock.withLock { latestPage = (page, window) }
        return page
    }

    /// The current configuration's first-phase page (its first window, the
    /// count pending), read on the caller's thread: with `pageNow`, both
    /// phases for tests that drive the browser without threads.
    public func firstPageNow() throws -> ResultsPage {
        let (generation, configuration, version) = lock.withLock { (self.generation, requested, dataVersion) }
        let (_, first) = try catalog.dbWriter.read { db in try firstWindow(configuration, db) }
        return ResultsPage(generation: generation, configuration: configuration, dataVersion: version, count: nil, rows: first)
    }

    /// The current configuration's counted page, read on the caller's
    /// thread in one transaction: for tests that drive the browser without
    /// threads. `rows`: the rows wanted (`needRows`).
    public func pageNow(rows wanted: Range<Int>? = nil) throws -> ResultsPage {
        let (generation, configuration, version) = lock.withLock { () -> (Int, FetchConfiguration, Int) in
            wantedRows = wanted
            return (self.generation, requested, dataVersion)
        }
        let (page, window) = try catalog.dbWriter.read { db -> (ResultsPage, RowWindow) in
            let (plans, first) = try firstWindow(configuration, db)
            let window = RowWindow(reader: catalog.dbWriter, plan: plans.window, preloaded: first)
            let (summary, rows) = try summarizeWithRows(plans, first: first, window: window, db)
            return (self.page(generation, configuration, dataVersion: version, summary, rows: rows), window)
        }
        lock.withLock { latestPage = (page, window) }
        return page
    }

    /// A failed read (a corrupt page, a disk error) keeps the last snapshot;
    /// the failure is kept for the UI to say, and wakes it.
    private func fail(_ generation: Int, _ error: any Error) {
        guard isCurrent(generation) else { return }
        let handlers = lock.withLock { () -> [@Sendable (any Error) -> Void] in
            lastFailure = error
            return Array(failureHandlers.values)
        }
        for handler in handlers { handler(error) }
    }

    /// Computes the observation's request, as it is now, over the newest
    /// complete snapshot, on the queue (after any fetch already queued).
    private func scheduleAggregate(_ observation: AggregateObservation) {
        let version = observation.versionedRequest.version
        queue.async { [weak self] in
            guard let self, observation.isCurrent(version: version),
                  let basis = lock.withLock({ aggregateBasis }) else { return }
            computeAggregate(observation, basis)
        }
    }

    /// Reads the aggregate on the controller's queue and hands it over,
    /// unless a newer fetch or request made it stale before or during the
    /// read. A commit landing after the snapshot's count was read can be in
    /// the aggregate already; that commit's own fetch follows and computes
    /// the aggregate again.
    private func computeAggregate(_ observation: AggregateObservation, _ basis: AggregateBasis) {
        let (request, version) = observation.versionedRequest
        func isCurrent() -> Bool {
            self.isCurrent(basis.generation) && observation.isCurrent(version: version)
                && lock.withLock { aggregateObservations[ObjectIdentifier(observation)] != nil }
        }
        guard isCurrent(), observation.claim(generation: basis.generation, version: version) else { return }
        // The same quakes as the last result's (only their order changed): its rows, stamped anew.
        let key = AggregateObservation.Key(selection: basis.configuration.predicate, request: request,
                                           dataVersion: basis.dataVersion)
        if let rows = observation.rows(for: key) {
            observation.handler(AggregateResult(generation: basis.generation, configuration: basis.configuration,
                                                request: request, rows: rows))
            return
        }
        do {
            guard let rows = try StaleReadInterruption.read(catalog.dbWriter, abandonWhen: { !isCurrent() }, { db in
                lock.withLock { aggregateReadCount += 1 }
                return try basis.plan.aggregate(request, db)
            }), isCurrent() else { return }
            observation.keep(rows, for: key)
            observation.handler(AggregateResult(generation: basis.generation, configuration: basis.configuration,
                                                request: request, rows: rows))
        } catch {
            fail(basis.generation, error)
        }
    }

    private struct Summary {
        var count: Int
        var sections: [ResultsSection]
        var total: Int
        var changed: RecentChanges
        var tracked: (String, Int)?
    }

    /// What the second delivery of a fetch adds: counts, sections, changes,
    /// where the tracked quake is.
    private func summarize(_ plans: (window: QueryPlan, summary: QueryPlan), first: [Quake], _ db: Database) throws -> Summary {
        let plan = plans.summary
        // The whole catalog's size is the sum of the trigger-kept day counts
        // (a few hundred rows), not a count of every row: unfiltered, that is
        // the count too.
        let total = try QuakeCatalog.keptQuakeCount(db)
        let count = plan.whereSQL == "1" ? total : try plan.count(db)
        // Only the last 30 s, or since the user looked: a range on the
        // quake_changedAt index, a few rows, not every row changed since
        // the browser opened.
        let window = Date(timeIntervalSinceNow: -Self.recentChangesWindow)
        let since = max(changesSince, min(marksSince ?? window, window))
        let changed = try RecentChanges.read(since: since, plan: plan, db)
        let tracked = try trackedID.flatMap { id in try trackedPosition(of: id, plans.window, first: first, db).map { (id, $0) } }
        return Summary(count: count, sections: try plan.sections(db), total: total, changed: changed, tracked: tracked)
    }

    /// Where the tracked quake is: in the first window when it is there (the
    /// usual case while typing, the selection near the top), else counted
    /// with the window's plan, chosen by cost like the window: walking the
    /// sort order's index when matches are many, place lookups when few.
    /// (The summary plan always looks up every match: 472 ms for 298,492
    /// matches of `r`.)
    private func trackedPosition(of id: String, _ plan: QueryPlan, first: [Quake], _ db: Database) throws -> Int? {
        if let index = first.firstIndex(where: { $0.id == id }) { return index }
        // A short first window is every result: the quake is not among them.
        if first.count < windowSize { return nil }
        return try plan.position(of: id, db)
    }

    private func deliver(_ snapshot: ResultsSnapshot? = nil, page: ResultsPage?, window: RowWindow) {
        let (handlers, pageHandlers) = lock.withLock {
            () -> ([@Sendable (ResultsSnapshot) -> Void], [@Sendable (ResultsPage) -> Void]) in
            if let snapshot { latest = snapshot }
            lastFailure = nil
            if let page { latestPage = (page, window) }
            return (snapshot == nil ? [] : Array(self.handlers.values), page == nil ? [] : Array(self.pageHandlers.values))
        }
        if let snapshot { for handler in handlers { handler(snapshot) } }
        if let page { for handler in pageHandlers { handler(page) } }
    }
}
