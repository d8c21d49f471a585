import Foundation
import QuakeCharts
import QuakeStore
import QuakeViews

// What `stats` prints: the JSON document, or the text lines a person reads.

extension StatsCommand {
    /// The JSON document: keys in a fixed order (see docs/GUIDE.md), times ISO
    /// 8601 UTC with milliseconds, magnitudes with one decimal, b, its
    /// error and a at full precision (Swift's shortest round-trip text).
    /// The fit's five keys are null below 50 quakes at or above Mc.
    /// `replacing`: members whose values replace the charts' (the fit by
    /// other methods); `adding`: members after the charts'.
    static func json(_ charts: QuakeCharts, replacing: [(String, String)] = [], adding more: [(String, String)] = []) -> String {
        let magnitudes = charts.magnitudes
        let fit = magnitudes.fit
        let knownTenths = magnitudes.bins.map(\.tenths)
        let charted: [(String, String)] = [
            ("count", "\(charts.count)"),
            ("without_magnitude", "\(magnitudes.withoutMagnitude)"),
            ("first_time", charts.firstTime.map(jsonTime) ?? "null"),
            ("last_time", charts.lastTime.map(jsonTime) ?? "null"),
            ("min_magnitude", knownTenths.first.map(decimal) ?? "null"),
            ("max_magnitude", knownTenths.last.map(decimal) ?? "null"),
            ("mc", fit.map { decimal(tenths($0.mc)) } ?? "null"),
            ("b", fit.map { "\($0.b)" } ?? "null"),
            ("b_error", fit.map { "\($0.bError)" } ?? "null"),
            ("a", fit.map { "\($0.a)" } ?? "null"),
            ("n_above_mc", fit.map { "\($0.count)" } ?? "null"),
            ("time_bin", "\"\(charts.activity.binName)\""),
            ("time_bins", jsonArray(zip(charts.activity.bins, charts.activity.cumulative).map { bin, cumulative in
                "{\"start\": \(jsonTime(bin.start)), \"count\": \(bin.count), \"cumulative\": \(cumulative)}"
            })),
            ("magnitude_bins", jsonArray(magnitudes.bins.map {
                "{\"magnitude\": \(decimal($0.tenths)), \"count\": \($0.count), \"cumulative\": \($0.cumulative)}"
            })),
            ("magnitude_time_bin", charts.magnitudeTime.map { "\"\($0.binSize.rawValue)\"" } ?? "null"),
            ("magnitude_time", jsonArray((charts.magnitudeTime?.cells ?? []).map { cell in
                "{\"start\": \(jsonTime(cell.start)), \"magnitude\": \(decimal(cell.tenths)), \"count\": \(cell.count)}"
            })),
        ]
        let fields = charted.map { field in replacing.first { $0.0 == field.0 } ?? field } + more
        return "{\n" + fields.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }

    private static func jsonTime(_ ms: Int64) -> String { "\"" + ISOTime.string(epochMilliseconds: ms) + "\"" }

    private static func jsonArray(_ items: [String]) -> String {
        items.isEmpty ? "[]" : "[\n" + items.map { "    " + $0 }.joined(separator: ",\n") + "\n  ]"
    }

    /// The text `stats` prints, line by line: the figures, the count and
    /// span, the quakes without a magnitude (when any), then the time bins
    /// and the magnitude bins as aligned columns. The charts pane's drawing
    /// (a ChartsView rendered into a Screen) can stand in for the two bin
    /// tables: `textLines` is the only place `run()` asks for them.
    static func textLines(_ charts: QuakeCharts, unicode: Bool = true) -> [String] {
        let magnitudes = charts.magnitudes
        var lines = [figuresLine(magnitudes, unicode: unicode), spanLine(charts, unicode: unicode)]
        if magnitudes.withoutMagnitude > 0 { lines.append("\(Formatting.count(magnitudes.withoutMagnitude)) without a magnitude") }
        if !charts.activity.bins.isEmpty {
            lines.append("")
            lines.append("quakes per \(charts.activity.binName) (UTC)")
            lines += aligned(charts.activity.bins.map { [charts.activity.binSize.label(ofBinStarting: $0.start), Formatting.count($0.count)] },
                             header: nil)
        }
        if !magnitudes.bins.isEmpty {
            lines.append("")
            lines += aligned(magnitudes.bins.map { [decimal($0.tenths), Formatting.count($0.count), Formatting.count($0.cumulative)] },
                             header: ["magnitude", "count", unicode ? "N(≥M)" : "N(>=M)"])
        }
        return lines
    }

    /// `Mc 1.2 · b 0.98 ± 0.02 · a 5.41 · 12,345 ≥ Mc`, or why there is no b-value.
    static func figuresLine(_ magnitudes: MagnitudeFrequency, unicode: Bool) -> String {
        guard let fit = magnitudes.fit else {
            return "too few quakes for a b-value (n < \(MagnitudeFrequency.minimumForFit))"
        }
        let (dot, plusMinus, atLeast) = unicode ? ("·", "±", "≥") : ("-", "+/-", ">=")
        return "Mc \(decimal(tenths(fit.mc))) \(dot) b \(String(format: "%.2f", fit.b)) \(plusMinus) "
            + "\(String(format: "%.2f", fit.bError)) \(dot) a \(String(format: "%.2f", fit.a)) \(dot) "
            + "\(Formatting.count(fit.count)) \(atLeast) Mc"
    }

    /// `4,711 quakes, 2018-06-07 00:00:52 … 2018-06-14 23:59:25 UTC`.
    static func spanLine(_ charts: QuakeCharts, unicode: Bool) -> String {
        let quakes = "\(Formatting.count(charts.count)) \(charts.count == 1 ? "quake" : "quakes")"
        guard let first = charts.firstTime, let last = charts.lastTime else { return quakes }
        return quakes + ", " + ISOTime.dateAndTime(epochMilliseconds: first) + (unicode ? " … " : " .. ")
            + ISOTime.dateAndTime(epochMilliseconds: last) + " UTC"
    }

    /// Rows of columns: the first left-aligned, the others right-aligned, two spaces apart.
    static func aligned(_ rows: [[String]], header: [String]?) -> [String] {
        let all = (header.map { [$0] } ?? []) + rows
        let widths = (0..<(all.first?.count ?? 0)).map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
    }

    /// A magnitude from its tenths, one decimal: 13 is `1.3`, -1 is `-0.1`.
    static func decimal(_ tenths: Int) -> String {
        (tenths < 0 ? "-" : "") + "\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    private static func tenths(_ magnitude: Double) -> Int { Int((magnitude * 10).rounded()) }
}
