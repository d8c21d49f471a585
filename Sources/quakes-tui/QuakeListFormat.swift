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

    /// A JSON array with one object per line, keys in `fields` order
    /// (Foundation's encoders do not keep key order on Linux).
    static func json(_ quakes: [Quake], to output: inout some TextOutputStream) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        func string(_ text: String) throws -> String { String(decoding: try encoder.encode(text), as: UTF8.self) }
        output.write("[")
        for (index, quake) in quakes.enumerated() {
            let values: [String] = [
                try string(quake.id), try string(ISOTime.string(epochMilliseconds: quake.time.epochMilliseconds)),
                quake.magnitude.map { number($0) } ?? "null", try string(quake.place), number(quake.depth),
                number(quake.latitude), number(quake.longitude), try string(quake.net), try string(quake.code),
                try string(quake.type), try string(quake.status),
            ]
            let members = zip(fields, values).map { "\"\($0)\":\($1)" }.joined(separator: ",")
            output.write((index == 0 ? "\n  {" : ",\n  {") + members + "}")
        }
        output.write(quakes.isEmpty ? "]\n" : "\n]\n")
    }
}
