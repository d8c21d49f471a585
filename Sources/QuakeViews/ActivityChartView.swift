import Foundation
import QuakeCharts
import TerminalUI

/// Activity over time: one column per time bin, left to right from the
/// first quake's bin, bars scaled to the tallest. Rows, top to bottom: the
/// title (the results' count, the bin size, the tallest bar's count), the
/// bars, a `^` under the bin holding the selected quake, and the first and
/// last bin's start (UTC). Below 4 rows only the title and the bars show.
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
        let bins = Array(charts.activity.bins.prefix(area.width))
        let tallest = bins.map(\.count).max() ?? 0
        let title = "\(Formatting.count(charts.count)) \(charts.count == 1 ? "quake" : "quakes") per "
            + "\(charts.activity.binName)\(ChartText.separator(unicode))tallest \(Formatting.count(tallest))"
        screen.put(title, row: area.y, column: area.x, style: Self.titleStyle, maxWidth: area.width)
        let hasAxis = area.height >= 4
        let barRows = area.height - 1 - (hasAxis ? 2 : 0)
        for (column, bin) in bins.enumerated() {
            drawBar(eighths: Self.eighths(bin.count, tallest: tallest, rows: barRows), column: area.x + column,
                    bottom: area.y + barRows, into: &screen)
        }
        guard hasAxis else { return }
        if let selected = selectedBin(bins) {
            screen.put("^", row: area.maxY - 2, column: area.x + selected, style: Self.markerStyle)
        }
        renderLabels(bins, in: area, into: &screen)
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

    /// The column of the bin holding the selected quake: the last bin
    /// starting at or before its time, if the time is within the bins.
    private func selectedBin(_ bins: [TimeBin]) -> Int? {
        guard let time = selectedTime, let first = bins.first, time >= first.start,
              let last = charts.lastTime, time <= last else { return nil }
        return bins.lastIndex { $0.start <= time }
    }

    /// The first bin's start at the left; the last's ending under its bar,
    /// else (fewer bins than the two labels are wide) beginning under it
    /// when the pane has room, with a space after the first label either way.
    private func renderLabels(_ bins: [TimeBin], in area: Rect, into screen: inout Screen) {
        guard let first = bins.first, let last = bins.last else { return }
        let row = area.maxY - 1
        let firstLabel = charts.activity.binSize.label(ofBinStarting: first.start)
        screen.put(firstLabel, row: row, column: area.x, style: Self.axisStyle, maxWidth: area.width)
        guard bins.count > 1 else { return }
        let lastLabel = charts.activity.binSize.label(ofBinStarting: last.start)
        let endingUnder = bins.count - lastLabel.count, beginningUnder = bins.count - 1
        let start = endingUnder > firstLabel.count ? endingUnder : beginningUnder
        if start > firstLabel.count && start + lastLabel.count <= area.width {
            screen.put(lastLabel, row: row, column: area.x + start, style: Self.axisStyle)
        }
    }
}

/// Text the charts share: times by bin size, separators by terminal.
public enum ChartText {
    /// ` · ` on a UTF-8 terminal, ` - ` elsewhere.
    public static func separator(_ unicode: Bool) -> String { unicode ? " · " : " - " }
}
