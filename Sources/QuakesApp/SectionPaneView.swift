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
    let selectedID: String?
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
        } else if let quakes = section.quakes {
            title += "\(Formatting.count(quakes.count)) \(quakes.count == 1 ? "quake" : "quakes")"
                + (section.isCapped ? " (the first \(Formatting.count(SectionState.readLimit)) read)" : "") + "; depth km down"
        } else {
            title += unicode ? "counting…" : "counting..."
        }
        screen.put(title, row: area.y, column: area.x, style: Style(bold: true), maxWidth: area.width)
        let quakes = section.quakes ?? []
        let plot = area.inset(top: 1)
        // Times only when they color: the pane reads them only then (`SectionState.ask`).
        let points = quakes.map { placed in
            SectionPlotView.Point(along: placed.along, depth: placed.quake.depth, magnitude: placed.quake.magnitude,
                                  time: coloring == .time ? Double(placed.quake.time.epochMilliseconds) : nil)
        }
        let view = SectionPlotView(lengthKilometres: profile.lengthKilometres, points: points, stretched: section.isStretched,
                                   unicode: unicode, cellAspect: cellAspect, coloring: coloring, colors: colors)
        view.render(in: plot, into: &screen)
        if let selected = quakes.first(where: { $0.quake.id == selectedID }), let cell = view.cell(of: .init(along: selected.along, depth: selected.quake.depth), in: plot) {
            screen.put(unicode ? "◆" : "#", row: cell.row, column: cell.column, style: Style(foreground: .yellow, bold: true))
        }
    }
}
