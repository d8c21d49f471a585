import Foundation

/// `--region S,N,W,E`: a region as people write it, checked. West above
/// east crosses the antimeridian (`-25,-10,170,-170` is Fiji to Tonga).
extension MapRegion {
    public init(argument text: String) throws(RegionArgumentError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let numbers = parts.map { Double($0) }
        guard parts.count == 4, numbers.allSatisfy({ $0?.isFinite == true }) else {
            throw RegionArgumentError("expected S,N,W,E (four numbers, degrees), found '\(text)'")
        }
        try self.init(checkingSouth: numbers[0]!, north: numbers[1]!, west: numbers[2]!, east: numbers[3]!)
    }

    /// A region from four edges read from anywhere (an argument, a saved
    /// view), checked as `--region` checks them: a view file holding
    /// `1e308` must be refused, not drawn.
    public init(checkingSouth south: Double, north: Double, west: Double, east: Double) throws(RegionArgumentError) {
        guard [south, north, west, east].allSatisfy(\.isFinite) else {
            throw RegionArgumentError("expected four finite numbers, degrees")
        }
        guard (-90...90).contains(south), (-90...90).contains(north) else {
            throw RegionArgumentError("latitudes must be within -90 and 90")
        }
        guard (-180...180).contains(west), (-180...180).contains(east) else {
            throw RegionArgumentError("longitudes must be within -180 and 180")
        }
        guard north - south >= Self.minimumSpan else {
            throw RegionArgumentError("north must be above south by at least \(Self.minimumSpan)°")
        }
        let span = east >= west ? east - west : east + 360 - west
        guard span >= Self.minimumSpan else {
            throw RegionArgumentError("east must be \(Self.minimumSpan)° or more from west (west above east crosses 180°)")
        }
        self.init(south: south, north: north, west: west, east: east)
    }
}

/// Why a `--region` was refused, in words for one line.
public struct RegionArgumentError: Error, CustomStringConvertible, Equatable {
    public let description: String
    init(_ description: String) { self.description = description }
}
