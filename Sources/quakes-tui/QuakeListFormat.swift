import CSV
import Foundation
import QuakeQuery
import QuakeStore
import TerminalUI

/// The shapes `list` prints results in. CSV and JSON share one set of
/// fields, plus `distance` when sorted by a distance and `section` when
/// sectioned. Rows are streamed from the snapshot, so printing a million
/// quakes takes no more memory than ten.
struct QuakeListFormat {
    let format: ListCommand.Format
    let sectioned: Bool
    /// The `DISTANCE(…)` sort keys, each printed as a column (in km).
    var distances: [QuakeField] = []

    static let fields = ["id", "time", "magnitude", "place", "depth", "latitude", "longitude", "net", "code", "type", "status"]

    var fields: [String] { Self.fields + distanceNames + (sectioned ? ["section"] : []) }

    /// `distance`, or `distance1`, `distance2`… when sorted by several.
    private var distanceNames: [String] {
        distances.count == 1 ? ["distance"] : distances.indices.map { "distance\($0 + 1)" }
    }

    private func distanceValues(_ quake: Quake) -> [Double] {
        distances.map { if case .number(let km?) = $0.value(of: quake) { km } else { .nan } }
    }

    func write(_ snapshot: ResultsSnapshot, limit: Int, to output: inout some TextOutputStream) throws {
        switch format {
        case .table:
            let distanceHeader = distanceNames.map { "  " + String(repeating: " ", count: max(0, 9 - $0.count)) + $0.uppercased() }
            output.write("TIME (UTC)           MAG   DEPTH\(distanceHeader.joined())  PLACE\n")
        case .csv: output.write(try csvLine(fields))
        case .json: output.write("[")
        }
        var rowsWritten = 0
        try snapshot.forEachRow(limit: limit) { index, quake in
            let section = snapshot.section(containing: index)
            switch format {
            case .table:
                if let section, section.firstRowIndex == index {
                    let id = TerminalText.visible(section.id)
                    output.write("\(id) · \(section.count.formatted(.number)) \(section.count == 1 ? "quake" : "quakes")\n")
                }
                output.write(Self.tableLine(quake, distances: distanceValues(quake)) + "\n")
            case .csv:
                let distances = distanceValues(quake).map(Self.number)
                output.write(try csvLine(Self.values(quake) + distances + (sectioned ? [section?.id ?? ""] : [])))
            case .json:
                output.write((index == 0 ? "\n  " : ",\n  ") + jsonObject(quake, section: section?.id))
            }
            rowsWritten += 1
        }
        if format == .json { output.write(rowsWritten == 0 ? "]\n" : "\n]\n") }
    }

    /// Each field as text; empty for NULL. Times are ISO 8601 UTC with ms.
    static func values(_ quake: Quake) -> [String] {
        [quake.id, ISOTime.string(epochMilliseconds: quake.time.epochMilliseconds),
         quake.magnitude.map { number($0) } ?? "", quake.place, number(quake.depth),
         number(quake.latitude), number(quake.longitude), quake.net, quake.code, quake.type, quake.status]
    }

    /// Shortest text that reads back as the same Double (`2.94`, not `2.9399999`).
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// One row of the table, for a terminal: a control character in the
    /// place shows as `^[`, `^J`… and cannot break the row or steer the terminal.
    static func tableLine(_ quake: Quake, distances: [Double] = []) -> String {
        let shown = ISOTime.dateAndTime(epochMilliseconds: quake.time.epochMilliseconds)
        let mag = quake.magnitude.map { String(format: "%4.1f", $0) } ?? "   —"
        let depth = String(format: "%6.1f", quake.depth)
        let distance = distances.map { String(format: "  %9.1f", $0) }.joined()
        return "\(shown)  \(mag)  \(depth)\(distance)  \(TerminalText.visible(quake.place))"
    }

    /// One CSV record, quoted by CSV.swift as needed (a field holding a
    /// quote, comma, CR or LF is quoted); the text is kept exactly.
    private func csvLine(_ values: [String]) throws -> String {
        let writer = try CSVWriter(stream: .toMemory())
        try writer.write(row: values)
        writer.stream.close()
        let data = writer.stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// One JSON object, keys in `fields` order (Foundation's encoders do not
    /// keep key order on Linux), `null` for NULL.
    private func jsonObject(_ quake: Quake, section: String?) -> String {
        let string = Self.jsonString
        var values: [String] = [
            string(quake.id), string(ISOTime.string(epochMilliseconds: quake.time.epochMilliseconds)),
            quake.magnitude.map { Self.number($0) } ?? "null", string(quake.place), Self.number(quake.depth),
            Self.number(quake.latitude), Self.number(quake.longitude), string(quake.net), string(quake.code),
            string(quake.type), string(quake.status),
        ] + distanceValues(quake).map(Self.number)
        if sectioned { values.append(string(section ?? "")) }
        return "{" + zip(fields, values).map { "\"\($0)\":\($1)" }.joined(separator: ",") + "}"
    }

    /// A JSON string literal of `text`, exactly: `"` and `\` escaped, and every
    /// control character (C0, DEL, C1) as `\u00XX`, so the JSON read back is
    /// the text and the JSON shown on a terminal cannot steer it.
    static func jsonString(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\":
                out.append("\\"); out.append(scalar)
            case _ where TerminalText.isControl(scalar):
                let hex = String(scalar.value, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            default:
                out.append(scalar)
            }
        }
        out.append("\"")
        return String(out)
    }
}
