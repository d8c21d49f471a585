import Foundation
import QuakeCharts
import QuakeSeismology
import TerminalUI

/// A sequence's decay in the activity chart's place (`O`): events per day
/// against days since the mainshock, both on log10 scales, as `•` a
/// logarithmic bin (yellow, `*` outside UTF-8), and the fitted Omori–Utsu
/// rate K/(t + c)^p as a dim `-` where a column has no point. Rows: the
/// figures (`M6.2 jm1 · 536 ≥ M2.5 · K 95.4 c 0.0596 d p 0.974 ± 0.048`,
/// or why there is no fit), the plot, and the axis: the first and last
/// bin's day and the rates' range.
public struct DecayChartView {
    public let decay: DecayChart
    public let unicode: Bool

    public static let figuresStyle = Style(bold: true)
    public static let pointStyle = Style(foreground: .yellow)
    public static let fitStyle = Style(dim: true)
    public static let axisStyle = Style(dim: true)

    public init(decay: DecayChart, unicode: Bool) {
        self.decay = decay; self.unicode = unicode
    }

    /// The figures line.
    public var figures: String {
        let separator = ChartText.separator(unicode)
        let counted = decay.bins.map(\.count).reduce(0, +)
        var parts = ["M\(Formatting.number(decay.mainshockMagnitude, decimals: 1)) \(decay.mainshockID)",
                     "\(Formatting.count(counted)) \(unicode ? "≥" : ">=") M\(Formatting.number(decay.threshold, decimals: 1))"]
        if let fit = decay.fit {
            parts.append("K \(Self.significant(fit.k)) c \(Self.significant(fit.c)) d p \(Formatting.number(fit.p, decimals: 3)) "
                         + "\(unicode ? "±" : "+-") \(Formatting.number(fit.pError, decimals: 3))")
        } else {
            parts.append("no Omori fit")
        }
        return parts.joined(separator: separator)
    }

    /// The forecast line, short enough for half a pane: the chance of at
    /// least one quake of M ≥ Mmain − 1 in the next day, week, month and
    /// year (`≥M5.2 1d 3% 7d 9% 30d 15% 1y 27% own fit`), and whose
    /// parameters: the sequence's own fit, or the generic California ones
    /// (`stats --forecast` prints every magnitude, with the values); nil
    /// without a forecast.
    public var forecastLine: String? {
        guard let forecast = decay.forecast else { return nil }
        let magnitude = forecast.mainshockMagnitude - 1
        let names = ["1d", "7d", "30d", "1y"]
        let chances = forecast.cells.filter { $0.magnitude == magnitude }.enumerated().map { index, cell in
            "\(names[index]) \(AftershockForecast.Cell.percent(cell.probability))"
        }
        let source = forecast.parameters == .genericCalifornia ? "generic CA" : "own fit"
        return "\(unicode ? "≥" : ">=")M\(Formatting.number(magnitude, decimals: 1)) " + chances.joined(separator: " ") + " \(source)"
    }

    public func render(in area: Rect, into screen: inout Screen) {
        guard !area.isEmpty else { return }
        screen.put(figures, row: area.y, column: area.x, style: Self.figuresStyle, maxWidth: area.width)
        // The forecast under the figures when the plot keeps four rows.
        var plotTop = area.y + 1
        if let line = forecastLine, area.height >= 7 {
            screen.put(line, row: plotTop, column: area.x, style: Self.figuresStyle, maxWidth: area.width)
            plotTop += 1
        }
        let hasAxis = area.height >= 3
        let plot = Rect(x: area.x, y: plotTop, width: area.width, height: area.maxY - plotTop - (hasAxis ? 1 : 0))
        let shown = decay.bins.filter { $0.count > 0 }
        guard plot.height > 0, plot.width > 1, let firstBin = decay.bins.first, let lastBin = decay.bins.last,
              let lowRate = shown.map(\.rate).min(), let highRate = shown.map(\.rate).max() else { return }
        let (left, right) = (log10(firstBin.start), log10(lastBin.end))
        // Whole decades of rate round the points, so the fit's curve has room.
        let (bottom, top) = ((log10(lowRate)).rounded(.down), max((log10(highRate)).rounded(.up), (log10(lowRate)).rounded(.down) + 1))
        func column(_ day: Double) -> Int { Int(((log10(day) - left) / (right - left) * Double(plot.width - 1)).rounded()) }
        func row(_ rate: Double) -> Int? {
            guard rate > 0 else { return nil }
            let y = plot.maxY - 1 - Int(((log10(rate) - bottom) / (top - bottom) * Double(plot.height - 1)).rounded())
            return (plot.y..<plot.maxY).contains(y) ? y : nil
        }
        var taken = Set<Int>()
        for bin in shown {
            let x = column((bin.start * bin.end).squareRoot())   // the bin's middle on the log scale
            guard let y = row(bin.rate) else { continue }
            screen.put(unicode ? "•" : "*", row: y, column: plot.x + x, style: Self.pointStyle)
            taken.insert(x)
        }
        if let fit = decay.fit {
            for x in 0..<plot.width where !taken.contains(x) {
                let day = pow(10, left + (right - left) * Double(x) / Double(plot.width - 1))
                if let y = row(fit.curve.rate(atDay: day)) { screen.put("-", row: y, column: plot.x + x, style: Self.fitStyle) }
            }
        }
        guard hasAxis else { return }
        let first = "\(Self.significant(firstBin.start)) d", last = "\(Self.significant(lastBin.end)) d"
        let rates = "\(Self.significant(pow(10, bottom)))–\(Self.significant(pow(10, top))) /day"
        let axisRow = area.maxY - 1
        screen.put(first, row: axisRow, column: area.x, style: Self.axisStyle, maxWidth: area.width)
        if first.count + rates.count + last.count + 4 <= area.width {
            screen.put(rates, row: axisRow, column: area.x + (area.width - rates.count) / 2, style: Self.axisStyle)
        }
        if first.count + last.count + 1 < area.width {
            screen.put(last, row: axisRow, column: area.maxX - last.count, style: Self.axisStyle)
        }
    }

    /// Three significant figures: 0.0596, 95.4, 1.2e+03.
    static func significant(_ value: Double) -> String { String(format: "%.3g", value) }
}
