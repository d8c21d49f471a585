import CSV
import Foundation

/// Reads a USGS feed CSV (`time,latitude,longitude,depth,mag,magType,…`).
/// CSV carries fewer fields than GeoJSON: `code`, `ids`, `title` and `url`
/// are derived the way USGS derives them.
enum USGSCSVReader {
    static let requiredColumns = ["time", "latitude", "longitude", "depth", "mag", "magType",
                                  "net", "id", "updated", "place", "type"]

    /// Errors are `(message, line)`; the line is 1-based.
    struct LineError: Error { var message: String; var line: Int }

    static func read(_ text: String, onRow: (Int, ParsedEvent) throws -> Void) throws {
        let reader: CSVReader
        do {
            reader = try CSVReader(string: text, hasHeaderRow: true)
        } catch {
            throw LineError(message: "cannot read the CSV header", line: 1)
        }
        guard let header = reader.headerRow else { throw LineError(message: "cannot read the CSV header", line: 1) }
        var column: [String: Int] = [:]
        for (i, name) in header.enumerated() where column[name] == nil { column[name] = i }
        if let missing = requiredColumns.first(where: { column[$0] == nil }) {
            throw LineError(message: "missing column \"\(missing)\" in the CSV header", line: 1)
        }
        var line = 1
        var index = 0
        while let row = reader.next() {
            line += 1
            if row == [""] { continue }   // a blank line
            guard row.count == header.count else {
                throw LineError(message: "row has \(row.count) fields, the header has \(header.count)", line: line)
            }
            func field(_ name: String) -> String { column[name].map { StoredText.withoutNUL(row[$0]) } ?? "" }
            func number(_ name: String) throws -> Double? {
                let text = field(name)
                if text.isEmpty { return nil }
                guard let value = Double(text) else {
                    throw LineError(message: "\"\(name)\" must be a number, found \"\(text.prefix(40))\"", line: line)
                }
                return value
            }
            func instant(_ name: String) throws -> Int64? {
                let text = field(name)
                if text.isEmpty { return nil }
                guard let ms = ISOTime.epochMilliseconds(text) else {
                    throw LineError(message: "\"\(name)\" must be an ISO 8601 time, found \"\(text.prefix(40))\"", line: line)
                }
                return ms
            }
            let id = field("id")
            let time = try instant("time")
            let updated = try instant("updated")
            let latitude = try number("latitude"), longitude = try number("longitude")
            let depth = try number("depth") ?? 0
            // As in GeoJSON: a NaN or infinite magnitude is no magnitude.
            let mag = try number("mag").flatMap { $0.isFinite ? $0 : nil }
            let event: ParsedEvent
            if id.isEmpty {
                event = .skipped(reason: "missing id")
            } else if time == nil {
                event = .skipped(reason: "missing time")
            } else if latitude == nil || longitude == nil {
                event = .skipped(reason: "missing coordinates")
            } else if let problem = CoordinateCheck.problem(longitude: longitude!, latitude: latitude!, depth: depth) {
                event = .skipped(reason: problem)
            } else {
                let net = field("net"), place = field("place")
                let code = id.hasPrefix(net) ? String(id.dropFirst(net.count)) : id
                let title = "M " + (mag.map { String(format: "%.1f", $0) } ?? "?") + " - " + place
                event = .quake(Quake(
                    id: id, code: code, net: net, ids: ",\(id),",
                    magnitude: mag, magType: field("magType"), place: place,
                    time: Date(epochMilliseconds: time!), updated: Date(epochMilliseconds: updated ?? time!),
                    depth: depth, latitude: latitude!, longitude: longitude!,
                    status: field("status"), type: field("type"),
                    title: title, url: "https://earthquake.usgs.gov/earthquakes/eventpage/\(id)"))
            }
            try onRow(index, event)
            index += 1
        }
        if let error = reader.error {
            throw LineError(message: "cannot read the CSV (\(error))", line: line + 1)
        }
    }
}
