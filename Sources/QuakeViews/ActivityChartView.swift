import Foundation
import QuakeCharts
import TerminalUI

/// Activity over time: the bins spread over the plot's width, each bar as
/// wide as its span of time (a month of 31 days wider than one of 28),
/// scaled to the tallest. Rows, top to bottom: the title (the results'
/// count, the bin size, the tallest bar's count), the bars with the count
/// axis at their left (ticks at round counts, `0` on the time axis), the
/// time axis (`┬` at round UTC times, `^` at the bin holding the selected
/// quake) and the times' labels. Below 4 rows only the title and the bars
/// show, over the whole width.
///
/// Bars are drawn in eighth blocks `▁▂▃▄▅▆▇█` on a UTF-8 terminal (a
/// non-empty bin gets at least `▁`), `#` per whole cell elsewhere (the
/// fraction of a cell is left out there).
public struct ActivityChartView {
    public let charts: QuakeCharts
    /// The selected quake's time (epoch ms): its bin gets the `^`.
    public let selectedTime: Int64?
    public let unicode: Bool

    public static let eighths: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    public static let titleStyle = Style(bold: true)
    public static let axisStyle = Style(dim: true)
    public static let markerStyle = Style(bold: true)

    public func render(in area: Rect, into screen: inout Screen) {
        guard !area.isEmpty else { return }
        let activity = charts.activity
        let hasAxes = area.height >= 4 && area.width >= 12
        let barRows = area.height - 1 - (hasAxes ? 2 : 0)
        // The count labels' width depends on the tallest column, which depends on the plot's width.
        var labelWidth = hasAxes ? Formatting.count(activity.bins.map(\.count).max() ?? 0).count : -1
        var plot = Rect(x: area.x + labelWidth + 1, y: area.y + 1, width: area.width - labelWidth - 1, height: barRows)
        var columns = Self.columnCounts(activity, width: plot.width)
        if hasAxes, Formatting.count(columns.max() ?? 0).count > labelWidth {
            labelWidth = Formatting.count(columns.max() ?? 0).count
            plot = Rect(x: area.x + labelWidth + 1, y: area.y + 1, width: area.width - labelWidth - 1, height: barRows)
            columns = Self.columnCounts(activity, width: plot.width)
        }
        let tallest = columns.max() ?? 0
        let title = "\(Formatting.count(charts.count)) \(charts.count == 1 ? "quake" : "quakes") per "
            + "\(activity.binName)\(ChartText.separator(unicode))tallest \(Formatting.count(tallest))"
        screen.put(title, row: area.y, column: area.x, style: Self.titleStyle, maxWidth: area.width)
        guard barRows > 0 else { return }
        for (column, count) in columns.enumerated() {
            drawBar(eighths: Self.eighths(count, tallest: tallest, rows: barRows), column: plot.x + column,
                    bottom: plot.maxY - 1, into: &screen)
        }
        guard hasAxes, let scale = activity.scale(columns: plot.width) else { return }
        PlotAxes.drawLeft(countTicks(tallest: tallest, plot: plot), plot: plot, labelWidth: labelWidth, unicode: unicode,
                          style: Self.axisStyle, into: &screen)
        Self.drawTimeAxis(scale, plot: plot, leftmost: area.x, charts: charts, selectedTime: selectedTime, unicode: unicode,
                          into: &screen)
    }

    /// Each column's count: the bin whose span of time holds it (two bins
    /// sharing a column, when there are more bins than columns, summed).
    public static func columnCounts(_ activity: ActivityHistogram, width: Int) -> [Int] {
        guard width > 0, let scale = activity.scale(columns: width) else { return [] }
        var counts = Array(repeating: 0, count: width)
        for (index, bin) in activity.bins.enumerated() {
            for column in scale.columns(from: bin.start, to: activity.binEnd(index)) { counts[column] += bin.count }
        }
        return counts
    }

    /// Ticks at round counts, each on the row where a bar of that count
    /// ends; 0 on the time axis's row. Whole counts only.
    private func countTicks(tallest: Int, plot: Rect) -> [PlotAxes.Tick] {
        guard tallest > 0 else { return [PlotAxes.Tick(plot.maxY, "0")] }
        let ticks = AxisTicks(low: 0, high: Double(tallest), maximum: max(2, plot.height / 2 + 1))
        let step = max(1, Int(ticks.step.rounded(.up)))
        return stride(from: 0, through: tallest, by: step).map { value in
            let eighths = Self.eighths(value, tallest: tallest, rows: plot.height)
            return PlotAxes.Tick(value == 0 ? plot.maxY : plot.maxY - 1 - (eighths - 1) / 8, Formatting.count(value))
        }
    }

    /// A bar's height in eighths of a cell: scaled to the tallest, at
    /// least one eighth when the bin holds any quake.
    public static func eighths(_ count: Int, tallest: Int, rows: Int) -> Int {
        guard count > 0, tallest > 0, rows > 0 else { return 0 }
        return max(1, Int((Double(count) / Double(tallest) * Double(rows * 8)).rounded()))
    }

    private func drawBar(eighths: Int, column: Int, bottom: Int, into screen: inout Screen) {
        for cell in 0..<(eighths / 8) { screen.put(unicode ? "█" : "#", row: bottom - cell, column: column) }
        let rest = eighths % 8
        if rest > 0 && unicode { screen.put(String(Self.eighths[rest - 1]), row: bottom - eighths / 8, column: column) }
    }

    /// The time axis every chart over the activity's bins draws: ticks at
    /// round UTC times, what their labels leave out at its end, `^` under
    /// the selected quake's bin.
    static func drawTimeAxis(_ scale: TimeScale, plot: Rect, leftmost: Int, charts: QuakeCharts, selectedTime: Int64?,
                             unicode: Bool, into screen: inout Screen) {
        let time = PlotAxes.timeTicks(scale, plot: plot)
        PlotAxes.drawBottom(time.ticks, plot: plot, leftmost: leftmost, unit: time.context, unicode: unicode,
                            style: axisStyle, into: &screen)
        if let column = selectedColumn(charts, selectedTime: selectedTime, scale: scale) {
            screen.put("^", row: plot.maxY, column: plot.x + column, style: markerStyle)
        }
    }

    /// The first column of the bin holding the selected quake (the last
    /// bin starting at or before its time), if the time is within the bins.
    static func selectedColumn(_ charts: QuakeCharts, selectedTime: Int64?, scale: TimeScale) -> Int? {
        let bins = charts.activity.bins
        guard let time = selectedTime, let first = bins.first, time >= first.start,
              let last = charts.lastTime, time <= last, let index = bins.lastIndex(where: { $0.start <= time }) else { return nil }
        return scale.column(of: bins[index].start)
    }
}

/// Text the charts share: times by bin size, separators by terminal.
public enum ChartText {
    /// ` · ` on a UTF-8 terminal, ` - ` elsewhere.
    public static func separator(_ unicode: Bool) -> String { unicode ? " · " : " - " }
}
