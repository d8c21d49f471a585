import Foundation
import QuakeQuery
import QuakeStore
import TerminalUI

/// `list --freq FIELD`: how many of the listed quakes hold each value (or
/// bin) of a field, most first, with their share: a table under the
/// field's name, CSV (`FIELD,quakes,percent`) or JSON (objects of `value`,
/// `quakes`, `percent`; `value` null for quakes without one).
public struct FrequencyListFormat {
    public let format: QuakeListFormat.Format

    public init(format: QuakeListFormat.Format) { self.format = format }

    public func write(_ table: FrequencyTable, to output: inout some TextOutputStream) throws {
        let rows = table.entries.map { entry in
            (label: entry.label, count: entry.count, percent: String(format: "%.1f", table.percent(entry)))
        }
        switch format {
        case .table:
            let labelWidth = max(DisplayWidth.of(table.field.name), rows.map { DisplayWidth.of($0.label) }.max() ?? 0)
            let counts = rows.map { DigitGrouping.grouped($0.count) }
            let countWidth = max(6, counts.map(\.count).max() ?? 0)
            output.write(DisplayWidth.fit(table.field.name, to: labelWidth) + "  "
                         + DisplayWidth.fit("quakes", to: countWidth, alignRight: true) + "      %\n")
            for (row, count) in zip(rows, counts) {
                output.write(DisplayWidth.fit(row.label, to: labelWidth) + "  " + DisplayWidth.fit(count, to: countWidth, alignRight: true)
                             + "  " + DisplayWidth.fit(row.percent, to: 5, alignRight: true) + "\n")
            }
        case .csv:
            output.write(CSVRecords.text([[table.field.name, "quakes", "percent"]] + zip(rows, table.entries).map { row, entry in
                [entry.label == "–" ? "" : row.label, String(row.count), row.percent]
            }))
        case .json, .geojson:
            output.write("[")
            for (index, (row, entry)) in zip(rows, table.entries).enumerated() {
                let value = entry.label == "–" ? "null" : JSONText.string(row.label)
                output.write((index == 0 ? "\n" : ",\n")
                             + QuakeListFormat.jsonObject(keys: ["value", "quakes", "percent"], values: [value, String(row.count), row.percent]))
            }
            output.write(rows.isEmpty ? "]\n" : "\n]\n")
        }
    }
}
