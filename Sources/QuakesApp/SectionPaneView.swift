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
        let view = SectionPlotView(lengthKilometres: profile.lengthKilometres,
                                   points: quakes.map { .init(along: $0.along, depth: $0.quake.depth) },
                                   stretched: section.isStretched, unicode: unicode, cellAspect: cellAspect)
        view.render(in: plot, into: &screen)
        if let selected = quakes.first(where: { $0.quake.id == selectedID }), let cell = view.cell(of: .init(along: selected.along, depth: selected.quake.depth), in: plot) {
            screen.put(unicode ? "◆" : "#", row: cell.row, column: cell.column, style: Style(foreground: .yellow, bold: true))
        }
    }
}
