import CSV
import Foundation
@testable import QuakeStore

// The USGS CSV reader as it was before issue 14 (on yaslab/CSV.swift, over a
// String of the whole file), word for word but for its name and this note:
// the oracle CSVReaderTests compares the byte reader with, row by row and
// error by error, on edge cases and on generated files.

enum LegacyUSGSCSVReader {
    static let requiredColumns = ["time", "latitude", "longitude", "depth", "mag", "magType",
                                  "net", "id", "updated", "place", "type"]

    typealias LineError = USGSCSVReader.LineError

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
            let event = try parseRow(Row(fields: row, column: column, line: line))
            try onRow(index, event)
            index += 1
        }
        if let error = reader.error {
            throw LineError(message: "cannot read the CSV (\(error))", line: line + 1)
        }
    }

    /// One row's fields by column name, read as the catalog needs them.
    private struct Row {
        let fields: [String]
        let column: [String: Int]
        let line: Int

        func text(_ name: String) -> String { column[name].map { StoredText.withoutNUL(fields[$0]) } ?? "" }

        /// A decimal, or NaN / ±infinity for the words other tools write for
        /// them (`NaN`, `inf`, `-Infinity`): non-finite numbers, which the
        /// range checks then skip with their reason, as in GeoJSON.
        func number(_ name: String) throws -> Double? {
            let text = text(name)
            if text.isEmpty { return nil }
            if let value = nonFinite(text) { return value }
            guard isDecimal(text), let value = Double(text) else {
                throw LineError(message: "\"\(name)\" must be a number, found \"\(text.prefix(40))\"", line: line)
            }
            return value
        }

        /// The time in epoch milliseconds, and why it is out of range if it is.
        func instant(_ name: String, called what: String) throws -> (milliseconds: Int64, problem: String?)? {
            let text = text(name)
            if text.isEmpty { return nil }
            guard let ms = ISOTime.epochMilliseconds(text) else {
                throw LineError(message: "\"\(name)\" must be an ISO 8601 time, found \"\(text.prefix(40))\"", line: line)
            }
            return (ms, TimeCheck.problem(what, text: text, milliseconds: ms))
        }
    }

    /// A row as a quake, or why it is skipped. Throws for a field that is
    /// not a number or a time at all: the file is then not a USGS CSV.
    private static func parseRow(_ row: Row) throws -> ParsedEvent {
        let id = row.text("id")
        let time = try row.instant("time", called: "time")
        let updated = try row.instant("updated", called: "updated time")
        let latitude = try row.number("latitude"), longitude = try row.number("longitude")
        let depth = try row.number("depth") ?? 0
        let mag = try row.number("mag")
        guard !id.isEmpty else { return .skipped(reason: "missing id") }
        guard let time else { return .skipped(reason: "missing time") }
        if let problem = time.problem ?? updated?.problem { return .skipped(reason: problem) }
        guard let latitude, let longitude else { return .skipped(reason: "missing coordinates") }
        if let problem = CoordinateCheck.problem(longitude: longitude, latitude: latitude, depth: depth)
            ?? MagnitudeCheck.problem(mag) {
            return .skipped(reason: problem)
        }
        let net = row.text("net"), place = row.text("place")
        let code = id.hasPrefix(net) ? String(id.dropFirst(net.count)) : id
        return .quake(Quake(
            id: id, code: code, net: net, ids: ",\(id),",
            magnitude: mag, magType: row.text("magType"), place: place,
            time: Date(epochMilliseconds: time.milliseconds),
            updated: Date(epochMilliseconds: (updated ?? time).milliseconds),
            depth: depth, latitude: latitude, longitude: longitude,
            status: row.text("status"), type: row.text("type"),
            // The title is derived since USGS's rule replaced "%.1f" (`DerivedTitleTests`).
            url: "https://earthquake.usgs.gov/earthquakes/eventpage/\(id)"))
    }

    /// NaN or an infinity for their usual spellings, any case, signed.
    static func nonFinite(_ text: String) -> Double? {
        let sign: Double = text.hasPrefix("-") ? -1 : 1
        let word = (text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)).lowercased()
        switch word {
        case "nan": return .nan
        case "inf", "infinity": return sign * .infinity
        default: return nil
        }
    }

    /// A plain decimal number: an optional sign, digits with an optional
    /// fraction, an optional exponent (`-1.5`, `.5`, `2e-3`). Swift's
    /// `Double(_:)` also takes `0x1p3`, `inf` and `nan`, which no feed writes
    /// for a number.
    static func isDecimal(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 &- UInt8(ascii: "0") < 10 }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        var mantissaDigits = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
