import CSV
import Foundation
import QuakeStore

/// The shapes `list` prints quakes in. CSV and JSON share one set of fields.
enum QuakeListFormat {
    static let fields = ["id", "time", "magnitude", "place", "depth", "latitude", "longitude", "net", "code", "type", "status"]

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

    static func table(_ quakes: [Quake], to output: inout some TextOutputStream) {
        output.write("TIME (UTC)           MAG   DEPTH  PLACE\n")
        for quake in quakes {
            let time = ISOTime.string(epochMilliseconds: quake.time.epochMilliseconds)
            let shown = time.prefix(10) + " " + time.dropFirst(11).prefix(8)
            let mag = quake.magnitude.map { String(format: "%4.1f", $0) } ?? "   —"
            let depth = String(format: "%6.1f", quake.depth)
            output.write("\(shown)  \(mag)  \(depth)  \(quake.place)\n")
        }
    }

    static func csv(_ quakes: [Quake], to output: inout some TextOutputStream) throws {
        let writer = try CSVWriter(stream: .toMemory())
        try writer.write(row: fields)
        for quake in quakes { try writer.write(row: values(quake)) }
        writer.stream.close()
        let data = writer.stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        output.write(String(decoding: data, as: UTF8.self) + "\n")
    }

    static func json(_ quakes: [Quake], to output: inout some TextOutputStream) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(quakes.map(JSONRow.init))
        output.write(String(decoding: data, as: UTF8.self) + "\n")
    }

    /// A quake as `list --format json` prints it: the CSV fields, in order,
    /// with JSON numbers and `null` for NULL.
    struct JSONRow: Encodable {
        let quake: Quake

        enum Key: String, CodingKey {
            case id, time, magnitude, place, depth, latitude, longitude, net, code, type, status
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(quake.id, forKey: .id)
            try c.encode(ISOTime.string(epochMilliseconds: quake.time.epochMilliseconds), forKey: .time)
            try c.encode(quake.magnitude, forKey: .magnitude)   // null when unknown
            try c.encode(quake.place, forKey: .place)
            try c.encode(quake.depth, forKey: .depth)
            try c.encode(quake.latitude, forKey: .latitude)
            try c.encode(quake.longitude, forKey: .longitude)
            try c.encode(quake.net, forKey: .net)
            try c.encode(quake.code, forKey: .code)
            try c.encode(quake.type, forKey: .type)
            try c.encode(quake.status, forKey: .status)
        }
    }
}
