import QuakeViews
import TerminalUI
import Testing

/// A section drawn from known points: where each dot falls, the ticks and
/// their labels, true to scale and stretched.
@Suite struct SectionPlotViewTests {
    static func lines(_ view: SectionPlotView, width: Int, height: Int) -> [String] {
        var screen = Screen(width: width, height: height)
        view.render(in: Rect(x: 0, y: 0, width: width, height: height), into: &screen)
        return screen.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    /// 40×8: the plot 34 columns (68 dots) by 6 rows (24 dots) right of
    /// 4 columns of depth labels and the axis. 100 km long, quakes from 0 to
    /// 20 km deep: 100/68 = 1.47 km a dot across is coarser than 20/24 down,
    /// so true to scale both take 1.47 km (24 dots: 35.3 km deep shown, at
    /// most 3 ticks: 0 and 20, on rows 0 and ⌊20/1.47/4⌋ = 3). The quake at
    /// 50 km, 10 km deep: dot (34, 6), column 17 row 1, ⠄; at 99 km, 20 km:
    /// dot (67, 13), column 33 row 3, ⠐. Distance ticks every 50 km (at
    /// most 3): columns 0 and 17; 100 km is the plot's edge.
    @Test func trueToScaleAKilometreIsAsLongDownAsAcross() {
        let points = [SectionPlotView.Point(along: 0, depth: 0), .init(along: 50, depth: 10), .init(along: 99, depth: 20)]
        let view = SectionPlotView(lengthKilometres: 100, points: points, unicode: true)
        #expect(Self.lines(view, width: 40, height: 8) == [
            "   0┤⠁",
            "    │                 ⠄",
            "    │",
            "  20┤                                 ⠐",
            "    │",
            "    │",
            "    └┬────────────────┬────────────────",
            "     0               50              km",
        ])
    }

    @Test func stretchedTheDepthsFillTheRows() {
        let points = [SectionPlotView.Point(along: 0, depth: 0), .init(along: 99, depth: 20)]
        let view = SectionPlotView(lengthKilometres: 100, points: points, stretched: true, unicode: false)
        let lines = Self.lines(view, width: 40, height: 8)
        #expect(lines[0] == "   0+*", "\(lines)")
        // 20 km / 24 dots down: ticks 0, 10 (rows 0 and 3); the deepest on the last dot, column 33.
        #expect(lines[3] == "  10+", "\(lines)")
        #expect(lines[5] == "    |                                 *", "the deepest on the last row: \(lines)")
        #expect(lines[6] == "    ++----------------+----------------" && lines[7] == "     0               50              km", "\(lines)")
    }
}
