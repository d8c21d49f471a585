import Foundation

/// Meridians and parallels at round degrees, as GMT's frame annotates them:
/// one step for both, the smallest of the usual ones that draws at most
/// `maximumLines` meridians across the view, and their labels (`120°W`,
/// `35°N`, `35.5°N` below a degree).
public struct MapGraticule: Sendable, Hashable {
    public let step: Double
    /// Meridians in view, as the view continues them (past 180 across the antimeridian).
    public let meridians: [Double]
    public let parallels: [Double]

    public static let steps: [Double] = [0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 45, 60, 90]
    public static let maximumLines = 6

    public init(region: MapRegion) {
        let span = max(region.longitudeSpan, region.latitudeSpan * 1e-9)
        step = Self.steps.first { span / $0 <= Double(Self.maximumLines) } ?? 90
        meridians = Self.multiples(of: step, from: region.west, to: region.east)
        parallels = Self.multiples(of: step, from: region.south, to: region.north)
    }

    /// The multiples of `step` strictly inside `low…high`, without
    /// floating-point drift (counted in whole steps).
    static func multiples(of step: Double, from low: Double, to high: Double) -> [Double] {
        let first = Int((low / step).rounded(.down)) + 1, last = Int((high / step).rounded(.up)) - 1
        guard first <= last else { return [] }
        return (first...last).map { Double($0) * step }
    }

    /// `120°W`, `0°`, `180°`, `35.5°N`: a meridian (continued past 180 or
    /// not) or a parallel as a place, with as many decimals as the step has.
    public func label(longitude: Double) -> String {
        let value = MapRegion.normalized(longitude)
        return Self.number(abs(value), step) + "°" + (abs(value) < 1e-9 || abs(abs(value) - 180) < 1e-9 ? "" : value < 0 ? "W" : "E")
    }

    public func label(latitude: Double) -> String {
        Self.number(abs(latitude), step) + "°" + (abs(latitude) < 1e-9 ? "" : latitude < 0 ? "S" : "N")
    }

    static func number(_ value: Double, _ step: Double) -> String {
        let decimals = step >= 1 ? 0 : step >= 0.1 ? (step == 0.25 ? 2 : 1) : 2
        return String(format: "%.\(decimals)f", value)
    }
}
