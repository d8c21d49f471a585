import QuakeCharts
import TerminalUI

/// The cumulative number of quakes over time: a braille line rising by
/// each bin's count at the bin's start, over the same time axis as the
/// activity chart (bins over their spans of time, ticks at round UTC
/// times). Rows: the title (`23 quakes · cumulative`), the plot with the
/// count axis at its left (ticks at round counts), the time axis (`^` at
/// the selected quake's bin) and its labels. Outside UTF-8 each column's
/// top is a `*`. A steepening line is a sequence's start; a bend down its
/// decay; a straight one a steady rate.
public struct CumulativeChartView {
    public let charts: QuakeCharts
    public let selectedTime: Int64?
    public let unicode: Bool

    public init(charts: QuakeCharts, selectedTime: Int64? = nil, unicode: Bool) {
        self.charts = charts; self.selectedTime = selectedTime; self.unicode = unicode
    }

    public static let lineStyle = Style(foreground: .cyan)

    public func render(in area: Rect, into screen: inout Screen) {
        guard !area.isEmpty else { return }
        let activity = charts.activity, total = activity.cumulative.last ?? 0
        let title = "\(Formatting.count(charts.count)) \(charts.count == 1 ? "quake" : "quakes")\(ChartText.separator(unicode))cumulative"
        screen.put(title, row: area.y, column: area.x, style: ActivityChartView.titleStyle, maxWidth: area.width)
        guard area.height >= 4, area.width >= 12, total > 0 else { return }
        let ticks = AxisTicks(low: 0, high: Double(total), maximum: max(2, (area.height - 3) / 2 + 1))
        let step = max(1, Int(ticks.step.rounded(.up)))
        let values = Array(stride(from: 0, through: total, by: step))
        let labelWidth = PlotAxes.labelWidth(values.map(Formatting.count))
        let plot = Rect(x: area.x + labelWidth + 1, y: area.y + 1, width: area.width - labelWidth - 1, height: area.height - 3)
        guard plot.width > 0, let scale = activity.scale(columns: plot.width) else { return }
        let dots = plot.height * 4
        /// The dot row (from the top) of `count` quakes.
        func dotRow(_ count: Int) -> Int { dots - 1 - Int((Double(count) / Double(total) * Double(dots - 1)).rounded()) }
        let levels = Self.columnTotals(activity, scale: scale)
        var canvas = BrailleCanvas(columns: plot.width, rows: plot.height)
        var previous = dotRow(0)
        for (column, level) in levels.enumerated() {
            let y = dotRow(level)
            // The rise at the column's left dot, from the level before.
            for rise in stride(from: previous, through: y, by: y <= previous ? -1 : 1) { canvas.set(x: column * 2, y: rise) }
            canvas.set(x: column * 2 + 1, y: y)
            previous = y
        }
        for row in 0..<plot.height {
            for column in 0..<plot.width {
                let mask = canvas.mask(column: column, row: row)
                guard mask != 0 else { continue }
                let top = dotRow(levels[column]) / 4 == row
                guard unicode || top else { continue }
                screen.put(unicode ? String(BrailleCanvas.character(mask)) : "*", row: plot.y + row, column: plot.x + column,
                           style: Self.lineStyle)
            }
        }
        let countTicks = values.map { PlotAxes.Tick(plot.y + dotRow($0) / 4, Formatting.count($0)) }
        PlotAxes.drawLeft(countTicks, plot: plot, labelWidth: labelWidth, unicode: unicode, style: ActivityChartView.axisStyle,
                          into: &screen)
        ActivityChartView.drawTimeAxis(scale, plot: plot, leftmost: area.x, charts: charts, selectedTime: selectedTime,
                                       unicode: unicode, into: &screen)
    }

    /// Each column's count: every quake of the bins starting in or before it.
    public static func columnTotals(_ activity: ActivityHistogram, scale: TimeScale) -> [Int] {
        var added = Array(repeating: 0, count: scale.columns)
        for bin in activity.bins { added[scale.column(of: bin.start)] += bin.count }
        var total = 0
        return added.map { total += $0; return total }
    }
}
