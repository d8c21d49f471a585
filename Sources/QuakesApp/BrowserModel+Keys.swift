import QuakeViews
import TerminalUI

/// The table mode's keys: looked up in the `Keymap` (the focused map's
/// first) and run by command.
extension BrowserModel {
    mutating func handleTable(_ key: Key) {
        message = nil
        if map.isFocused, let command = Keymap.command(for: key, in: .map) {
            // The section's points are the browser's, not the map view's.
            if command == .placeSectionByClicks { message = section.placeByClicks(); return }
            if map.perform(command, around: selectedEpicentre, in: layout.map) == .fit { effects.append(.fitMap) }
            return
        }
        if openSections != nil, let command = Keymap.command(for: key, in: .tree) {
            perform(command, key: key)
            return
        }
        guard let command = Keymap.command(for: key, in: .table) else { return }
        perform(command, key: key)
    }

    /// A table-mode command; `key` names the column of `sortByColumn`.
    mutating func perform(_ command: KeyCommand, key: Key) {
        let page = layout.bodyHeight - 1
        switch command {
        case .quit: ending = .quit
        case .moveDown: move(by: 1)
        case .moveUp: move(by: -1)
        case .pageDown: move(by: page)
        case .pageUp: move(by: -page)
        case .first: select(0); anchor = .top
        case .last: select(rowCount - 1); anchor = .bottom
        case .columnLeft: moveColumnCursor(by: -1)
        case .columnRight: moveColumnCursor(by: 1)
        case .sortAscending: sortBy(columnCursor, ascending: true, adding: false)
        case .sortDescending: sortBy(columnCursor, ascending: false, adding: false)
        case .addSortKey: mode = .addSortKey
        case .sortByColumn: if let column = columnKey(key) { sortBy(column, ascending: nil, adding: false) }
        // The old text selected: typing replaces it, an arrow key edits it.
        case .filter: mode = .filter(TextField(filterText, selected: true))
        case .predicate: mode = .predicate(TextField(userPredicate?.description ?? ""), error: nil)
        case .cycleSections: cycleSections()
        case .cycleMapLayout: map.cycleLayout()
        case .switchFocus: map.switchFocus()
        case .cycleCharts: charts.cycle()
        case .toggleRegionFilter: toggleRegionFilter()
        case .showDetail: if selectedQuake != nil { mode = .detail }
        case .delete:
            if isReadOnly { message = Self.readOnlyMessage } else if let quake = selectedQuake { mode = .confirmDelete(quake) }
        case .export: startExport()
        case .frequency: countFrequency()
        case .palette: mode = .palette(CommandPalette())
        case .search: mode = .search(TextField(searchText, selected: true))
        case .hideColumn: hideColumn()
        case .toggleTree: toggleTree()
        case .markSection:
            if let point = selectedEpicentre { message = section.mark(point) }
        case .stretchSection:
            if section.isShown { section.isStretched.toggle() } else { message = "no section: x at a quake sets its A" }
        case .openSection: foldSelectedSection(open: true)
        case .closeSection: foldSelectedSection(open: false)
        case .showColumns: chooseColumn()
        case .moveColumnLeft: moveColumn(by: -1)
        case .moveColumnRight: moveColumn(by: 1)
        case .searchNext: find(searchText, forward: true)
        case .searchPrevious: find(searchText, forward: false)
        case .help: mode = .help
        case .saveView: startSavingView()
        case .listViews: listViews()
        case .toggleUTC: toggleUTC()
        case .openEventPage: openSelected()
        case .copyEventLink: copySelected()
        case .refresh:
            if isReadOnly {
                message = Self.readOnlyMessage
            } else if canRefresh { effects.append(.refresh) } else { message = "no feed to refresh from" }
        case .selectSequence: selectSequence()
        case .decluster: startDeclustering()
        case .toggleDecay:
            // Hidden, the pane shows with the decay; shown, the decay comes or goes.
            if charts.layout != .activity {
                charts.show(.activity)
                if !charts.showsDecay { charts.toggleDecay() }
            } else {
                charts.toggleDecay()
            }
        case .cycleMcMethod:
            charts.cycleMcMethod()
            message = "Mc by \(charts.mcMethod.rawValue)"
        case .jumpToChange: jumpToChange()
        case .undo: travel(back: true)
        case .redo: travel(back: false)
        case .closeDetail, .zoomIn, .zoomOut, .panWest, .panEast, .panNorth, .panSouth, .fitMap, .centreMap,
             .cycleMapStyle, .toggleMapLayers, .nextOrigin, .splitOrigin, .mergeEvents, .placeSectionByClicks,
             .listNext, .listPrevious, .listFirst, .listLast, .listChoose, .listClose, .deleteChosenView, .answerYes: break
        case .cycleMapColoring:
            // From the table, for the section's quakes (the map's share it).
            guard section.isShown else { message = "V colors the section's quakes: x at two quakes shows one"; return }
            _ = map.perform(.cycleMapColoring, around: nil, in: nil)
            message = "section: color by \(map.coloring.rawValue)"
        }
    }

    func columnKey(_ key: Key) -> QuakeColumn? {
        guard case .character(let c) = key, let digit = c.wholeNumberValue, c.isASCII else { return nil }
        return QuakeColumn(rawValue: digit).flatMap { $0.field(home: home) == nil ? nil : $0 }
    }
}
