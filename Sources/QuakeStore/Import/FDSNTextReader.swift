import Foundation

/// Reads an FDSN event service's text answer (`format=text`): a header line
/// `#EventID|Time|Latitude|Longitude|Depth/km|Author|Catalog|Contributor|…`
/// naming the columns, then one event a line, fields between bars. Columns
/// are found by name (any case, spaces around bars allowed), since services
/// differ: INGV writes `Depth/Km`, some add a 14th column `EventType`.
///
/// What each quake takes (the text carries less than GeoJSON):
/// - `id`: `EventIdentity.storedID` of the EventID and the row's service
///   (`--service`, else the Catalog or Contributor when it names a service,
///   else ComCat); `code`: the EventID as given; `ids`: `,<id>,`.
/// - `net`: the Contributor, else the Catalog, else the service, lower case.
/// - `time`: ISO 8601 with 0 to 6 decimals, kept to the millisecond (digits
///   beyond are dropped, as the catalog stores milliseconds); no zone is UTC.
/// - `updated`: the time, as the text has no update time: a GeoJSON or CSV
///   report of the same event (which has one) replaces it, never the reverse.
/// - `status`: empty (unknown): the text does not say whether an event was
///   reviewed. `type`: EventType, else `earthquake`.
/// - `title`: `M 2.9 - place`, as made for CSV rows; `url`: the service's
///   event page when known (`EventPageURL`), else empty.
/// - `locationSource`, `magSource`: the Author and MagAuthor (ComCat's text
///   answer writes its CSV's locationSource and magSource there);
///   `catalog`, `contributor`: as given. `sig`, `tsunami` and the rest
///   are unknown (NULL).
/// An empty field or `--` (INGV's unknown MagAuthor) is unknown.
enum FDSNTextReader {
    /// Columns without which an event cannot be stored, as the standard spells them.
    static let requiredColumns = ["EventID", "Time", "Latitude", "Longitude"]

    /// Errors are `(message, line)`, the line 1-based among all lines.
    struct LineError: Error, Equatable { var message: String; var line: Int }

    /// Calls `onRow` with each event line's number and its parse. The
    /// bytes are UTF-8 (the importer checks them a slice ahead,
    /// `UTF8Check`). Now and then `readBefore` is told the offset before
    /// which nothing is read again (and may stop the reading).
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, service: String?, readBefore: (Int) throws -> Void = { _ in },
                     onRow: (Int, consuming ParsedEvent) throws -> Void) throws {
        var lines = LineCursor(bytes)
        var columns: Columns?
        var rows = 0
        while let (number, text) = lines.next() {
            if text.allSatisfy(\.isWhitespace) { continue }
            guard let found = columns else {
                guard text.hasPrefix("#") else {
                    throw LineError(message: "not FDSN text: the first line must be a \"#EventID|Time|…\" header", line: number)
                }
                columns = try Columns(header: text.dropFirst(), line: number)
                continue
            }
            if text.hasPrefix("#") { continue }   // a comment after the header
            let fields = text.split(separator: "|", omittingEmptySubsequences: false)
            guard fields.count == found.count else {
                throw LineError(message: "row has \(fields.count) fields, the header has \(found.count)", line: number)
            }
            let row = Row(fields: fields, columns: found, line: number)
            try onRow(number, try parseRow(row, service: service))
            rows += 1
            if rows % 1024 == 0 { try readBefore(lines.offset) }
        }
        if columns == nil { throw LineError(message: "not FDSN text: no header line", line: 1) }
    }

    /// Where each column is, found once from the header.
    struct Columns {
        let count: Int
        let eventID, time, latitude, longitude: Int
        let depth, author, catalog, contributor, magType, magnitude, magAuthor, place, eventType: Int?

        init(header: Substring, line: Int) throws {
            let names = header.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            var column: [String: Int] = [:]
            for (i, name) in names.enumerated() where column[name] == nil { column[name] = i }
            if let missing = FDSNTextReader.requiredColumns.first(where: { column[$0.lowercased()] == nil }) {
                throw LineError(message: "missing column \"\(missing)\" in the FDSN text header", line: line)
            }
            count = names.count
            (eventID, time, latitude, longitude) = (column["eventid"]!, column["time"]!, column["latitude"]!, column["longitude"]!)
            (depth, author, catalog, contributor) = (column["depth/km"], column["author"], column["catalog"], column["contributor"])
            (magType, magnitude, place, eventType) = (column["magtype"], column["magnitude"],
                                                      column["eventlocationname"], column["eventtype"])
            magAuthor = column["magauthor"]
        }
    }

    /// One event line's fields, read as the catalog needs them.
    struct Row {
        let fields: [Substring]
        let columns: Columns
        let line: Int

        /// The field's text, trimmed; empty when unknown (empty or `--`).
        func text(_ column: Int?) -> String {
            guard let column else { return "" }
            let text = fields[column].trimmingCharacters(in: .whitespaces)
            return text == "--" ? "" : StoredText.withoutNUL(text)
        }

        /// A decimal, NaN or ±infinity (then skipped by the range checks
        /// with their reason, as in CSV); nil when unknown.
        func number(_ column: Int?, _ name: String) throws -> Double? {
            let text = text(column)
            if text.isEmpty { return nil }
            var utf8 = text
            if let value = utf8.withUTF8({ USGSCSVReader.decimalValue($0) }) ?? USGSCSVReader.nonFinite(text) { return value }
            throw LineError(message: "\"\(name)\" must be a number, found \"\(text.prefix(40))\"", line: line)
        }

        /// Epoch milliseconds, and why they are out of range if they are.
        func instant(_ column: Int) throws -> (milliseconds: Int64, problem: String?)? {
            let text = text(column)
            if text.isEmpty { return nil }
            guard let milliseconds = ISOTime.epochMilliseconds(text) else {
                throw LineError(message: "\"Time\" must be an ISO 8601 time, found \"\(text.prefix(40))\"", line: line)
            }
            return (milliseconds, TimeCheck.problem("time", text: text, milliseconds: milliseconds))
        }
    }

    /// A line as a quake, or why it is skipped. Throws for a field that is
    /// not a number or a time at all: the file is then not FDSN text.
    static func parseRow(_ row: Row, service given: String?) throws -> ParsedEvent {
        let c = row.columns
        let eventID = row.text(c.eventID)
        let time = try row.instant(c.time)
        let latitude = try row.number(c.latitude, "Latitude"), longitude = try row.number(c.longitude, "Longitude")
        let depth = try row.number(c.depth, "Depth/km") ?? 0
        let magnitude = try row.number(c.magnitude, "Magnitude")
        guard !eventID.isEmpty else { return .skipped(reason: "missing EventID") }
        guard let time else { return .skipped(reason: "missing time") }
        if let problem = time.problem { return .skipped(reason: problem) }
        guard let latitude, let longitude else { return .skipped(reason: "missing coordinates") }
        if let problem = CoordinateCheck.problem(longitude: longitude, latitude: latitude, depth: depth)
            ?? MagnitudeCheck.problem(magnitude) {
            return .skipped(reason: problem)
        }
        let catalog = row.text(c.catalog), contributor = row.text(c.contributor)
        let author = row.text(c.author)
        let service = given ?? EventIdentity.service(catalog: catalog, contributor: contributor, author: author) ?? EventIdentity.comCat
        let id = EventIdentity.storedID(eventID, service: service)
        let place = row.text(c.place), eventType = row.text(c.eventType)
        let net = [contributor, catalog, service].first { !$0.isEmpty }!.lowercased()
        let date = Date(epochMilliseconds: time.milliseconds)
        var quake = Quake(
            id: id, code: eventID, net: net, ids: ",\(id),",
            magnitude: magnitude, magType: row.text(c.magType), place: place,
            time: date, updated: date, depth: depth, latitude: latitude, longitude: longitude,
            status: "", type: eventType.isEmpty ? "earthquake" : eventType,
            url: EventPageURL.of(eventID, service: service))
        func known(_ text: String) -> String? { text.isEmpty ? nil : text }
        (quake.locationSource, quake.magSource) = (known(author), known(row.text(c.magAuthor)))
        (quake.catalog, quake.contributor) = (known(catalog), known(contributor))
        return .quake(quake)
    }

    /// The lines of the bytes, numbered from 1, without their line ends
    /// (`\n` or `\r\n`).
    struct LineCursor {
        let bytes: UnsafeBufferPointer<UInt8>
        private(set) var offset = 0
        private var number = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func next() -> (Int, Substring)? {
            guard offset < bytes.count else { return nil }
            let rest = UnsafeBufferPointer(rebasing: bytes[offset...])
            let length = memchr(rest.baseAddress!, 0x0A, rest.count).map { UnsafeRawPointer($0) - UnsafeRawPointer(rest.baseAddress!) }
                ?? rest.count
            var line = UnsafeBufferPointer(rebasing: rest[..<length])
            if line.last == 0x0D { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
            offset += min(length + 1, rest.count)
            number += 1
            return (number, Substring(String(decoding: line, as: UTF8.self)))
        }
    }
}
