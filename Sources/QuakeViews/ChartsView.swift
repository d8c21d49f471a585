import QuakeCharts
import QuakeMap
import TerminalUI

/// What the charts pane shows (`c` cycles): activity over time and the
/// magnitude–frequency distribution, or magnitude over time and the
/// cumulative count.
public enum ChartsLayout: String, CaseIterable, Sendable, CyclingChoice {
    case activity, timeline
}

/// The charts pane: activity over time and the magnitude–frequency
/// distribution, side by side from `sideBySideWidth` columns (each about
/// half the width, a blank column between), else the activity above the
/// magnitudes, each about half the height. Until the first charts arrive
/// it says `charts: counting…`, or why they could not be made; while newer
/// charts are counted, the charts shown keep their bars but their figures
/// line says `charts: counting…` (its counts are of other quakes).
public struct ChartsView {
    /// From this width the charts go side by side: each then has at least
    /// 49 columns, room for the figures line and 49 time bins.
    public static let sideBySideWidth = 100

    public let charts: QuakeCharts?
    /// Why the newest charts could not be made, if they could not.
    public let failure: String?
    public let selectedTime: Int64?
    public let unicode: Bool
    /// Newer charts than `charts` are being counted.
    public let isCounting: Bool
    public let layout: ChartsLayout

    /// `quakes-tui stats` draws the same charts: no selection, no failure.
    public init(charts: QuakeCharts?, failure: String? = nil, selectedTime: Int64? = nil, unicode: Bool,
                isCounting: Bool = false, layout: ChartsLayout = .activity) {
        self.charts = charts; self.failure = failure; self.selectedTime = selectedTime; self.unicode = unicode
        self.isCounting = isCounting; self.layout = layout
    }

    /// The columns the time bins are fitted to in `area`: the left chart's
    /// width less its count axis (up to `99,999┤`), so a bin has a column.
    public static func binColumns(in area: Rect) -> Int { max(1, activityArea(in: area).width - 7) }

    private var countingNote: String { "charts: counting\(unicode ? "…" : "...")" }

    public static let noteStyle = Style(dim: true)

    /// Where the activity chart goes in `area`: the model gets its width as
    /// the most bins it may give.
    public static func activityArea(in area: Rect) -> Rect {
        if area.width >= sideBySideWidth {
            return Rect(x: area.x, y: area.y, width: area.width / 2 - 1, height: area.height)
        }
        return area.top(area.height / 2)
    }

    public static func magnitudeArea(in area: Rect) -> Rect {
        if area.width >= sideBySideWidth {
            let left = area.width / 2
            return Rect(x: area.x + left, y: area.y, width: area.width - left, height: area.height)
        }
        return area.inset(top: area.height / 2)
    }

    public func render(in area: Rect, into screen: inout Screen) {
        guard !area.isEmpty else { return }
        guard let charts else {
            let note = failure.map { "charts: \($0)" } ?? countingNote
            screen.put(note, row: area.y, column: area.x, style: Self.noteStyle, maxWidth: area.width)
            return
        }
        switch layout {
        case .activity:
            if let decay = charts.decay {
                DecayChartView(decay: decay, unicode: unicode).render(in: Self.activityArea(in: area), into: &screen)
            } else {
                ActivityChartView(charts: charts, selectedTime: selectedTime, unicode: unicode)
                    .render(in: Self.activityArea(in: area), into: &screen)
            }
            MagnitudeChartView(magnitudes: charts.magnitudes, unicode: unicode, warning: charts.mixWarning)
                .render(in: Self.magnitudeArea(in: area), into: &screen)
        case .timeline:
            MagnitudeTimeChartView(charts: charts, selectedTime: selectedTime, unicode: unicode)
                .render(in: Self.activityArea(in: area), into: &screen)
            CumulativeChartView(charts: charts, selectedTime: selectedTime, unicode: unicode)
                .render(in: Self.magnitudeArea(in: area), into: &screen)
        }
        if isCounting {
            screen.fill(row: area.y, from: area.x, to: area.maxX, style: Style())
            screen.put(countingNote, row: area.y, column: area.x, style: Self.noteStyle, maxWidth: area.width)
        }
    }
}
