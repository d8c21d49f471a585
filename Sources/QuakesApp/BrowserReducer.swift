import Foundation
import QuakeQuery
import QuakeStore
import TerminalUI

/// The one function that changes the browser's model: an event in, the
/// model changed, the effects it asks for out. Pure: it reads no clock, no
/// file and no database (the clock comes as `.tick`, results as `.page`).
public func reduce(_ model: inout BrowserModel, _ event: BrowserEvent) -> [BrowserEffect] {
    reduce(&model, [event])
}

/// A batch of events in order (the run loop's input since the last
/// frame): a paste is one query, not one per character, and the effects
/// derived from the model (fetch, track, rows, map, charts) are asked once.
public func reduce(_ model: inout BrowserModel, _ events: [BrowserEvent]) -> [BrowserEffect] {
    let before = model.queryState, historyBefore = model.history
    let wasFiltering = model.isFiltering
    for event in events { model.handleOne(event) }
    model.commitFilter()
    // Undo and redo move through the history themselves: not a change to record.
    if model.history == historyBefore {
        model.recordHistory(from: before, typing: wasFiltering || model.isFiltering)
    }
    model.scrollToSelection()
    model.askForDerivedEffects()
    defer { model.effects = [] }
    return model.effects
}

extension BrowserModel {
    mutating func handleOne(_ event: BrowserEvent) {
        switch event {
        case .input(.key(let key)):
            // Any key puts the banner away, and does what it does.
            alertBanner = nil
            if isLook(.key(key)) { look() }
            handle(key)
        case .input(.mouse(let mouse)):
            look()
            handle(mouse)
        case .input(.resize(let width, let height)): resize(width: width, height: height)
        case .page(let page): apply(page)
        case .fetchFailed(let error):
            if page == nil { ending = .failed(BrowserFailure(error)) } else { report(error) }
        case .refreshProgress(let line): refreshStatus = line
        case .refreshFinished(let feed, .success(let report)):
            refreshStatus = nil
            lastUpdated = now
            message = "refreshed \(feed): \(report.counts(grouped: true))"
        case .refreshFinished(_, .failure(let error)):
            refreshStatus = nil
            report(error)
        case .readProgress(let line): readStatus = line
        case .readFinished(.success(let notice)):
            readStatus = nil
            message = notice
            // Built from the read's end, not the next quiet second (its last pages keep the loop busy).
            effects.append(.buildIndexes(forColumns: configuration.columns))
        case .readFinished(.failure(let error)):
            readStatus = nil
            isIncomplete = true
            report(error)
        case .lastFetch(let date): lastUpdated = date
        case .deleteWaiting: deleteStatus = Self.waitingMessage
        case .deleteFinished(let title, .success(let count)):
            deleteStatus = nil
            // Nothing deleted: it went between the question and the answer.
            message = count == 0 ? "\(title) was already deleted (by another process)" : "deleted \(title)"
        case .deleteFinished(_, .failure(let error)):
            deleteStatus = nil
            report(error)
        case .exportProgress, .exportFinished, .exportTargetExists: handleExport(event)
        case .declusterProgress, .declustered: handleDeclustering(event)
        case .viewSaved, .viewsListed, .viewDeleted: handleViews(event)
        case .indexing(let pending): isIndexing = pending
        case .tick(let date): now = date
        case .mapAggregate(let result): map.received(result)
        case .mapFit(let result): map.fit(result, in: layout.map)
        case .mapPicked(let found): pick(found)
        case .charts, .chartsFailed: handleCharts(event)
        case .sectionComputed(let profile, .success(let contents)): section.received(contents, for: profile)
        case .sectionComputed(_, .failure(let error)): section.failed(error)
        case .notice(let line): message = line
        case .push(let news):
            push?.heard(news)
            if case .note(let line) = news { message = line }
        case .openFailed(let url, let reason): message = "error: cannot open \(url): \(reason)"
        case .alerts(let quakes, let pushedAfter): receiveAlerts(quakes, pushedAfter: pushedAfter)
        case .origins(let event, .success(let origins)):
            if event == selectedQuake?.id { showOrigins(origins) }
        case .origins(_, .failure(let error)): report(error)
        case .grouped(let result): regrouped(result)
        case .frequencyCounted(let result): showFrequency(result)
        case .found(let text, let result): showFound(text, result)
        case .located(let id, let result): located(id, result)
        }
    }

    /// Shows a new page, keeping the selection on the same quake while it
    /// is still there, else on the nearest row. An older generation than
    /// the one shown is ignored, and so is a page of the shown generation
    /// that knows less (not yet counted).
    mutating func apply(_ page: ResultsPage) {
        if let shown = self.page {
            if page.generation < shown.generation { return }
            if page.generation == shown.generation, shown.isComplete, !page.isComplete { return }
        }
        let previousIndex = selectedIndex
        self.page = page
        if let query = asked.queries.last(where: { $0.configuration == page.configuration })?.query { shownQuery = query }
        let count = rowCount
        switch anchor {
        case .top:
            selectedIndex = 0
        case .bottom:
            selectedIndex = max(0, count - 1)
        case .row(let index):
            selectedIndex = max(0, min(index, count - 1))
            if let quake = page.quake(at: selectedIndex) { anchor = .quake(quake.id) }
        case .quake(let id):
            if let index = page.index(ofQuakeWithID: id) {
                selectedIndex = index
            } else if page.isComplete {
                // Gone or filtered out: the nearest row takes its place.
                selectedIndex = max(0, min(previousIndex, count - 1))
                anchor = page.quake(at: selectedIndex).map { .quake($0.id) } ?? .row(selectedIndex)
            } else {
                // Not among the first rows: its position comes with the count.
                selectedIndex = max(0, min(previousIndex, count - 1))
            }
        }
        // The details' quake left the results (a merge made it another's): nothing to show.
        if case .detail = mode, page.isComplete, count == 0 { mode = .table }
    }

    static let notReopenedMessage = "not reopened: nothing will be written to this catalog (q, then start again, opens it)"

    /// A failure in the bottom line; a catalog replaced under the browser
    /// asks whether to open the file its path names now.
    mutating func report(_ error: any Error) {
        message = "error: \(error)"
        if let error = error as? CatalogError, error.reason == .replacedWhileOpen { mode = .confirmReopen }
    }

    mutating func handle(_ key: Key) {
        if Keymap.command(for: key, in: .anywhere) == .quit { ending = .quit; return }
        switch mode {
        case .table: handleTable(key)
        case .saveView(let field): handleSaveView(field, key)
        case .views(let picker): handleViewList(picker, key)
        case .frequency(let sheet): handleFrequency(sheet, key)
        case .palette(let palette): handlePalette(palette, key)
        case .addColumn(let chooser): handleColumnChooser(chooser, key)
        case .search(var field):
            mode = .table
            switch key {
            case .escape: break
            case .enter: find(field.text, forward: true)
            default:
                field.handle(key)
                mode = .search(field)
            }
        case .addSortKey:
            mode = .table
            if let column = columnKey(key) { sortBy(column, ascending: nil, adding: true) }
            else if key == .character("[") { sortBy(columnCursor, ascending: true, adding: true) }
            else if key == .character("]") { sortBy(columnCursor, ascending: false, adding: true) }
            else if key == .character("o") { perform(.openSection, key: key) }   // vim's and htop's zo, zc
            else if key == .character("c") { perform(.closeSection, key: key) }
        case .filter(var field):
            // Out of `mode` first, so the field's characters are edited in
            // place rather than copied on every key.
            mode = .table
            switch key {
            case .enter: commitFilter(field)
            case .escape: filterEdited = false; setFilter("")
            default:
                if field.handle(key) { filterEdited = true }
                mode = .filter(field)
            }
        case .predicate(var field, let error):
            mode = .table
            switch key {
            case .escape: break
            case .enter: submitPredicate(field.text)
            default:
                let edited = field.handle(key)
                mode = .predicate(field, error: edited ? nil : error)
            }
        case .detail:
            message = nil
            switch Keymap.command(for: key, in: .detail) {
            case .closeDetail?: mode = .table
            case .moveDown?: move(by: 1)
            case .moveUp?: move(by: -1)
            case .nextOrigin?: nextOrigin()
            case .splitOrigin?: splitMarkedOrigin()
            case .mergeEvents?: markOrMerge()
            default: break
            }
        case .help:
            mode = .table
        case .exportName, .confirmOverwrite: handleExport(key)
        case .confirmReopen:
            mode = .table
            if Keymap.command(for: key, in: .question) == .answerYes { ending = .reopen } else { message = Self.notReopenedMessage }
        case .confirmDelete(let quake):
            mode = .table
            if Keymap.command(for: key, in: .question) == .answerYes {
                message = nil
                effects.append(.delete(ids: [quake.id], title: quake.title.isEmpty ? quake.id : quake.title))
            } else {
                message = "not deleted"
            }
        }
    }

    // MARK: After the events

    var isFiltering: Bool { if case .filter = mode { true } else { false } }

    /// What undo and redo restore, as it is now.
    var queryState: QueryState {
        QueryState(filterText: filterText, userPredicate: userPredicate, regionFilter: map.regionFilter,
                   sortKeys: configuration.sortKeys, sections: configuration.sectionIdentifier)
    }

    /// A change of the query is one step back for `u` (a filter-field
    /// session is one step however many keys it took).
    mutating func recordHistory(from before: QueryState, typing: Bool) {
        if queryState != before { history.record(before, typing: typing) }
        if !isFiltering { history.endFilterSession() }
    }

    /// Asks for what the model now needs and has not asked for: the
    /// configuration's results, the selected quake's position, rows on
    /// screen missing from the page, the map's aggregate, the charts.
    mutating func askForDerivedEffects() {
        if asked.configuration != configuration {
            asked.configuration = configuration
            asked.queries.append(QueryOfConfiguration(configuration: configuration, query: queryState))
            if asked.queries.count > 16 { asked.queries.removeFirst() }
            effects.append(.fetch(configuration))
        }
        let tracked: String? = if case .quake(let id) = anchor { id } else { nil }
        if asked.tracked != .some(tracked) {
            asked.tracked = .some(tracked)
            effects.append(.track(tracked))
        }
        if let page {
            let visible = visibleRows
            let ask = RowsAsk(generation: page.generation, range: visible)
            if !page.holds(visible), asked.rows != ask {
                asked.rows = ask
                effects.append(.needRows(visible))
            }
        }
        let mapRequest = map.request(in: layout.map)
        if asked.mapRequest != .some(mapRequest) {
            asked.mapRequest = .some(mapRequest)
            effects.append(.observeMap(mapRequest))
        }
        if let ask = charts.ask(for: page, in: section.isShown ? nil : layout.charts) {
            effects.append(.computeCharts(width: ask.width, decay: ask.decay, magnitudeTime: ask.magnitudeTime, ask: ask.number))
        }
        let times = map.coloring == .time
        if let profile = section.ask(for: page, times: times) { effects.append(.computeSection(profile, selection, times: times)) }
        askForOrigins()
        askForChanges()
    }

    /// The details list an event's origins when it has several: read once
    /// per event, version and page (a joining origin does not change the row).
    private mutating func askForOrigins() {
        guard case .detail = mode, let quake = selectedQuake else {
            detailOrigins = []
            originCursor = 0
            asked.origins = nil
            return
        }
        let key = "\(quake.id) \(quake.updated.epochMilliseconds) \(page?.generation ?? 0)"
        guard asked.origins != key else { return }
        asked.origins = key
        effects.append(.loadOrigins(quake.id))
    }

    // MARK: Actions

    /// Down or up `delta` lines that select (as a tree, a folded section's
    /// line selects its first row; an open section's does not).
    mutating func move(by delta: Int) {
        guard openSections != nil else { return select(selectedIndex + delta) }
        let table = tableLayout
        var line = table.line(ofRow: selectedIndex), target = selectedIndex, remaining = abs(delta)
        while remaining > 0 {
            line += delta < 0 ? -1 : 1
            guard line >= 0, line < table.lineCount else { break }
            if let row = table.selectableRow(atLine: line) { target = row; remaining -= 1 }
        }
        select(target)
    }

    mutating func select(_ index: Int) {
        guard rowCount > 0 else { return }
        selectedIndex = max(0, min(index, rowCount - 1))
        anchor = page?.quake(at: selectedIndex).map { .quake($0.id) } ?? .row(selectedIndex)
    }

    /// Scrolls just enough to show the selected row (and the header of its
    /// section when it is the section's first row).
    mutating func scrollToSelection() {
        let table = tableLayout
        let height = layout.bodyHeight
        let line = table.line(ofRow: selectedIndex)
        let wanted = table.isFirstRowOfSection(selectedIndex) ? line - 1 : line
        if wanted < topLine { topLine = wanted }
        if line >= topLine + height { topLine = line - height + 1 }
        topLine = max(0, min(topLine, max(0, table.lineCount - height)))
    }

    /// The filter field's text takes effect, if it was edited since it last did.
    mutating func commitFilter(_ field: TextField? = nil) {
        guard filterEdited else { return }
        filterEdited = false
        var text: String?
        if let field { text = field.text } else if case .filter(let field) = mode { text = field.text }
        if let text, text != filterText { setFilter(text) }
    }

    mutating func setFilter(_ text: String) {
        filterText = text
        updatePredicate()
    }

    mutating func submitPredicate(_ text: String) {
        if text.trimmingCharacters(in: .whitespaces).isEmpty {
            userPredicate = nil
            mode = .table
            updatePredicate()
            return
        }
        do {
            userPredicate = try QuakePredicate(text, home: home)
            mode = .table
            updatePredicate()
        } catch let error as QuakePredicate.ParseError {
            // The previous predicate stays in force until a valid one is entered.
            mode = .predicate(TextField(text), error: error)
        } catch {
            message = "error: \(error)"
        }
    }

    /// `u` and Ctrl-R: the query as it was before the last change, or as
    /// it was before the last undo.
    mutating func travel(back: Bool) {
        let current = queryState
        guard let state = back ? history.undo(from: current) : history.redo(from: current) else {
            message = back ? "nothing to undo" : "nothing to redo"
            return
        }
        filterText = state.filterText
        userPredicate = state.userPredicate
        map.setRegionFilter(state.regionFilter)
        configuration.sortKeys = state.sortKeys
        configuration.sectionIdentifier = state.sections
        updatePredicate()
        message = back ? "undone" : "redone"
    }
}

/// The first fetch failed: there is nothing to show. Says the failure as it was.
public struct BrowserFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    init(_ error: any Error) { description = "\(error)" }
}
