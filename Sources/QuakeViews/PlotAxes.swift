import QuakeCharts
import TerminalUI

/// The axes every plot draws the same way: down the plot's left a `│`
/// with `┤` and a right-aligned label at each tick; under it a `└───┬──`
/// with each tick's label centred under its `┬` on the row below (a label
/// that would overlap the one before it or run past the plot is left out),
/// and the unit at the right end when there is room.
public enum PlotAxes {
    /// A tick: where on its axis (a row or a column of the screen) and its label.
    public struct Tick: Equatable {
        public let position: Int
        public let label: String
        public init(_ position: Int, _ label: String) { self.position = position; self.label = label }
    }

    /// How wide the labels of `ticks` are: the left axis's label column.
    public static func labelWidth(_ labels: [String]) -> Int { labels.map(DisplayWidth.of).max() ?? 0 }

    /// The left axis of `plot`, in the column before it, labels in the
    /// `labelWidth` columns before that. A tick off the plot's rows is
    /// left out, except one on the row under it (the bottom axis: a `0`).
    public static func drawLeft(_ ticks: [Tick], plot: Rect, labelWidth: Int, unicode: Bool, style: Style,
                                into screen: inout Screen) {
        let axis = plot.x - 1
        for row in plot.rows { screen.put(unicode ? "│" : "|", row: row, column: axis, style: style) }
        for tick in ticks where tick.position >= plot.y && tick.position <= plot.maxY {
            if tick.position < plot.maxY { screen.put(unicode ? "┤" : "+", row: tick.position, column: axis, style: style) }
            screen.put(DisplayWidth.fit(tick.label, to: labelWidth, alignRight: true), row: tick.position,
                       column: axis - labelWidth, style: style)
        }
    }

    /// The bottom axis on the row under `plot` and the labels on the row
    /// under that; labels may start from column `leftmost` (the left
    /// axis's label column is free on that row) and end before `labelsEnd`
    /// (a note after them).
    public static func drawBottom(_ ticks: [Tick], plot: Rect, leftmost: Int, labelsEnd: Int? = nil, unit: String? = nil,
                                  unicode: Bool, style: Style, into screen: inout Screen) {
        let row = plot.maxY
        screen.put(unicode ? "└" : "+", row: row, column: plot.x - 1, style: style)
        for column in plot.x..<plot.maxX { screen.put(unicode ? "─" : "-", row: row, column: column, style: style) }
        var free = leftmost   // the first column a label may use
        for tick in ticks where tick.position >= plot.x && tick.position < plot.maxX {
            screen.put(unicode ? "┬" : "+", row: row, column: tick.position, style: style)
            let width = DisplayWidth.of(tick.label)
            let x = tick.position - width / 2
            guard x >= free, x + width <= min(plot.maxX, labelsEnd ?? plot.maxX) else { continue }
            screen.put(tick.label, row: row + 1, column: x, style: style)
            free = x + width + 1
        }
        if let unit, free <= plot.maxX - DisplayWidth.of(unit) {
            screen.put(unit, row: row + 1, column: plot.maxX - DisplayWidth.of(unit), style: style)
        }
    }

    /// A time axis's ticks at round UTC times, on the plot's columns, and
    /// what their labels leave out (the year, the day), for the axis's unit.
    public static func timeTicks(_ scale: TimeScale, plot: Rect) -> (ticks: [Tick], context: String?) {
        let ticks = TimeTicks(first: scale.first, last: scale.end - 1, columns: plot.width)
        return (ticks.values.map { Tick(plot.x + scale.column(of: $0), ticks.label($0)) }, ticks.context)
    }
}
