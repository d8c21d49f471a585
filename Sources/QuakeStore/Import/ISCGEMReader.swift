import Foundation

/// Reads the ISC-GEM Global Instrumental Earthquake Catalogue's CSV
/// (`isc-gem-cat.csv`, www.isc.ac.uk/iscgem): comment lines starting with
/// `#`, the first naming the catalogue, the last naming the columns
/// (`date, lat, lon, smajax, …, depth, unc, q, mw, …, eventid`), then one
/// event a line, fields between commas, padded with spaces. Columns are
/// found by name (their first occurrence: `q` and `unc` repeat), since
/// versions add columns (v6 adds nodal planes and `type`).
///
/// What each quake takes: `id` `iscgem:EVENTID` (ISC-GEM relocates ISC's
/// events, so its origins are a service of their own, beside ISC's
/// bulletin); `time` the date (UTC, to the hundredth); `magnitude` `mw`,
/// `magType` `Mw`, `magSource` `mo_auth` (the moment's author, `gcmt`) when
/// given; `status` `reviewed` (every ISC-GEM solution is); `updated` the
/// time, as the file has no update time; `type` `earthquake`.
enum ISCGEMReader {
    static let service = "iscgem"
    static let requiredColumns = ["date", "lat", "lon", "depth", "mw", "eventid"]

    /// Whether the bytes begin with ISC-GEM's first comment line
    /// (`# ISC-GEM Global Instrumental Earthquake Catalogue`).
    static func recognizes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var lines = FDSNTextReader.LineCursor(UnsafeBufferPointer(rebasing: bytes.prefix(512)))
        guard let (_, first) = lines.next() else { return false }
        return first.hasPrefix("#") && first.uppercased().contains("ISC-GEM") && !first.contains("|")
    }

    /// Calls `onRow` with each event line's number and its parse; errors
    /// are `FDSNTextReader.LineError`s (message and 1-based line).
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, readBefore: (Int) throws -> Void = { _ in },
                     onRow: (Int, consuming ParsedEvent) throws -> Void) throws {
        var lines = FDSNTextReader.LineCursor(bytes)
        var header: (text: Substring, line: Int)?
        var columns: Columns?
        var rows = 0
        while let (number, text) = lines.next() {
            if text.allSatisfy(\.isWhitespace) { continue }
            if text.hasPrefix("#") {
                if columns == nil { header = (text.dropFirst(), number) }
                continue
            }
            if columns == nil {
                guard let header else { throw FDSNTextReader.LineError(message: "not ISC-GEM CSV: no header", line: number) }
                columns = try Columns(header: header.text, line: header.line)
            }
            let fields = text.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == columns!.count else {
                throw FDSNTextReader.LineError(message: "row has \(fields.count) fields, the header has \(columns!.count)", line: number)
            }
            try onRow(number, try parseRow(fields, columns!, line: number))
            rows += 1
            if rows % 1024 == 0 { try readBefore(lines.offset) }
        }
    }

    /// Where each column is: the first column of each name.
    struct Columns {
        let count: Int
        let date, latitude, longitude, depth, magnitude, eventID: Int
        let momentAuthor: Int?

        init(header: Substring, line: Int) throws {
            let names = header.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            var column: [String: Int] = [:]
            for (i, name) in names.enumerated() where column[name] == nil { column[name] = i }
            if let missing = ISCGEMReader.requiredColumns.first(where: { column[$0] == nil }) {
                throw FDSNTextReader.LineError(message: "missing column \"\(missing)\" in the ISC-GEM header", line: line)
            }
            count = names.count
            (date, latitude, longitude) = (column["date"]!, column["lat"]!, column["lon"]!)
            (depth, magnitude, eventID) = (column["depth"]!, column["mw"]!, column["eventid"]!)
            momentAuthor = column["mo_auth"]
        }
    }

    static func parseRow(_ fields: [Substring], _ c: Columns, line: Int) throws -> ParsedEvent {
        func text(_ column: Int) -> String { StoredText.withoutNUL(fields[column].trimmingCharacters(in: .whitespaces)) }
        func number(_ column: Int, _ name: String) throws -> Double? {
            let text = text(column)
            if text.isEmpty { return nil }
            var utf8 = text
            if let value = utf8.withUTF8({ USGSCSVReader.decimalValue($0) }) { return value }
            throw FDSNTextReader.LineError(message: "\"\(name)\" must be a number, found \"\(text.prefix(40))\"", line: line)
        }
        let eventID = text(c.eventID), date = text(c.date)
        let latitude = try number(c.latitude, "lat"), longitude = try number(c.longitude, "lon")
        let depth = try number(c.depth, "depth") ?? 0, magnitude = try number(c.magnitude, "mw")
        guard !eventID.isEmpty else { return .skipped(reason: "missing eventid") }
        guard !date.isEmpty else { return .skipped(reason: "missing time") }
        guard let milliseconds = ISOTime.epochMilliseconds(date.replacingOccurrences(of: " ", with: "T")) else {
            throw FDSNTextReader.LineError(message: "\"date\" must be a time such as 2013-01-05 08:58:20.75, found \"\(date.prefix(40))\"", line: line)
        }
        if let problem = TimeCheck.problem("time", text: date, milliseconds: milliseconds) { return .skipped(reason: problem) }
        guard let latitude, let longitude else { return .skipped(reason: "missing coordinates") }
        if let problem = CoordinateCheck.problem(longitude: longitude, latitude: latitude, depth: depth)
            ?? MagnitudeCheck.problem(magnitude) {
            return .skipped(reason: problem)
        }
        let id = EventIdentity.storedID(eventID, service: service)
        let time = Date(epochMilliseconds: milliseconds)
        var quake = Quake(
            id: id, code: eventID, net: service, ids: ",\(id),",
            magnitude: magnitude, magType: magnitude == nil ? "" : "Mw", place: "",
            time: time, updated: time, depth: depth, latitude: latitude, longitude: longitude,
            status: "reviewed", type: "earthquake", url: "")
        let author = c.momentAuthor.map(text) ?? ""
        quake.magSource = author.isEmpty ? nil : author
        quake.catalog = "ISC-GEM"
        quake.contributor = "ISC"
        return .quake(quake)
    }
}
