import QuakeCharts
import QuakeMap
import TerminalUI

/// Magnitude against time: each quake a braille dot at its time bin (over
/// the same time axis as the activity chart) and its 0.1 magnitude bin,
/// coloured by magnitude as the map's events are; when the cells hold many
/// quakes each (the map's density threshold), each cell is coloured by how
/// many it holds, on the map's density ramp, instead. Rows: the title
/// (`magnitude over time · 23 quakes`), the plot with the magnitude axis
/// at its left (ticks at round magnitudes), the time axis (`^` at the
/// selected quake's bin) and its labels. Mc (the magnitude chart's, by
/// its method) is in the title (`· Mc 1.2`) and marks its magnitude's row:
/// `Mc┤` in bold on the axis (in place of a tick label there) and a bold
/// dotted line across the row's empty cells, so a dense plot hides no
/// quake under it. `*` for dots outside UTF-8.
/// Until its numbers arrive (or without them: another layout asked) it
/// says `counting…`.
public struct MagnitudeTimeChartView {
    public let charts: QuakeCharts
    public let selectedTime: Int64?
    public let unicode: Bool

    public init(charts: QuakeCharts, selectedTime: Int64? = nil, unicode: Bool) {
        self.charts = charts; self.selectedTime = selectedTime; self.unicode = unicode
    }

    public func render(in area: Rect, into screen: inout Screen) {
        guard !area.isEmpty else { return }
        var title = "magnitude over time\(ChartText.separator(unicode))\(Formatting.count(charts.count)) "
            + (charts.count == 1 ? "quake" : "quakes")
        if let mc = charts.magnitudes.mc, charts.magnitudeTime != nil {
            title += "\(ChartText.separator(unicode))Mc \(Formatting.number(mc, decimals: 1))"
        }
        screen.put(title, row: area.y, column: area.x, style: ActivityChartView.titleStyle, maxWidth: area.width)
        guard let grid = charts.magnitudeTime else {
            screen.put(unicode ? "counting…" : "counting...", row: min(area.maxY - 1, area.y + 1), column: area.x,
                       style: ChartsView.noteStyle, maxWidth: area.width)
            return
        }
        guard area.height >= 4, area.width >= 12, let tenths = grid.tenthsRange else { return }
        // Whole magnitudes at both ends, at least one apart.
        let low = Int((Double(tenths.lowerBound) / 10).rounded(.down)), high = max(low + 1, Int((Double(tenths.upperBound) / 10).rounded(.up)))
        let ticks = AxisTicks(low: Double(low), high: Double(high), maximum: max(2, (area.height - 3) / 2 + 1))
        let labels = ticks.values.map { Formatting.number($0, decimals: ticks.step < 1 ? 1 : 0) }
        let mc = charts.magnitudes.mc.flatMap { $0 >= Double(low) && $0 <= Double(high) ? $0 : nil }
        let labelWidth = max(PlotAxes.labelWidth(labels), mc == nil ? 0 : 2)
        let plot = Rect(x: area.x + labelWidth + 1, y: area.y + 1, width: area.width - labelWidth - 1, height: area.height - 3)
        guard plot.width > 0, let scale = charts.activity.scale(columns: plot.width) else { return }
        let dots = plot.height * 4
        /// The dot row (from the top) of a magnitude.
        func dotRow(_ m: Double) -> Int {
            max(0, min(dots - 1, Int(((Double(high) - m) / Double(high - low) * Double(dots - 1)).rounded())))
        }
        let drawn = drawDots(grid, scale: scale, plot: plot, dotRow: dotRow, into: &screen)
        let mcRow = mc.map { plot.y + dotRow($0) / 4 }
        let magnitudeTicks = zip(ticks.values, labels).map { PlotAxes.Tick(plot.y + dotRow($0) / 4, $1) }.filter { $0.position != mcRow }
        PlotAxes.drawLeft(magnitudeTicks, plot: plot, labelWidth: labelWidth, unicode: unicode, style: ActivityChartView.axisStyle,
                          into: &screen)
        if let mcRow { drawMcLine(row: mcRow, plot: plot, labelWidth: labelWidth, drawn: drawn, into: &screen) }
        ActivityChartView.drawTimeAxis(scale, plot: plot, leftmost: area.x, charts: charts, selectedTime: selectedTime,
                                       unicode: unicode, into: &screen)
    }

    /// Mc's row: `Mc┤` on the axis, and the dotted line over the cells no
    /// quake is drawn in.
    private func drawMcLine(row: Int, plot: Rect, labelWidth: Int, drawn: Set<Int>, into screen: inout Screen) {
        screen.put(DisplayWidth.fit("Mc", to: labelWidth, alignRight: true) + (unicode ? "┤" : "+"), row: row,
                   column: plot.x - 1 - labelWidth, style: MagnitudeChartView.mcStyle)
        for column in 0..<plot.width where !drawn.contains((row - plot.y) * plot.width + column) {
            screen.put(unicode ? "┄" : "-", row: row, column: plot.x + column, style: MagnitudeChartView.mcStyle)
        }
    }

    /// Each grid cell's dot (the dot holding its bin's start across, its
    /// magnitude down); each screen cell coloured by its largest magnitude, or by
    /// its count when the cells are dense. The screen cells drawn, as
    /// row * width + column within the plot.
    private func drawDots(_ grid: MagnitudeTimeGrid, scale: TimeScale, plot: Rect, dotRow: (Double) -> Int,
                          into screen: inout Screen) -> Set<Int> {
        var canvas = BrailleCanvas(columns: plot.width, rows: plot.height)
        var count = [Int: Int](), largest = [Int: Int]()   // by cell, row * width + column
        let across = TimeScale(first: scale.first, end: scale.end, columns: plot.width * 2)
        for cell in grid.cells {
            let x = across.column(of: cell.start)
            let y = dotRow(Double(cell.tenths) / 10)
            canvas.set(x: x, y: y)
            let index = (y / 4) * plot.width + x / 2
            count[index, default: 0] += cell.count
            largest[index] = max(largest[index] ?? cell.tenths, cell.tenths)
        }
        let density = MapPalette.DensityColoring(counts: count.values)
        for (index, cellCount) in count {
            let (row, column) = (index / plot.width, index % plot.width)
            let color = density?.color(cellCount) ?? Formatting.color(forMagnitude: Double(largest[index]!) / 10)
            screen.put(unicode ? String(BrailleCanvas.character(canvas.mask(column: column, row: row))) : "*",
                       row: plot.y + row, column: plot.x + column, style: Style(foreground: color))
        }
        return Set(count.keys)
    }
}
