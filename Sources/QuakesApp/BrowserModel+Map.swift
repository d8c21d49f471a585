import Foundation
import QuakeMap
import QuakeQuery
import TerminalUI

/// The mouse and the map: clicks and the wheel through the layout, `R`,
/// a click's nearest quake, and what the map needs counted.
extension BrowserModel {
    mutating func handle(_ mouse: MouseEvent) {
        let hit = layout.hit(row: mouse.row, column: mouse.column, table: tableContent)
        switch mouse.kind {
        case .wheelUp, .wheelDown:
            if case .map(let column, let row)? = hit, let area = layout.map {
                // The wheel zooms at the pointer, whichever pane has the focus.
                map.zoom(by: mouse.kind == .wheelUp ? 2 : 0.5, around: map.point(column: column, row: row, in: area), in: area)
            } else {
                move(by: mouse.kind == .wheelUp ? -3 : 3)
            }
        case .release: break
        case .press:
            guard mode == .table else { return }
            switch hit {
            case .map(let column, let row)? where section.takesClicks:
                // Placing a section: the point clicked, not the quake nearest it.
                map.setFocus(.map)
                if let area = layout.map { message = section.mark(map.point(column: column, row: row, in: area)) }
            case .map(let column, let row)?:
                map.setFocus(.map)
                pickNearest(column: column, row: row)
            case .mapScale?: map.setFocus(.map)
            case .header(let column)?:
                map.setFocus(.table)
                // The seeds' click-to-sort, a second click reverses.
                columnCursor = column
                sortBy(column, ascending: nil, adding: false)
            case .bodyLine(let offset)?:
                map.setFocus(.table)
                if case .row(let index) = tableLayout.item(atLine: topLine + offset) { select(index) }
            case nil: break
            }
        }
    }

    // MARK: The map

    /// `R`: the results only in the region on screen, or all of them again.
    mutating func toggleRegionFilter() {
        guard map.toggleRegionFilter(in: layout.map) else {
            message = map.isShown ? "the map shows the whole world: nothing to filter" : "R filters to the map's region: m shows the map"
            return
        }
        updatePredicate()
    }

    /// A click on the map: the nearest quake in view is looked up off this
    /// thread, first within a few cells of the click.
    mutating func pickNearest(column: Int, row: Int) {
        guard let area = layout.map else { return }
        effects.append(.pickNearest(map.point(column: column, row: row, in: area), radius: 2 * map.cellSize(in: area),
                                    within: map.region))
    }

    /// The quake nearest a click, selected in the table: at its position in
    /// the results when they are the ones on screen, else where the next
    /// results put it (the anchor tells the controller to locate it).
    mutating func pick(_ found: NearestQuake?) {
        guard let found else {
            message = "no quake in view"
            return
        }
        anchor = .quake(found.quake.id)
        if let index = found.index, found.generation == page?.generation {
            selectedIndex = index
        } else if let index = page?.index(ofQuakeWithID: found.quake.id) {
            selectedIndex = index
        }
    }
}
