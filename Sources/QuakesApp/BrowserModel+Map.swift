import Foundation
import QuakeMap
import QuakeQuery
import QuakeStore
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
            case .charts(let column, let row)? where section.isShown:
                pickInSection(column: column, row: row)
            case .charts?: break
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

    /// A click in the section: the quake drawn nearest it (within two
    /// cells) is selected, as a click on the map selects. A section drawn
    /// as cubes (too many quakes) holds no quake to pick.
    mutating func pickInSection(column: Int, row: Int) {
        guard let area = layout.charts, let profile = section.profile else { return }
        guard case .quakes(let quakes, _)? = section.contents else {
            message = section.contents == nil ? "the section is still counting"
                : "the section draws its quakes as cells: narrow it or filter to pick one"
            return
        }
        let plot = SectionPaneView.plotArea(in: area)
        let view = SectionPaneView.plot(section, lengthKilometres: profile.lengthKilometres, unicode: true,
                                        cellAspect: map.cellAspect, coloring: map.coloring, colors: true)
        let clicked = (column: area.x + column, row: area.y + row)
        var best: (distance: Int, quake: Quake)?
        for placed in quakes {
            guard let cell = view.cell(of: .init(along: placed.along, depth: placed.quake.depth), in: plot) else { continue }
            let distance = max(abs(cell.column - clicked.column), abs(cell.row - clicked.row))
            if distance <= 2, best == nil || distance < best!.distance { best = (distance, placed.quake) }
        }
        guard let best else {
            message = "no quake of the section there"
            return
        }
        anchor = .quake(best.quake.id)
        if let index = page?.index(ofQuakeWithID: best.quake.id) { selectedIndex = index }
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
