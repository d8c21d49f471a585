import Foundation
import QuakeQuery
import QuakeStore
import TerminalUI

/// `quakes-tui section`: the quakes of a cross-section in order along its
/// line, each with its distance along it, its offset from it (GMT
/// `project`'s p and q, in km; offset positive left of A→A′) and its
/// depth. A table under a line naming the section, CSV
/// (`id,time,magnitude,latitude,longitude,depth_km,along_km,offset_km`)
/// or JSON objects of the same keys (`magnitude` null when unknown).
public struct SectionListFormat {
    public let format: QuakeListFormat.Format

    public init(format: QuakeListFormat.Format) { self.format = format }

    public typealias Placed = SectionQuake

    static let keys = ["id", "time", "magnitude", "latitude", "longitude", "depth_km", "along_km", "offset_km"]

    public func write(_ placed: [Placed], profile: Profile, to output: inout some TextOutputStream) throws {
        switch format {
        case .table:
            output.write(Self.title(profile, count: placed.count) + "\n")
            output.write("   along   offset   depth    mag  time                 id              place\n")
            for entry in placed {
                let quake = entry.quake
                output.write(Self.fixed(entry.along, 8, 1) + " " + Self.fixed(entry.offset, 8, 1) + " "
                             + Self.fixed(quake.depth, 7, 1) + " " + DisplayWidth.fit(quake.magnitude.map { String(format: "%.1f", $0) } ?? "–", to: 6, alignRight: true)
                             + "  " + ISOTime.string(epochMilliseconds: quake.time.epochMilliseconds).prefix(19).replacingOccurrences(of: "T", with: " ")
                             + "  " + DisplayWidth.fit(quake.id, to: 14) + "  " + quake.place + "\n")
            }
        case .csv:
            output.write(CSVRecords.text([Self.keys] + placed.map { Self.values($0, json: false) }))
        case .json, .geojson:
            output.write("[")
            for (index, entry) in placed.enumerated() {
                output.write((index == 0 ? "\n" : ",\n") + QuakeListFormat.jsonObject(keys: Self.keys, values: Self.values(entry, json: true)))
            }
            output.write(placed.isEmpty ? "]\n" : "\n]\n")
        }
    }

    /// `A 35.000, -120.000 → A′ 35.000, -115.000: 455.5 km, ±50 km: 1,234 quakes`.
    public static func title(_ profile: Profile, count: Int) -> String {
        func point(_ p: (latitude: Double, longitude: Double)) -> String { String(format: "%.3f, %.3f", p.latitude, p.longitude) }
        return "A \(point(profile.start)) → A′ \(point(profile.end)): \(String(format: "%.1f", profile.lengthKilometres)) km, "
            + "±\(JSONText.number(profile.halfWidthKilometres)) km: \(DigitGrouping.grouped(count)) \(count == 1 ? "quake" : "quakes")"
    }

    static func fixed(_ value: Double, _ width: Int, _ decimals: Int) -> String {
        DisplayWidth.fit(String(format: "%.\(decimals)f", value), to: width, alignRight: true)
    }

    /// Distances to the metre (GMT prints more digits than the positions hold).
    static func values(_ entry: Placed, json: Bool) -> [String] {
        let quake = entry.quake
        let text = { (value: String) in json ? JSONText.string(value) : value }
        return [text(quake.id), text(ISOTime.string(epochMilliseconds: quake.time.epochMilliseconds)),
                quake.magnitude.map(JSONText.number) ?? (json ? "null" : ""),
                JSONText.number(quake.latitude), JSONText.number(quake.longitude), JSONText.number(quake.depth),
                String(format: "%.3f", entry.along), String(format: "%.3f", entry.offset)]
    }
}
