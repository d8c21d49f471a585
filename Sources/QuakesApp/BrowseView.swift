import Foundation
import QuakeMap
import QuakeQuery
import QuakeStore
import QuakeViews
import TerminalUI

/// The browse screen for a state: top line, map, table and bottom line
/// where `BrowseLayout` puts them, and the details or help over them. A
/// pure function of the state: drawing changes nothing in it.
public struct BrowseView {
    public static let minimumWidth = BrowseLayout.minimumWidth
    public static let minimumHeight = BrowseLayout.minimumHeight

    /// Where the rows' times are shown unless `t` shows UTC.
    let zone: LocalZone
    /// `▲▼` on a UTF-8 terminal, `^v` elsewhere.
    public let unicode: Bool
    /// Whether the terminal shows colors: without, the map's quakes take glyphs of their own.
    public let colors: Bool
    /// The 256-color palette: without, the map shows fewer density classes.
    public let manyColors: Bool
    /// The coastlines and layers under the map's quakes.
    let layers: MapLayers

    /// `land`: only these coastlines, and no other layer (tests); else the bundled layers.
    public init(zone: LocalZone = .system, unicode: Bool = true, colors: Bool = true, manyColors: Bool = true,
                land: LandOutline? = nil) {
        self.zone = zone
        self.unicode = unicode
        self.colors = colors
        self.manyColors = manyColors
        self.layers = land.map(MapLayers.only) ?? .bundled
    }

    public func render(_ state: BrowserModel, into screen: inout Screen) {
        screen.clear()
        let layout = BrowseLayout(width: screen.width, height: screen.height, panes: state.map.panes,
                                  charts: state.showsChartsPane)
        guard !layout.isTooSmall else {
            renderTooSmall(into: &screen)
            return
        }
        let formatting = Formatting(zone: state.showsUTC ? .utc : zone, now: state.now)
        let table = TableView(formatting: formatting, unicode: unicode)
        renderTopLine(state, formatting: formatting, table: table, in: layout.topLine, into: &screen)
        if let area = layout.map { renderMap(state, formatting: formatting, in: area, into: &screen) }
        if let area = layout.charts, state.section.isShown {
            SectionPaneView(section: state.section, selected: state.selectedQuake, unicode: unicode, cellAspect: state.map.cellAspect,
                            coloring: state.map.coloring, colors: colors)
                .render(in: area, into: &screen)
        } else if let area = layout.charts {
            ChartsView(charts: state.charts.charts, failure: state.charts.failure,
                       selectedTime: state.selectedTimeMilliseconds, unicode: unicode, isCounting: state.charts.isCounting, layout: state.charts.layout ?? .activity)
                .render(in: area, into: &screen)
        }
        if !layout.table.isEmpty { table.render(state.tableContent, in: layout.table, into: &screen) }
        if let banner = state.alertBanner { renderAlert(banner, formatting: formatting, in: layout.noteLine, into: &screen) }
        renderBottomLine(state, layout, into: &screen)
        switch state.mode {
        case .detail:
            if let quake = state.selectedQuake {
                DetailView(formatting: formatting, home: state.home, localZone: zone)
                    .render(quake, origins: state.detailOrigins.first?.eventID == quake.id ? state.detailOrigins : [],
                            originCursor: state.originCursor, notice: state.detailNotice,
                            in: layout.screen.inset(top: 1), into: &screen)
            }
        case .help:
            HelpView(keys: Keymap.helpLines.map { ($0.keys, $0.text) }, unicode: unicode)
                .render(in: layout.screen, into: &screen)
        case .views(let picker): ViewListView(picker: picker, unicode: unicode).render(in: layout.screen.inset(top: 1), into: &screen)
        case .palette(let palette):
            CommandPaletteView(palette: palette, unicode: unicode).render(in: layout.screen.inset(top: 1), into: &screen)
        case .frequency(let sheet):
            FrequencySheetView(sheet: sheet, unicode: unicode).render(in: layout.screen.inset(top: 1), into: &screen)
        case .addColumn(let chooser):
            ColumnChooserView(chooser: chooser, unicode: unicode).render(in: layout.screen.inset(top: 1), into: &screen)
        default: break
        }
    }

    /// `terminal too small` and the size needed, centered, its words wrapped
    /// onto more lines when the screen is narrower than a line.
    private func renderTooSmall(into screen: inout Screen) {
        let message = ["terminal too small",
                       "\(Self.minimumWidth)x\(Self.minimumHeight) needed, now \(screen.width)x\(screen.height)"]
        let lines = message.flatMap { Self.wrap($0, width: screen.width) }
        let top = max(0, (screen.height - lines.count) / 2)
        for (i, line) in lines.enumerated() {
            screen.put(line, row: top + i, column: max(0, (screen.width - DisplayWidth.of(line)) / 2))
        }
    }

    /// `text` in lines of at most `width` columns, broken between words.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for word in text.split(separator: " ").map(String.init) {
            if let last = lines.last, DisplayWidth.of(last) + 1 + DisplayWidth.of(word) <= width {
                lines[lines.count - 1] = last + " " + word
            } else {
                lines.append(word)
            }
        }
        return lines
    }

    // MARK: Top line

    /// What the top line says: the catalog, the count, the filter, and the
    /// sort and sections of the rows on screen.
    /// `by mag ▼, time ▲`: a sort as the top line and the saved views say it.
    static func sortWords(_ sortKeys: [SortKey], home: Home?, arrow: (Bool) -> String) -> String {
        "by " + sortKeys.map { "\(QuakeColumn(field: $0.field, home: home)?.title.lowercased() ?? $0.field.name) \(arrow($0.ascending))" }
            .joined(separator: ", ")
    }

    func topLine(_ state: BrowserModel, formatting: Formatting, table: TableView) -> String {
        var parts = ["quakes-tui", state.catalogName]
        if state.isReadOnly { parts.append("read-only") }
        if let page = state.page {
            if let count = page.count, let total = page.total {
                let noun = total == 1 ? "quake" : "quakes"
                parts.append(count == total ? "\(Formatting.count(total)) \(noun)"
                             : "\(Formatting.count(count)) of \(Formatting.count(total)) \(noun)")
                // Where the selection is among them (less's and VisiData's
                // ruler), beside the count it is out of.
                if count > 0 { parts.append("row \(Formatting.count(min(state.selectedIndex, count - 1) + 1))") }
            } else {
                parts.append("counting…")
            }
        }
        if let reading = state.readStatus { parts.append(reading) }
        if state.isIncomplete { parts.append("incomplete") }
        if state.isIndexing { parts.append("indexing…") }
        if let updated = state.lastUpdated { parts.append("Updated \(formatting.age(updated))") }
        if let push = state.push { parts.append(push.text(now: formatting.now, age: formatting.age)) }
        if let page = state.page, let unseen = ChangeMarks.unseenText(
            state.changeMarks.unseen(changes: page.recentlyChanged, inResults: page.recentlyChangedEpicentres.keys),
            capped: page.recentlyChanged.count >= ResultsPage.recentChangesLimit) {
            parts.append(unseen)
        }
        let shown = state.shown
        if !shown.filterText.isEmpty { parts.append("filter \"\(shown.filterText)\"") }
        if let predicate = shown.userPredicate { parts.append("where \(predicate)") }
        if let region = shown.regionFilter { parts.append("region " + MapView.ranges(region, unicode: unicode)) }
        let sortKeys = state.shownSortKeys
        if !sortKeys.isEmpty {
            parts.append(Self.sortWords(sortKeys, home: state.home, arrow: table.arrow))
        }
        let section = state.page?.configuration.sectionIdentifier ?? state.configuration.sectionIdentifier
        if let section { parts.append("section by \(section.label)") }
        // Which times the rows show: UTC (`t`), or the local zone when it is
        // not UTC. Last: on a narrow screen the sort keys matter more.
        if state.showsUTC || !formatting.isUTC { parts.append("times \(formatting.zoneName)") }
        return parts.joined(separator: "  ")
    }

    private func renderTopLine(_ state: BrowserModel, formatting: Formatting, table: TableView, in area: Rect,
                               into screen: inout Screen) {
        let style = Style(reverse: true)
        screen.fill(row: area.y, from: area.x, to: area.maxX, style: style)
        screen.put(" " + topLine(state, formatting: formatting, table: table), row: area.y, column: area.x, style: style,
                   maxWidth: area.width)
    }

    // MARK: Map

    /// The map pane: the marker on the selected quake, the quakes an import
    /// just added or changed (those these results hold) in bold for as
    /// long as their rows are marked, a just added one's cell flashing.
    private func renderMap(_ state: BrowserModel, formatting: Formatting, in area: Rect, into screen: inout Screen) {
        var changed: [GeoPoint] = [], flashing: [GeoPoint] = []
        if let page = state.page {
            for (id, epicentre) in page.recentlyChangedEpicentres {
                guard state.changeMarks.mark(id, changes: page.recentlyChanged, now: formatting.now) != nil,
                      let change = page.recentlyChanged[id] else { continue }
                let point = GeoPoint(latitude: epicentre.latitude, longitude: epicentre.longitude)
                changed.append(point)
                if ChangeMarks.flashes(change, now: formatting.now) { flashing.append(point) }
            }
        }
        var view = MapView(region: state.map.region, quakes: state.map.quakes, land: .none, selected: state.selectedEpicentre,
                           changed: changed, unicode: unicode, colors: colors, style: state.map.style,
                           coloring: state.map.coloring, cellAspect: state.map.cellAspect, focused: state.map.isFocused)
        view.flashing = flashing
        view.manyColors = manyColors
        layers.applied(to: &view, showsLayers: state.map.showsLayers)
        view.profile = state.section.start.map { MapProfileLine(start: $0, end: state.section.end) }
        view.render(in: area, into: &screen)
    }

    // MARK: Bottom line

    /// The keys of the pane with the focus (the Keymap's hints): the
    /// table's and how to reach the map, or the map's.
    func hints(_ state: BrowserModel) -> String {
        let hints: [KeyHint]
        switch (state.map.panes, state.map.isFocused) {
        case (.table, _): hints = Keymap.tableHints + [Keymap.showMapHint]
        case (_, false): hints = Keymap.tableHints + [Keymap.focusMapHint]
        case (let panes, true): hints = Keymap.mapHints(tableShown: panes != .mapAlone)
        }
        let line = Keymap.line(hints)
        return unicode ? line : line.replacingOccurrences(of: "⏎", with: "Enter").replacingOccurrences(of: "←↑↓→", with: "arrows")
    }

    private func renderBottomLine(_ state: BrowserModel, _ layout: BrowseLayout, into screen: inout Screen) {
        let row = layout.bottomLine.y, note = layout.noteLine.y
        switch state.mode {
        case .filter(let field):
            field.render(into: &screen, row: row, prompt: "/")
            renderFull(field, row: note, into: &screen)
        case .search(let field):
            field.render(into: &screen, row: row, prompt: "find: ")
            renderFull(field, row: note, into: &screen)
        case .predicate(let field, let error):
            field.render(into: &screen, row: row, prompt: ":")
            renderFull(field, row: note, into: &screen)
            if let error {
                // The caret sits under the bad column of the text above it.
                let caretColumn = 1 + error.caretOffset(in: field.text, width: DisplayWidth.of)
                let line = String(repeating: " ", count: caretColumn) + "^ " + error.description
                screen.fill(row: note, style: Style(foreground: .red))
                screen.put(line, row: note, column: 0, style: Style(foreground: .red, bold: true))
            }
        case .confirmDelete(let quake):
            screen.put("Delete \(quake.title.isEmpty ? quake.id : quake.title)? y/n", row: row, column: 0,
                       style: Style(foreground: .red, bold: true))
        case .saveView(let field):
            field.render(into: &screen, row: row, prompt: "save view as: ")
            renderFull(field, row: note, into: &screen)
        case .addSortKey:
            screen.put("add sort key: 1-9 or [ ] for the column under the cursor", row: row, column: 0)
        case .exportName(let field):
            field.render(into: &screen, row: row, prompt: BrowserModel.exportPrompt)
            renderFull(field, row: note, into: &screen)
        case .confirmReopen:
            screen.put("\(state.message ?? "error"). Reopen it? (y/n)", row: row, column: 0,
                       style: Style(foreground: .red, bold: true))
        case .confirmOverwrite(let request):
            screen.put("\(request.path) exists: overwrite? (y/n)", row: row, column: 0, style: Style(bold: true))
        default:
            if let failure = state.page?.rowReadFailure {
                screen.fill(row: row, style: Style(foreground: .red))
                screen.put("error: \(failure)", row: row, column: 0, style: Style(foreground: .red, bold: true))
            } else if let message = state.message {
                screen.put(message, row: row, column: 0, style: Style(bold: true))
            } else if let status = state.deleteStatus ?? state.exportStatus ?? state.declusterStatus ?? state.refreshStatus {
                screen.put(status, row: row, column: 0)
            } else {
                screen.put(hints(state), row: row, column: 0, style: Style(dim: true))
            }
        }
    }
}

extension BrowseView {
    /// `--alert`'s banner, reversed and red, over the line above the bottom
    /// line until a key is pressed (a field's note or error goes over it).
    private func renderAlert(_ banner: AlertBanner, formatting: Formatting, in area: Rect, into screen: inout Screen) {
        let style = Style(foreground: .red, bold: true, reverse: true)
        screen.fill(row: area.y, from: area.x, to: area.maxX, style: style)
        screen.put(" " + banner.text(formatting), row: area.y, column: area.x, style: style, maxWidth: area.width)
    }

    /// Above a field that refused input: how much it holds.
    private func renderFull(_ field: TextField, row: Int, into screen: inout Screen) {
        guard field.refusedInput else { return }
        screen.fill(row: row)
        screen.put("the field holds at most \(Formatting.count(field.maximumLength)) characters", row: row, column: 0,
                   style: Style(bold: true))
    }
}

