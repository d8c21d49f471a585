import Foundation
import QuakeCharts
import TerminalUI

/// The magnitude–frequency chart. Rows, top to bottom: the figures (`Mc
/// 1.2 · b 0.98 ± 0.02 · a 5.41 · 12,345 ≥ Mc`, or why there is no
/// b-value) and how many quakes have no magnitude (`312 without a
/// magnitude`, at the right of the axis row when the line is too short
/// for both), the plot, and the magnitude axis: the first and last
/// column's magnitude. Below 3 rows the axis is left out.
///
/// The plot's vertical scale is log10 N, from N = 1 on the bottom row to
/// the whole decade above the largest N(≥ M) on the top row. Each column
/// is one 0.1 bin (several adjacent bins when there are more bins than
/// columns: their counts summed, the first one's N(≥ M)): its count as a
/// bar in eighth blocks (`#` per whole cell outside UTF-8), N(≥ M) as a
/// yellow `•` (`*`) over it, and the fitted line log10 N = a − bM from Mc
/// up as a dim `-` where the cell is otherwise empty. Mc's column has a
/// bold `|` in its empty cells. When the selection mixes magnitude types
/// or networks, the row under the figures says so, in yellow, and the plot
/// starts below it.
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
    public static let fitStyle = Style(dim: true)
    public static let axisStyle = Style(dim: true)
    public static let mcStyle = Style(bold: true)
    public static let noteStyle = Style(dim: true)
    public static let warningStyle = Style(foreground: .yellow)

    /// One column of the plot: the bins it stands for.
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
        let hasAxis = area.height >= 3
        defer {
            if hasAxis, let noteBelow {
                let start = max(0, area.width - DisplayWidth.of(noteBelow))
                screen.put(noteBelow, row: area.maxY - 1, column: area.x + start, style: Self.noteStyle, maxWidth: area.width)
            }
        }
        // The warning takes a row while the plot keeps two.
        let warns = warning != nil && area.height - 1 - (hasAxis ? 1 : 0) >= 3
        if warns, let warning {
            screen.put(warning + ": b means little", row: area.y + 1, column: area.x, style: Self.warningStyle, maxWidth: area.width)
        }
        let rows = area.height - 1 - (hasAxis ? 1 : 0) - (warns ? 1 : 0)
        let columns = Self.columns(magnitudes.bins, width: area.width)
        guard rows > 0, !columns.isEmpty else { return }
        let plot = Rect(x: area.x, y: area.y + 1 + (warns ? 1 : 0), width: columns.count, height: rows)
        drawPlot(columns, in: plot, into: &screen)
        if hasAxis { drawAxis(columns, row: area.maxY - 1, in: area, into: &screen) }
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

    /// The bins in at most `width` columns: ⌈bins / width⌉ adjacent bins a column.
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

    private func drawPlot(_ columns: [Column], in plot: Rect, into screen: inout Screen) {
        let decades = Double(Self.decades(columns)), rows = plot.height
        let bottom = plot.maxY - 1
        /// The row of a point log10 N high, nil off the plot.
        func row(_ log: Double) -> Int? {
            guard log >= 0, log <= decades else { return nil }
            return bottom - Int((log / decades * Double(rows - 1)).rounded())
        }
        var taken = Set<Int>()   // cells with a bar or a dot, as row * width + column
        for (i, column) in columns.enumerated() where column.count > 0 {
            let eighths = max(1, Int((log10(Double(column.count)) / decades * Double(rows * 8)).rounded()))
            for cell in 0..<(eighths / 8) {
                screen.put(unicode ? "█" : "#", row: bottom - cell, column: plot.x + i)
                taken.insert((bottom - cell) * plot.width + i)
            }
            if eighths % 8 > 0 && unicode {
                screen.put(String(ActivityChartView.eighths[eighths % 8 - 1]), row: bottom - eighths / 8, column: plot.x + i)
                taken.insert((bottom - eighths / 8) * plot.width + i)
            }
        }
        for (i, column) in columns.enumerated() where column.cumulative > 0 {
            guard let y = row(log10(Double(column.cumulative))) else { continue }
            screen.put(unicode ? "•" : "*", row: y, column: plot.x + i, style: Self.cumulativeStyle)
            taken.insert(y * plot.width + i)
        }
        if let mc = magnitudes.mc, let mcColumn = Self.column(of: mc, in: columns) {
            for y in plot.y..<plot.maxY where !taken.contains(y * plot.width + mcColumn) {
                screen.put("|", row: y, column: plot.x + mcColumn, style: Self.mcStyle)
                taken.insert(y * plot.width + mcColumn)
            }
        }
        guard let fit = magnitudes.fit else { return }
        for (i, column) in columns.enumerated() where Double(column.tenths) / 10 >= fit.mc - 0.05 {
            guard let y = row(fit.a - fit.b * Double(column.tenths) / 10), !taken.contains(y * plot.width + i) else { continue }
            screen.put("-", row: y, column: plot.x + i, style: Self.fitStyle)
        }
    }

    /// The column holding magnitude `m`: the last starting at or below it.
    public static func column(of m: Double, in columns: [Column]) -> Int? {
        columns.lastIndex { Double($0.tenths) / 10 <= m + 0.05 }
    }

    /// The first and last column's magnitude at the ends, when both fit.
    private func drawAxis(_ columns: [Column], row: Int, in area: Rect, into screen: inout Screen) {
        let first = Formatting.number(Double(columns.first!.tenths) / 10, decimals: 1)
        screen.put(first, row: row, column: area.x, style: Self.axisStyle, maxWidth: area.width)
        let last = Formatting.number(Double(columns.last!.tenths) / 10, decimals: 1)
        let lastStart = columns.count - last.count
        if lastStart > first.count { screen.put(last, row: row, column: area.x + lastStart, style: Self.axisStyle) }
    }
}
