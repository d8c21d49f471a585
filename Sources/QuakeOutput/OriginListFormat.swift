import Foundation
import QuakeStore
import TerminalUI

/// `list --origins`: every origin of the listed events, the preferred one
/// first (marked `*` in the table, `preferred` true in CSV and JSON), each
/// with its event's id, its service, and how far it is from the preferred
/// origin (seconds, kilometres, magnitude units).
public struct OriginListFormat {
    public let format: QuakeListFormat.Format

    public init(format: QuakeListFormat.Format) { self.format = format }

    public static let fields = ["event", "service", "id", "preferred", "time", "latitude", "longitude", "depth",
                                "magnitude", "magType", "status", "updated", "dt", "distance", "dmagnitude"]
    /// The fields JSON writes as strings; the others are numbers (`null` when unknown) or `preferred`'s boolean.
    static let textFields: Set = ["event", "service", "id", "time", "magType", "status", "updated"]

    public func write(_ origins: [EventOrigin], to output: inout some TextOutputStream) throws {
        var preferred: [String: Quake] = [:]
        for origin in origins where origin.isPreferred { preferred[origin.eventID] = origin.report }
        switch format {
        case .table:
            output.write(Self.header)
            for origin in origins { output.write(Self.tableLine(origin, preferred: preferred[origin.eventID] ?? origin.report)) }
        case .csv:
            output.write(CSVRecords.text([Self.fields] + origins.map { Self.values($0, preferred: preferred[$0.eventID] ?? $0.report) }))
        case .json, .geojson:
            output.write("[")
            for (index, origin) in origins.enumerated() {
                let values = zip(Self.fields, Self.values(origin, preferred: preferred[origin.eventID] ?? origin.report)).map {
                    field, value in Self.textFields.contains(field) ? JSONText.string(value) : value.isEmpty ? "null" : value
                }
                output.write((index == 0 ? "\n" : ",\n") + QuakeListFormat.jsonObject(keys: Self.fields, values: values))
            }
            output.write(origins.isEmpty ? "]\n" : "\n]\n")
        }
    }

    /// CSV's values: numbers in their shortest form, unknowns empty.
    static func values(_ origin: EventOrigin, preferred: Quake) -> [String] {
        let q = origin.report
        let (seconds, kilometres, magnitude) = origin.differences(from: preferred)
        return [origin.eventID, origin.provider, q.id, origin.isPreferred ? "true" : "false",
                ISOTime.string(epochMilliseconds: q.time.epochMilliseconds), JSONText.number(q.latitude),
                JSONText.number(q.longitude), JSONText.number(q.depth), q.magnitude.map { JSONText.number($0) } ?? "",
                q.magType, q.status, ISOTime.string(epochMilliseconds: q.updated.epochMilliseconds),
                Self.rounded(seconds, 3), Self.rounded(kilometres, 1), magnitude.map { Self.rounded($0, 2) } ?? ""]
    }

    private static func rounded(_ value: Double, _ decimals: Int) -> String {
        let scale = pow(10, Double(decimals))
        return JSONText.number((value * scale).rounded() / scale + 0)
    }

    static let header = pad("event", 18) + " " + pad("service", 8) + "  " + pad("origin", 22) + " " + pad("time", 19)
        + "   mag     depth     Δt s    Δ km    ΔM\n"

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        DisplayWidth.fit(TerminalText.visible(text), to: width, alignRight: right)
    }

    static func tableLine(_ origin: EventOrigin, preferred: Quake) -> String {
        let q = origin.report
        let (seconds, kilometres, magnitude) = origin.differences(from: preferred)
        let mag = q.magnitude.map { String(format: "%4.1f", $0) } ?? "   —"
        let delta = origin.isPreferred ? pad("·", 8, right: true) + pad("·", 8, right: true) + pad("·", 6, right: true)
            : String(format: "%8.1f%8.1f", seconds, kilometres) + pad(magnitude.map { String(format: "%+.1f", $0) } ?? "—", 6, right: true)
        return pad(origin.eventID, 18) + " " + pad(origin.provider, 8) + " " + (origin.isPreferred ? "*" : " ")
            + pad(q.id, 22) + " " + ISOTime.dateAndTime(epochMilliseconds: q.time.epochMilliseconds) + "  " + mag
            + String(format: " %8.1f", q.depth) + " " + delta + "\n"
    }
}
