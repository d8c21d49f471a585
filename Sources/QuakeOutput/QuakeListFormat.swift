import Foundation
import QuakeQuery
import QuakeStore
import TerminalUI

/// The shapes `list` prints results in, and the browser's export writes.
/// CSV and JSON share one set of fields, plus `distance` when sorted by a
/// distance and `section` when sectioned; GeoJSON is a USGS
/// FeatureCollection of every stored field (`GeoJSONWriter`). Rows are
/// streamed from the snapshot, so printing a million quakes takes no more
/// memory than ten.
public struct QuakeListFormat {
    public enum Format: String, CaseIterable, Sendable {
        case table, csv, json, geojson
    }

    public let format: Format
    public let sectioned: Bool
    /// The `DISTANCE(…)` sort keys, each printed as a column (in km).
    public var distances: [QuakeField] = []
    /// CSV for a spreadsheet (`list --csv-safe`, the browser's export): a
    /// text field from the feed (id, place, net, code, type, status,
    /// section) that would begin a formula gets a `'` before it
    /// (`SpreadsheetText`). Numbers and times are the program's own and
    /// never changed: a longitude of -117.5 stays a number. Off: the text
    /// is kept exactly.
    public var csvSafe = false

    public init(format: Format, sectioned: Bool, distances: [QuakeField] = []) {
        self.format = format
        self.sectioned = sectioned
        self.distances = distances
    }

    /// The columns a configuration's results print with: a section field
    /// when sectioned, a distance per `DISTANCE` sort key.
    public init(format: Format, configuration: FetchConfiguration, csvSafe: Bool = false) {
        self.init(format: format, sectioned: configuration.sectionIdentifier != nil,
                  distances: configuration.sortKeys.map(\.field).filter { $0.distanceOrigin != nil })
        self.csvSafe = csvSafe
    }

    /// GeoJSON's metadata title.
    public static let geoJSONTitle = "quakes-tui"

    public static let fields = ["id", "time", "magnitude", "place", "depth", "latitude", "longitude", "net", "code", "type", "status"]

    /// The fields added after the first ones (and after any distance and
    /// section, so those keep their places for scripts that count
    /// columns); each empty in CSV and `null` in JSON when the source did
    /// not give it.
    public static let measurementFields = [
        "magType", "updated", "sig", "tsunami", "alert", "felt", "cdi", "mmi",
    ] + Quake.measurementColumns + ["origins", "cluster", "role", "mainshock"]

    /// The 22 columns of a USGS CSV feed in USGS's order (`--columns usgs`).
    public static let usgsFields = [
        "time", "latitude", "longitude", "depth", "mag", "magType", "nst", "gap", "dmin", "rms", "net", "id", "updated",
        "place", "type", "horizontalError", "depthError", "magError", "magNst", "status", "locationSource", "magSource",
    ]

    /// Which columns CSV writes. `standard`: the first fields, any
    /// distance and section, as before, so scripts that count columns
    /// (from either end) keep working; `all`: these and the
    /// measurements after them; `usgs`: a USGS feed CSV, its 22 columns
    /// as USGS writes them, which `import` reads back and other tools read
    /// as USGS's; `listed`: the fields named, in the order named
    /// (`id,time,magnitude,cdi`). JSON always has every field: a new key
    /// breaks no reader.
    public enum Columns: Sendable, Equatable {
        case standard, all, usgs
        case listed([String])

        /// A set's name, or fields joined by commas; nil (with `problem`) otherwise.
        public init?(argument: String) {
            switch argument {
            case "standard": self = .standard
            case "all": self = .all
            case "usgs": self = .usgs
            default:
                let names = Self.names(in: argument)
                guard !names.isEmpty, names.allSatisfy(QuakeListFormat.listableFields.contains) else { return nil }
                self = .listed(names)
            }
        }

        /// The fields an argument names, by commas, trimmed.
        private static func names(in argument: String) -> [String] {
            argument.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        }

        /// Why `argument` is not a column set, naming the first unknown field.
        public static func problem(_ argument: String) -> String {
            let unknown = names(in: argument).first { !QuakeListFormat.listableFields.contains($0) } ?? argument
            return "--columns: '\(unknown)' is no field; give standard, all, usgs, or fields joined by commas from: "
                + QuakeListFormat.listableFields.joined(separator: ", ")
        }
    }

    /// Every field `--columns` may list.
    public static let listableFields = fields + measurementFields
    /// Each listable field's place among them (a listed row looks each up once a row).
    private static let listablePositions = Dictionary(listableFields.enumerated().map { ($1, $0) }) { first, _ in first }

    public var columns: Columns = .standard

    public var fields: [String] {
        let standard = Self.fields + distanceNames + (sectioned ? ["section"] : [])
        switch (format, columns) {
        case (.csv, .usgs): return Self.usgsFields
        case (.csv, .standard): return standard
        case (.csv, .listed(let names)): return names
        default: return standard + Self.measurementFields
        }
    }

    /// `distance`, or `distance1`, `distance2`… when sorted by several.
    private var distanceNames: [String] {
        distances.count == 1 ? ["distance"] : distances.indices.map { "distance\($0 + 1)" }
    }

    private func distanceValues(_ quake: Quake) -> [Double] {
        distances.map { if case .number(let km?) = $0.value(of: quake) { km } else { .nan } }
    }

    /// Writes the snapshot's rows, up to `limit` (0: all). GeoJSON's
    /// metadata has a count when the snapshot was counted. `rowWritten`
    /// hears how many rows are written after each; what it throws ends the
    /// writing (a cancelled or failed export).
    public func write(_ snapshot: ResultsSnapshot, limit: Int, to output: inout some TextOutputStream,
                      rowWritten: (Int) throws -> Void = { _ in }) throws {
        try writeHeader(snapshot, limit: limit, to: &output)
        var rowsWritten = 0
        var records = CSVRecords()
        try snapshot.forEachRow(limit: limit) { index, quake in
            let section = snapshot.section(containing: index)
            switch format {
            case .table:
                if let section, section.firstRowIndex == index {
                    let id = TerminalText.visible(section.id)
                    output.write("\(id) · \(section.count.formatted(.number)) \(section.count == 1 ? "quake" : "quakes")\n")
                }
                output.write(Self.tableLine(quake, distances: distanceValues(quake)) + "\n")
            case .csv where columns == .usgs:
                records.append(Self.usgsValues(quake, text: csvText), to: &output)
            case .csv:
                records.append(csvValues(quake, section: section?.id), to: &output)
            case .json:
                output.write((index == 0 ? "\n  " : ",\n  ") + jsonObject(quake, section: section?.id))
            case .geojson:
                output.write((index == 0 ? "" : GeoJSONWriter.separator) + GeoJSONWriter.feature(quake))
            }
            rowsWritten += 1
            try rowWritten(rowsWritten)
        }
        switch format {
        case .table: break
        case .csv: records.flush(to: &output)
        case .json: output.write(rowsWritten == 0 ? "]\n" : "\n]\n")
        case .geojson: output.write(GeoJSONWriter.footer(isEmpty: rowsWritten == 0))
        }
    }

    private func writeHeader(_ snapshot: ResultsSnapshot, limit: Int, to output: inout some TextOutputStream) throws {
        switch format {
        case .table:
            let distanceHeader = distanceNames.map { "  " + String(repeating: " ", count: max(0, 9 - $0.count)) + $0.uppercased() }
            output.write("TIME (UTC)           MAG   DEPTH\(distanceHeader.joined())  PLACE\n")
        case .csv: output.write(CSVRecords.text([fields]))
        case .json: output.write("[")
        case .geojson:
            let count = snapshot.count.map { limit > 0 ? min(limit, $0) : $0 }
            output.write(GeoJSONWriter.header(title: Self.geoJSONTitle, count: count))
        }
    }

    /// Each field as text; empty for NULL. Times are ISO 8601 UTC with ms.
    /// `text` is applied to the feed's text fields only (`csvSafe`).
    public static func values(_ quake: Quake, text: (String) -> String = { $0 }) -> [String] {
        [text(quake.id), ISOTime.string(epochMilliseconds: quake.time.epochMilliseconds),
         quake.magnitude.map { number($0) } ?? "", text(quake.place), number(quake.depth),
         number(quake.latitude), number(quake.longitude), text(quake.net), text(quake.code), text(quake.type),
         text(quake.status)]
    }

    /// Shortest text that reads back as the same Double (`2.94`, not `2.9399999`).
    public static func number(_ value: Double) -> String { JSONText.number(value) }

    /// One row of the table, for a terminal: a control character in the
    /// place shows as `^[`, `^J`… and cannot break the row or steer the terminal.
    public static func tableLine(_ quake: Quake, distances: [Double] = []) -> String {
        let shown = ISOTime.dateAndTime(epochMilliseconds: quake.time.epochMilliseconds)
        let mag = quake.magnitude.map { String(format: "%4.1f", $0) } ?? "   —"
        let depth = String(format: "%6.1f", quake.depth)
        let distance = distances.map { String(format: "  %9.1f", $0) }.joined()
        return "\(shown)  \(mag)  \(depth)\(distance)  \(TerminalText.visible(quake.place))"
    }

    private var csvText: (String) -> String { csvSafe ? { SpreadsheetText.safe($0) } : { $0 } }

    /// A CSV record's fields: the quake's, its distances, its section, its measurements.
    private func csvValues(_ quake: Quake, section: String?) -> [String] {
        let text = csvText
        let distances = distanceValues(quake).map { Self.number($0) }
        let standard = Self.values(quake, text: text) + distances + (sectioned ? [text(section ?? "")] : [])
        if case .listed(let names) = columns {
            let every = Self.values(quake, text: text) + measurements(quake, text: text)
            return names.map { every[Self.listablePositions[$0]!] }
        }
        guard columns == .all else { return standard }
        return standard + measurements(quake, text: text)
    }

    /// `measurementFields`' values as CSV writes them.
    private func measurements(_ quake: Quake, text: (String) -> String) -> [String] {
        Self.measurementValues(quake).enumerated().map { index, value in
                switch value {
                // The update time is the program's own text, never prefixed.
                case .text(let string) where index == Self.updatedIndex: string ?? ""
                case .text(let string): string.map(text) ?? ""
                case .number(let number): number.map { Self.number($0) } ?? ""
                }
            }
    }

    private static let updatedIndex = measurementFields.firstIndex(of: "updated")!

    /// `measurementFields`' values, in their order.
    static func measurementValues(_ q: Quake) -> [FieldValue] {
        let integer = { (value: Int?) in FieldValue.number(value.map(Double.init)) }
        return [
            .text(q.magType), .text(ISOTime.string(epochMilliseconds: q.updated.epochMilliseconds)),
            integer(q.sig), integer(q.tsunami), .text(q.alert), integer(q.felt), .number(q.cdi), .number(q.mmi),
            integer(q.nst), .number(q.gap), .number(q.dmin), .number(q.rms), .number(q.horizontalError),
            .number(q.depthError), .number(q.magError), integer(q.magNst), .text(q.locationSource),
            .text(q.magSource), .text(q.catalog), .text(q.contributor), .text(q.evaluationMode),
            .text(q.evaluationStatus), integer(q.origins),
            integer(q.cluster), .text(q.role), .text(q.mainshock),
        ]
    }

    /// A quake as a USGS CSV feed row (`usgsFields`): times as USGS writes
    /// them (ISO 8601, milliseconds, `Z`), numbers in their shortest form
    /// (`10`, `2.94`), unknowns empty.
    public static func usgsValues(_ q: Quake, text: (String) -> String = { $0 }) -> [String] {
        func number(_ value: Double?) -> String { value.map { Self.number($0) } ?? "" }
        func integer(_ value: Int?) -> String { value.map { String($0) } ?? "" }
        return [
            ISOTime.string(epochMilliseconds: q.time.epochMilliseconds), number(q.latitude), number(q.longitude),
            number(q.depth), number(q.magnitude), text(q.magType), integer(q.nst), number(q.gap), number(q.dmin),
            number(q.rms), text(q.net), text(q.id), ISOTime.string(epochMilliseconds: q.updated.epochMilliseconds),
            text(q.place), text(q.type), number(q.horizontalError), number(q.depthError), number(q.magError),
            integer(q.magNst), text(q.status), text(q.locationSource ?? ""), text(q.magSource ?? ""),
        ]
    }

    /// One JSON object, keys in `fields` order (Foundation's encoders do not
    /// keep key order on Linux), `null` for NULL.
    private func jsonObject(_ quake: Quake, section: String?) -> String {
        let string = JSONText.string as (String) -> String
        var values: [String] = [
            string(quake.id), string(ISOTime.string(epochMilliseconds: quake.time.epochMilliseconds)),
            quake.magnitude.map { Self.number($0) } ?? "null", string(quake.place), Self.number(quake.depth),
            Self.number(quake.latitude), Self.number(quake.longitude), string(quake.net), string(quake.code),
            string(quake.type), string(quake.status),
        ] + distanceValues(quake).map(Self.number)
        if sectioned { values.append(string(section ?? "")) }
        values += Self.measurementValues(quake).map { value in
            switch value {
            case .text(let text): JSONText.string(text)
            case .number(let number): JSONText.number(number)
            }
        }
        return Self.jsonObject(keys: fields, values: values)
    }

    /// `{"key":value,…}` from keys and values already written as JSON.
    public static func jsonObject(keys: [String], values: [String]) -> String {
        "{" + zip(keys, values).map { "\"\($0)\":\($1)" }.joined(separator: ",") + "}"
    }
}
