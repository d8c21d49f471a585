import Foundation
import QuakeStore

/// Writes quakes as a USGS feed CSV (the 22 columns of `all_month.csv`),
/// streaming: the same rows as `GeoJSONWriter`, for the CSV import figure.
/// Numbers are Swift's shortest text for each Double, so both files hold
/// exactly the same values; the place is always quoted, as USGS writes it.
enum CSVWriter {
    static let header = "time,latitude,longitude,depth,mag,magType,nst,gap,dmin,rms,net,id,updated,place,type,"
        + "horizontalError,depthError,magError,magNst,status,locationSource,magSource"

    static func write(_ quakes: some Sequence<Quake>, to path: String) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        var buffer = header + "\n"
        for quake in quakes {
            buffer += row(quake) + "\n"
            if buffer.utf8.count > 1 << 20 { handle.write(Data(buffer.utf8)); buffer = "" }
        }
        handle.write(Data(buffer.utf8))
    }

    static func row(_ q: Quake) -> String {
        let fields = [
            ISOTime.string(epochMilliseconds: q.time.epochMilliseconds), "\(q.latitude)", "\(q.longitude)", "\(q.depth)",
            q.magnitude.map { "\($0)" } ?? "", field(q.magType), "", "", "", q.rms.map { "\($0)" } ?? "", field(q.net), field(q.id),
            ISOTime.string(epochMilliseconds: q.updated.epochMilliseconds), quoted(q.place), field(q.type),
            "", "", "", "", field(q.status), field(q.locationSource ?? ""), field(q.magSource ?? ""),
        ]
        return fields.joined(separator: ",")
    }

    /// RFC 4180: quoted only when it must be (a comma, a quote, a line end).
    static func field(_ text: String) -> String {
        text.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
            ? quoted(text) : text
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
