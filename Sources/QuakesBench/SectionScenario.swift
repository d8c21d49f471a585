import Foundation
import QuakeQuery
import QuakeStore
import QuakeViews
import TerminalUI

/// The cross-section's figure: from a line to its quakes placed and drawn
/// (what the section pane waits for after `x`, or `quakes-tui section`
/// before printing): a line across south-central Alaska, where the
/// generated catalog resamples the real week's Alaskan quakes, ±100 km.
/// `section_cells_ms`: the same line counted in cubes and drawn, as the
/// pane draws a box holding more than it reads quake by quake.
struct SectionScenario {
    let catalog: QuakeCatalog

    static let profile = Profile(start: (59.5, -154), end: (63, -146), halfWidthKilometres: 100)

    func run() throws -> [String: Double] {
        var times: [Double] = [], count = 0
        for _ in 0..<3 {
            var failure: (any Error)?
            times.append(BrowseScenarios.milliseconds {
                do {
                    let quakes = try SectionQuery.quakes(in: Self.profile, selection: nil, catalog: catalog, times: false).quakes
                    count = quakes.count
                    var screen = Screen(width: 120, height: 12)
                    SectionPlotView(lengthKilometres: Self.profile.lengthKilometres,
                                    points: quakes.map { .init(along: $0.along, depth: $0.quake.depth) }, unicode: true)
                        .render(in: Rect(x: 0, y: 0, width: 120, height: 12), into: &screen)
                } catch { failure = error }
            })
            if let failure { throw failure }
        }
        var cellTimes: [Double] = []
        for _ in 0..<3 {
            var failure: (any Error)?
            cellTimes.append(BrowseScenarios.milliseconds {
                do {
                    let counted = try SectionQuery.cells(in: Self.profile, selection: nil, catalog: catalog,
                                                         step: SectionQuery.cellStep(for: Self.profile), times: false)
                    var screen = Screen(width: 120, height: 12)
                    SectionPlotView(lengthKilometres: Self.profile.lengthKilometres,
                                    points: counted.cells.map { .init(along: $0.along, depth: $0.depth, magnitude: $0.magnitude, count: $0.count) },
                                    unicode: true)
                        .render(in: Rect(x: 0, y: 0, width: 120, height: 12), into: &screen)
                } catch { failure = error }
            })
            if let failure { throw failure }
        }
        return ["section_ms": Statistics.median(times), "section_quakes": Double(count),
                "section_cells_ms": Statistics.median(cellTimes)]
    }
}
