import Foundation

/// Where `DISTANCE()` measures from, and what the browser's Dist column
/// shows: the config file's `home` or `--home`.
public struct Home: Sendable, Hashable, CustomStringConvertible {
    public var point: GeoPoint
    /// How the user named it: `Tokyo`, or `35.68, 139.69`.
    public var label: String

    public init(point: GeoPoint, label: String) {
        self.point = point
        self.label = label
    }

    /// `35.68,139.69` (latitude, longitude), else a place the gazetteer
    /// knows: `Tokyo`, `Springfield, US`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]) {
            try self.init(latitude: latitude, longitude: longitude)
            return
        }
        let place = try Gazetteer.bundled.get().place(named: text)
        self.init(point: place.point, label: text.trimmingCharacters(in: .whitespaces))
    }

    /// Coordinates in degrees; out of range is an error that says so.
    public init(latitude: Double, longitude: Double) throws {
        guard let point = GeoPoint(checkingLatitude: latitude, longitude: longitude) else {
            throw HomeError(message: "\(latitude), \(longitude) is not a place on Earth: latitude −90…90, longitude −180…180")
        }
        self.init(point: point, label: QuakeField.distanceArguments(point))
    }

    public var description: String { label }
}

public struct HomeError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var description: String { message }
}
