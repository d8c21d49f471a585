import Foundation

/// Reads a USGS feed CSV (`time,latitude,longitude,depth,mag,magType,…`).
/// CSV carries fewer fields than GeoJSON: `code`, `ids`, `title` and `url`
/// are derived the way USGS derives them.
enum USGSCSVReader {
    static let requiredColumns = ["time", "latitude", "longitude", "depth", "mag", "magType",
                                  "net", "id", "updated", "place", "type"]

    /// Errors are `(message, line)`. The line is 1-based and counts records,
    /// not line ends: a record whose quoted field holds a line end is one
    /// line (as CSV.swift counted; the messages have always said so).
    struct LineError: Error, Equatable { var message: String; var line: Int }

    /// Calls `onRow` with each record's index among the records that are
    /// not empty lines, and its parse. The bytes are UTF-8 (the importer
    /// checks them a slice ahead, `UTF8Check`); invalid bytes are read as
    /// U+FFFD in texts. Every 1,024 rows `readBefore` is told the offset
    /// before which nothing will be read again (and may stop the reading).
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, readBefore: (Int) throws -> Void = { _ in },
                     onRow: (Int, consuming ParsedEvent) throws -> Void) throws {
        var scanner = CSVScanner(bytes)
        guard scanner.nextRecord() else { throw LineError(message: "cannot read the CSV header", line: 1) }
        let header = scanner.fields.indices.map { scanner.text(ofField: $0) }
        var column: [String: Int] = [:]
        for (i, name) in header.enumerated() where column[name] == nil { column[name] = i }
        if let missing = requiredColumns.first(where: { column[$0] == nil }) {
            throw LineError(message: "missing column \"\(missing)\" in the CSV header", line: 1)
        }
        let columns = Columns(column)
        var line = 1
        var index = 0
        while scanner.nextRecord() {
            line += 1
            if scanner.isBlank { continue }
            guard scanner.fields.count == header.count else {
                throw LineError(message: "row has \(scanner.fields.count) fields, the header has \(header.count)", line: line)
            }
            let event = try parseRow(Row(scanner: scanner, columns: columns, line: line))
            try onRow(index, consume event)   // handed over: a copy retains every text
            index += 1
            if index % 1024 == 0 { try readBefore(scanner.offset) }
        }
    }

    /// Where each column the catalog keeps is, found once from the header.
    private struct Columns {
        let time, latitude, longitude, depth, mag, magType, net, id, updated, place, type: Int
        let status: Int?
        /// The measurement columns, any of which a file may lack.
        let nst, gap, dmin, rms, horizontalError, depthError, magError, magNst, locationSource, magSource: Int?

        init(_ column: [String: Int]) {
            (time, latitude, longitude, depth) = (column["time"]!, column["latitude"]!, column["longitude"]!, column["depth"]!)
            (mag, magType, net, id) = (column["mag"]!, column["magType"]!, column["net"]!, column["id"]!)
            (updated, place, type, status) = (column["updated"]!, column["place"]!, column["type"]!, column["status"])
            (nst, gap, dmin, rms) = (column["nst"], column["gap"], column["dmin"], column["rms"])
            (horizontalError, depthError, magError, magNst) = (column["horizontalError"], column["depthError"],
                                                               column["magError"], column["magNst"])
            (locationSource, magSource) = (column["locationSource"], column["magSource"])
        }
    }

    /// One record's fields, read as the catalog needs them.
    private struct Row {
        let scanner: CSVScanner
        let columns: Columns
        let line: Int

        func text(_ column: Int?) -> String {
            guard let column else { return "" }
            return scanner.withBytes(ofField: column) { bytes in
                // memchr: `String.utf8.contains` was 4% of the parse.
                let hasNUL = bytes.count > 0 && memchr(bytes.baseAddress!, 0, bytes.count) != nil
                let text = String(decoding: bytes, as: UTF8.self)
                return hasNUL ? StoredText.withoutNUL(text) : text
            }
        }

        /// A decimal, or NaN / ±infinity for the words other tools write for
        /// them (`NaN`, `inf`, `-Infinity`): non-finite numbers, which the
        /// range checks then skip with their reason, as in GeoJSON.
        func number(_ column: Int, _ name: String) throws -> Double? {
            let (isEmpty, decimal) = scanner.withBytes(ofField: column) { bytes in
                (bytes.isEmpty, bytes.isEmpty ? nil : decimalValue(bytes))
            }
            if isEmpty { return nil }
            if let decimal { return decimal }
            let text = text(column)
            if let value = nonFinite(text) { return value }
            throw LineError(message: "\"\(name)\" must be a number, found \"\(text.prefix(40))\"", line: line)
        }

        /// A measurement's decimal; nil when the column is absent or empty,
        /// and when it holds no finite number (a measurement never makes a
        /// row unreadable).
        func measurement(_ column: Int?) -> Double? {
            guard let column else { return nil }
            let value = scanner.withBytes(ofField: column) { $0.isEmpty ? nil : decimalValue($0) }
            return value.flatMap { $0.isFinite ? $0 : nil }
        }

        func count(_ column: Int?) -> Int? {
            measurement(column).flatMap { abs($0) < 9e15 ? Int(exactly: $0) : nil }
        }

        /// A text column's value; nil when absent or empty.
        func optionalText(_ column: Int?) -> String? {
            let text = text(column)
            return text.isEmpty ? nil : text
        }

        /// The time in epoch milliseconds, and why it is out of range if it is.
        func instant(_ column: Int, _ name: String, called what: String) throws -> (milliseconds: Int64, problem: String?)? {
            let milliseconds = scanner.withBytes(ofField: column) { $0.isEmpty ? Int64?.none : ISOTime.epochMilliseconds($0) }
            guard let milliseconds else {
                let text = text(column)
                if text.isEmpty { return nil }
                throw LineError(message: "\"\(name)\" must be an ISO 8601 time, found \"\(text.prefix(40))\"", line: line)
            }
            if TimeCheck.contains(Double(milliseconds)) { return (milliseconds, nil) }
            return (milliseconds, TimeCheck.problem(what, text: text(column), milliseconds: milliseconds))
        }
    }

    /// A row as a quake, or why it is skipped. Throws for a field that is
    /// not a number or a time at all: the file is then not a USGS CSV.
    private static func parseRow(_ row: Row) throws -> ParsedEvent {
        let c = row.columns
        let id = row.text(c.id)
        let time = try row.instant(c.time, "time", called: "time")
        let updated = try row.instant(c.updated, "updated", called: "updated time")
        let latitude = try row.number(c.latitude, "latitude"), longitude = try row.number(c.longitude, "longitude")
        let depth = try row.number(c.depth, "depth") ?? 0
        let mag = try row.number(c.mag, "mag")
        guard !id.isEmpty else { return .skipped(reason: "missing id") }
        guard let time else { return .skipped(reason: "missing time") }
        if let problem = time.problem ?? updated?.problem { return .skipped(reason: problem) }
        guard let latitude, let longitude else { return .skipped(reason: "missing coordinates") }
        if let problem = CoordinateCheck.problem(longitude: longitude, latitude: latitude, depth: depth)
            ?? MagnitudeCheck.problem(mag) {
            return .skipped(reason: problem)
        }
        let net = row.text(c.net), place = row.text(c.place)
        let code = id.hasPrefix(net) ? String(id.dropFirst(net.count)) : id
        return .quake(Quake(
            id: id, code: code, net: net, ids: ",\(id),",
            magnitude: mag, magType: row.text(c.magType), place: place,
            time: Date(epochMilliseconds: time.milliseconds),
            updated: Date(epochMilliseconds: (updated ?? time).milliseconds),
            depth: depth, latitude: latitude, longitude: longitude,
            status: row.text(c.status), type: row.text(c.type),
            // Title and page derived (`Quake.title`); an id naming another
            // service (`x:1`) keeps ComCat's page, as USGS's CSV means it.
            url: id.utf8.contains(UInt8(ascii: ":")) ? EventPageURL.comCat(id) : "",
            measurements: Quake.Measurements(
                nst: row.count(c.nst), gap: row.measurement(c.gap), dmin: row.measurement(c.dmin),
                rms: row.measurement(c.rms), horizontalError: row.measurement(c.horizontalError),
                depthError: row.measurement(c.depthError), magError: row.measurement(c.magError),
                magNst: row.count(c.magNst), locationSource: row.optionalText(c.locationSource),
                magSource: row.optionalText(c.magSource))))
    }

    /// A plain decimal's value: a short one read from its bytes, a longer
    /// one (the generator's 17-digit coordinates) by `Double(String)`.
    static func decimalValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        if let value = ShortDecimal.value(bytes) { return value }
        return isDecimal(bytes) ? Double(String(decoding: bytes, as: UTF8.self)) : nil
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
    static func isDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var bytes = text[...]
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
