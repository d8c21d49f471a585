import Foundation
import QuakeCharts
import TerminalUI

/// The magnitude–frequency chart. Rows, top to bottom: the figures (`Mc
/// 1.2 · b 0.98 ± 0.02 · a 5.41 · 12,345 ≥ Mc`, or why there is no
/// b-value) and how many quakes have no magnitude (`312 without a
/// magnitude`, at the right of the labels' row when the line is too short
/// for both), the plot with the count axis at its left (a tick at each
/// decade: 1, 10, 100, 1k…), the magnitude axis (ticks at round
/// magnitudes) and its labels. Below 4 rows the axes are left out.
///
/// The plot's vertical scale is log10 N, from N = 1 on the bottom row to
/// the whole decade above the largest N(≥ M) on the top row. The 0.1 bins
/// spread over the plot's width (several adjacent bins a column when there
/// are more bins than columns: their counts summed, the first one's
/// N(≥ M)): each bin's count as a bar in eighth blocks (`#` per whole cell
/// outside UTF-8), its N(≥ M) as a yellow `•` (`*`) over the bar's middle
/// column, and the fitted line log10 N = a − bM from Mc up drawn through
/// them in cyan braille (`-`) where a cell is otherwise empty. Mc's column
/// has a bold `|` in its empty cells and `Mc` at its top. When the
/// selection mixes magnitude types or networks, the row under the figures
/// says so, in yellow, and the plot starts below it.
public struct MagnitudeChartView {
    public let magnitudes: MagnitudeFrequency
    public let unicode: Bool
    /// What the selection mixes (`QuakeCharts.mixWarning`).
    public var warning: String?

    public init(magnitudes: MagnitudeFrequency, unicode: Bool, warning: String? = nil) {
        self.magnitudes = magnitudes; self.unicode = unicode; self.warning = warning
    }

    public static let figuresStyle = Style(bold: true)
    public static let cumulativeStyle = Style(foreground: .yellow)
    public static let fitStyle = Style(foreground: .cyan)
    public static let axisStyle = Style(dim: true)
    public static let mcStyle = Style(bold: true)
    public static let noteStyle = Style(dim: true)
    public static let warningStyle = Style(foreground: .yellow)

    /// One group of adjacent bins, drawn over `span` columns of the plot.
    public struct Column: Equatable {
        let tenths: Int
        let count: Int
        let cumulative: Int
    }

    public func render(in area: Rect, into screen: inout Screen) {
        guard !area.isEmpty else { return }
        let note = withoutMagnitude
        let oneLine = note.map { figures + ChartText.separator(unicode) + $0 } ?? figures
        let noteBelow = DisplayWidth.of(oneLine) > area.width ? note : nil
        screen.put(noteBelow == nil ? oneLine : figures, row: area.y, column: area.x, style: Self.figuresStyle,
                   maxWidth: area.width)
        let hasAxes = area.height >= 4 && area.width >= 12
        // The warning takes a row while the plot keeps two.
        let warns = warning != nil && area.height - 1 - (hasAxes ? 2 : 0) >= 3
        if warns, let warning {
            screen.put(warning + ": b means little", row: area.y + 1, column: area.x, style: Self.warningStyle, maxWidth: area.width)
        }
        let rows = area.height - 1 - (hasAxes ? 2 : 0) - (warns ? 1 : 0)
        let decadeLabels = (0...Self.decades(Self.columns(magnitudes.bins, width: area.width))).map(Self.countLabel)
        let labelWidth = hasAxes ? PlotAxes.labelWidth(decadeLabels) : -1
        let plot = Rect(x: area.x + labelWidth + 1, y: area.y + 1 + (warns ? 1 : 0), width: area.width - labelWidth - 1,
                        height: rows)
        let columns = Self.columns(magnitudes.bins, width: plot.width)
        guard rows > 0, plot.width > 0, !columns.isEmpty else { return }
        let layout = Layout(columns: columns, plot: plot, decades: Self.decades(columns))
        drawPlot(layout, into: &screen)
        guard hasAxes else { return }
        let countTicks = (0...layout.decades).map { PlotAxes.Tick(layout.row(Double($0)) ?? plot.y, Self.countLabel($0)) }
        // Two decades on one row: the lower one's label is kept.
        let distinct = countTicks.enumerated().filter { i, tick in !countTicks[..<i].contains { $0.position == tick.position } }.map(\.element)
        PlotAxes.drawLeft(distinct, plot: plot, labelWidth: labelWidth, unicode: unicode, style: Self.axisStyle, into: &screen)
        // The note, when below, at the labels' right end, a space before it.
        let noteStart = noteBelow.map { area.x + max(0, area.width - DisplayWidth.of($0)) }
        PlotAxes.drawBottom(layout.magnitudeTicks(), plot: plot, leftmost: area.x, labelsEnd: noteStart.map { $0 - 1 },
                            unicode: unicode, style: Self.axisStyle, into: &screen)
        if let noteBelow, let noteStart {
            screen.put(noteBelow, row: plot.maxY + 1, column: noteStart, style: Self.noteStyle, maxWidth: area.width)
        }
    }

    /// `1`, `10`, `100`, `1k` … `100M`: N at decade `power`.
    static func countLabel(_ power: Int) -> String {
        let units = ["", "k", "M", "G"]
        let unit = min(units.count - 1, power / 3)
        return String(repeating: "0", count: power - unit * 3).reduce("1") { $0 + String($1) } + units[unit]
    }

    /// The fit's figures, or why there is none.
    public var figures: String {
        let separator = ChartText.separator(unicode)
        var parts: [String] = []
        if let fit = magnitudes.fit {
            // The method only when it is not the default maximum curvature.
            parts.append("Mc \(Formatting.number(fit.mc, decimals: 1))"
                         + (magnitudes.mcMethod == .maxc ? "" : " \(magnitudes.mcMethod.rawValue)"))
            parts.append("b \(Formatting.number(fit.b, decimals: 2)) \(unicode ? "±" : "+-") \(Formatting.number(fit.bError, decimals: 2))")
            // A named method takes the a-value's room (the figures fit half a 100-column pane).
            if magnitudes.mcMethod == .maxc { parts.append("a \(Formatting.number(fit.a, decimals: 2))") }
            parts.append("\(Formatting.count(fit.count)) \(unicode ? "≥" : ">=") Mc")
        } else if !magnitudes.bins.isEmpty && magnitudes.mc == nil {
            parts.append("no Mc passed b-value stability (M: another method)")
        } else if !magnitudes.bins.isEmpty {
            parts.append("too few quakes for a b-value (n < \(MagnitudeFrequency.minimumForFit))")
        } else {
            parts.append("no magnitudes")
        }
        return parts.joined(separator: separator)
    }

    /// `312 without a magnitude`, nil when every quake has one.
    public var withoutMagnitude: String? {
        magnitudes.withoutMagnitude > 0 ? "\(Formatting.count(magnitudes.withoutMagnitude)) without a magnitude" : nil
    }

    /// The bins in at most `width` groups: ⌈bins / width⌉ adjacent bins a group.
    public static func columns(_ bins: [MagnitudeBin], width: Int) -> [Column] {
        guard width > 0, !bins.isEmpty else { return [] }
        let perColumn = (bins.count + width - 1) / width
        return stride(from: 0, to: bins.count, by: perColumn).map { start in
            let group = bins[start..<min(bins.count, start + perColumn)]
            return Column(tenths: group.first!.tenths, count: group.map(\.count).reduce(0, +), cumulative: group.first!.cumulative)
        }
    }

    /// Whole decades of N the plot spans: at least one.
    public static func decades(_ columns: [Column]) -> Int {
        let largest = columns.map(\.cumulative).max() ?? 1
        return max(1, Int(log10(Double(max(1, largest))).rounded(.up)))
    }

    /// Where things go: the groups spread over the plot, magnitudes across
    /// (linear, a group's bins over its columns), log10 N up.
    struct Layout {
        let columns: [Column]
        let plot: Rect
        let decades: Int
        /// Magnitude at the plot's left edge, and the magnitudes it spans.
        var low: Double { Double(columns[0].tenths) / 10 - 0.05 }
        var range: Double {
            let perColumn = columns.count > 1 ? columns[1].tenths - columns[0].tenths : 1
            return Double(columns.count * perColumn) / 10
        }

        /// The plot's columns (from 0) of group `index`.
        func span(_ index: Int) -> Range<Int> {
            (index * plot.width / columns.count)..<((index + 1) * plot.width / columns.count)
        }

        /// The column (from 0) of magnitude `m`, nil off the plot.
        func column(of m: Double) -> Int? {
            let column = Int(((m - low) / range * Double(plot.width)).rounded(.down))
            return (0..<plot.width).contains(column) ? column : nil
        }

        /// The screen row of a point log10 N high, nil off the plot.
        func row(_ log: Double) -> Int? {
            guard log >= 0, log <= Double(decades) else { return nil }
            return plot.maxY - 1 - Int((log / Double(decades) * Double(plot.height - 1)).rounded())
        }

        /// Round magnitudes under the plot, one every six columns at most,
        /// at bins' magnitudes (counted in tenths: a step of at least 0.1),
        /// labelled with one decimal.
        func magnitudeTicks() -> [PlotAxes.Tick] {
            let first = Double(columns[0].tenths), last = first + range * 10 - 1
            let ticks = AxisTicks(low: first, high: last, maximum: max(2, plot.width / 6))
            let step = max(1, Int(ticks.step.rounded()))
            return stride(from: Int(first), through: Int(last), by: 1).filter { $0 % step == 0 }.compactMap { tenths in
                let m = Double(tenths) / 10
                return column(of: m).map { PlotAxes.Tick(plot.x + $0, Formatting.number(m, decimals: 1)) }
            }
        }
    }

    private func drawPlot(_ layout: Layout, into screen: inout Screen) {
        let plot = layout.plot, rows = plot.height, bottom = plot.maxY - 1
        var taken = Set<Int>()   // cells with a bar, a dot or Mc's line, as row * width + column
        func take(_ row: Int, _ column: Int) { taken.insert(row * plot.width + column) }
        func isFree(_ row: Int, _ column: Int) -> Bool { !taken.contains(row * plot.width + column) }
        for (i, column) in layout.columns.enumerated() where column.count > 0 {
            let eighths = max(1, Int((log10(Double(column.count)) / Double(layout.decades) * Double(rows * 8)).rounded()))
            for x in layout.span(i) {
                for cell in 0..<(eighths / 8) {
                    screen.put(unicode ? "█" : "#", row: bottom - cell, column: plot.x + x)
                    take(bottom - cell, x)
                }
                if eighths % 8 > 0 && unicode {
                    screen.put(String(ActivityChartView.eighths[eighths % 8 - 1]), row: bottom - eighths / 8, column: plot.x + x)
                    take(bottom - eighths / 8, x)
                }
            }
        }
        for (i, column) in layout.columns.enumerated() where column.cumulative > 0 {
            let span = layout.span(i)
            guard !span.isEmpty, let y = layout.row(log10(Double(column.cumulative))) else { continue }
            let x = (span.lowerBound + span.upperBound - 1) / 2
            screen.put(unicode ? "•" : "*", row: y, column: plot.x + x, style: Self.cumulativeStyle)
            take(y, x)
        }
        if let mc = magnitudes.mc, let group = layout.columns.lastIndex(where: { Double($0.tenths) / 10 <= mc + 0.05 }) {
            let span = layout.span(group), x = (span.lowerBound + span.upperBound - 1) / 2
            for y in plot.rows where isFree(y, x) {
                screen.put("|", row: y, column: plot.x + x, style: Self.mcStyle)
                take(y, x)
            }
            if x + 2 < plot.width, isFree(plot.y, x + 1), isFree(plot.y, x + 2) {
                screen.put("Mc", row: plot.y, column: plot.x + x + 1, style: Self.mcStyle)
                take(plot.y, x + 1); take(plot.y, x + 2)
            }
        }
        if let fit = magnitudes.fit { drawFit(fit, layout, isFree: isFree, into: &screen) }
    }

    /// The line log10 N = a − bM from Mc's bin on, in braille dots (two a
    /// column, four a row, each at its dot's magnitude), or a `-` a cell.
    private func drawFit(_ fit: GutenbergRichterFit, _ layout: Layout, isFree: (Int, Int) -> Bool, into screen: inout Screen) {
        let plot = layout.plot
        var canvas = BrailleCanvas(columns: plot.width, rows: plot.height)
        var drawn = Set<Int>()   // cells of the ASCII line
        for x in 0..<(plot.width * 2) {
            let m = layout.low + (Double(x) + 0.5) / Double(plot.width * 2) * layout.range
            guard m >= fit.mc - 0.05 else { continue }
            let log = fit.a - fit.b * m
            guard log >= 0, log <= Double(layout.decades) else { continue }
            // Rows from the top, fractional: the cells' rows are where `row(_:)` rounds them.
            let fromTop = Double(plot.height - 1) * (1 - log / Double(layout.decades))
            let cellRow = Int(fromTop.rounded())
            let dotRow = max(0, min(3, Int(((fromTop - Double(cellRow) + 0.5) * 4).rounded(.down))))
            canvas.set(x: x, y: cellRow * 4 + dotRow)
            drawn.insert(cellRow * plot.width + x / 2)
        }
        for row in 0..<plot.height {
            for column in 0..<plot.width where isFree(plot.y + row, column) {
                let mask = canvas.mask(column: column, row: row)
                guard mask != 0 else { continue }
                screen.put(unicode ? String(BrailleCanvas.character(mask)) : "-", row: plot.y + row, column: plot.x + column,
                           style: Self.fitStyle)
            }
        }
    }
}
