import QuakeMap
import QuakeQuery
import QuakeStore
import QuakeViews
import TerminalUI

/// The section pane: a title line (the line, its length and half-width,
/// how many quakes, or `counting…`), then the section drawn, the selected
/// quake's dot shown as `◆` when it lies in the section.
struct SectionPaneView {
    let section: SectionState
    /// The selected quake: marked where it lies in the section.
    let selected: Quake?
    let unicode: Bool
    let cellAspect: Double
    /// The map's `V`: what colors the quakes.
    let coloring: MapColoring
    let colors: Bool

    func render(in area: Rect, into screen: inout Screen) {
        guard let profile = section.profile, !area.isEmpty else { return }
        let length = Formatting.count(Int(profile.lengthKilometres.rounded()))
        var title = "section A–A′ \(length) km ±\(Int(profile.halfWidthKilometres)) km: "
        if let failure = section.failure {
            title += failure
        } else if let contents = section.contents {
            title += "\(Formatting.count(contents.count)) \(contents.count == 1 ? "quake" : "quakes")"
            switch contents {
            case .quakes(_, isCapped: true): title += " (the first \(Formatting.count(SectionState.readLimit)) read)"
            case .cells(let cells, _): title += " in \(Formatting.count(cells.count)) cells"
            case .quakes: break
            }
            title += "; depth km down"
        } else {
            title += unicode ? "counting…" : "counting..."
        }
        screen.put(title, row: area.y, column: area.x, style: Style(bold: true), maxWidth: area.width)
        let plot = Self.plotArea(in: area)
        let view = Self.plot(section, lengthKilometres: profile.lengthKilometres, unicode: unicode, cellAspect: cellAspect,
                             coloring: coloring, colors: colors)
        view.render(in: plot, into: &screen)
        if let selected, let place = profile.placeInSection(latitude: selected.latitude, longitude: selected.longitude),
           let cell = view.cell(of: .init(along: place.along, depth: selected.depth), in: plot) {
            screen.put(unicode ? "◆" : "#", row: cell.row, column: cell.column, style: Style(foreground: .yellow, bold: true))
        }
    }

    /// Where the section is drawn in the pane's area: under its title.
    static func plotArea(in area: Rect) -> Rect { area.inset(top: 1) }

    /// The section as drawn: a click finds its quake through the same plot.
    static func plot(_ section: SectionState, lengthKilometres: Double, unicode: Bool, cellAspect: Double, coloring: MapColoring,
                     colors: Bool) -> SectionPlotView {
        SectionPlotView(lengthKilometres: lengthKilometres, points: points(section.contents, coloring: coloring),
                        stretched: section.isStretched, unicode: unicode, cellAspect: cellAspect, coloring: coloring, colors: colors)
    }

    /// What the plot draws: each quake, or each cube with its count.
    private static func points(_ contents: SectionContents?, coloring: MapColoring) -> [SectionPlotView.Point] {
        switch contents {
        case .quakes(let quakes, _)?:
            // Times only when they color: the pane reads them only then (`SectionState.ask`).
            return quakes.map { placed in
                SectionPlotView.Point(along: placed.along, depth: placed.quake.depth, magnitude: placed.quake.magnitude,
                                      time: coloring == .time ? Double(placed.quake.time.epochMilliseconds) : nil)
            }
        case .cells(let cells, _)?:
            return cells.map { .init(along: $0.along, depth: $0.depth, magnitude: $0.magnitude, time: $0.time, count: $0.count) }
        case nil:
            return []
        }
    }
}
