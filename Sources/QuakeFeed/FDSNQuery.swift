import Foundation
import QuakeStore

/// What a `fetch --service` asks for besides its time range: the
/// fdsnws-event 1.2 parameters quakes-tui sends, and the answer's format.
public struct FDSNQuery: Sendable, Equatable {
    public enum Format: String, Sendable, CaseIterable { case text, quakeml }

    public var minMagnitude: Double?
    public var maxMagnitude: Double?
    public var minDepth: Double?
    public var maxDepth: Double?
    /// South, north, west, east in degrees; west > east crosses the antimeridian.
    public var region: (south: Double, north: Double, west: Double, east: Double)?
    /// A circle around a point, its radius in kilometres.
    public var near: (latitude: Double, longitude: Double, radiusKilometres: Double)?
    public var format: Format

    public init(format: Format) { self.format = format }

    /// The query `filterText` wrote, read back (a remembered source's).
    public init(filterText: String, format: Format) throws {
        self.format = format
        var values: [String: Double] = [:]
        for pair in filterText.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let value = Double(parts[1]) else {
                throw FeedSourceError("remembered query '\(filterText)' is not one quakes-tui wrote")
            }
            values[String(parts[0])] = value
        }
        minMagnitude = values["minmagnitude"]; maxMagnitude = values["maxmagnitude"]
        minDepth = values["mindepth"]; maxDepth = values["maxdepth"]
        if let south = values["minlatitude"], let north = values["maxlatitude"],
           let west = values["minlongitude"], let east = values["maxlongitude"] {
            region = (south, north, west, east)
        }
        if let latitude = values["latitude"], let longitude = values["longitude"], let radius = values["maxradius"] {
            near = (latitude, longitude, radius * (GreatCircle.earthRadiusKilometres * .pi / 180))
        }
    }

    public static func == (a: FDSNQuery, b: FDSNQuery) -> Bool { a.filterText == b.filterText && a.format == b.format }

    /// The filter parameters, in a fixed order (the times are the windows').
    public var filterItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        func add(_ name: String, _ value: Double?) {
            if let value { items.append(URLQueryItem(name: name, value: Self.decimal(value))) }
        }
        add("minmagnitude", minMagnitude)
        add("maxmagnitude", maxMagnitude)
        add("mindepth", minDepth)
        add("maxdepth", maxDepth)
        if let region {
            add("minlatitude", region.south); add("maxlatitude", region.north)
            add("minlongitude", region.west); add("maxlongitude", region.east)
        }
        if let near {
            add("latitude", near.latitude); add("longitude", near.longitude)
            // The service takes the radius in degrees of the same sphere
            // DISTANCE measures kilometres on.
            add("maxradius", near.radiusKilometres / (GreatCircle.earthRadiusKilometres * .pi / 180))
        }
        return items
    }

    /// `minmagnitude=4&maxdepth=70`: how `sources` shows the query.
    public var filterText: String {
        filterItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
    }

    /// A window's request: its times (the end inclusive, as the standard
    /// has it; the window's importer leaves out what is at its end), the
    /// filters, `updatedafter` for a sync, and the format.
    public func items(from start: Int64, to end: Int64, updatedAfter: Date? = nil, counting: Bool = false) -> [URLQueryItem] {
        var items = [URLQueryItem(name: "starttime", value: Self.time(start)),
                     URLQueryItem(name: "endtime", value: Self.time(end))]
        items += filterItems
        if let updatedAfter { items.append(URLQueryItem(name: "updatedafter", value: Self.time(updatedAfter.epochMilliseconds))) }
        if !counting {
            items.append(URLQueryItem(name: "orderby", value: "time-asc"))
            items.append(URLQueryItem(name: "format", value: format == .text ? "text" : "xml"))
        }
        return items
    }

    /// `2019-07-01T00:00:00.000`: UTC to the millisecond, without a zone
    /// (the standard's form, which every service reads as UTC).
    public static func time(_ ms: Int64) -> String { String(ISOTime.string(epochMilliseconds: ms).dropLast()) }

    /// `4`, `4.5`, `-0.25`: the shortest text that reads back as the value.
    static func decimal(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
