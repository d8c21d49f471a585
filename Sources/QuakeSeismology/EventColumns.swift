/// The events an analysis reads, as columns (never one object per quake):
/// index i of every array is one event. Times in seconds since 1970 (UTC),
/// degrees, kilometres down (positive below sea level), magnitudes.
public struct EventColumns: Sendable, Equatable {
    public var times: [Double]
    public var latitudes: [Double]
    public var longitudes: [Double]
    public var depths: [Double]
    public var magnitudes: [Double]

    public init(times: [Double], latitudes: [Double], longitudes: [Double], depths: [Double], magnitudes: [Double]) {
        precondition(latitudes.count == times.count && longitudes.count == times.count
                     && depths.count == times.count && magnitudes.count == times.count,
                     "EventColumns: every column has one value per event")
        self.times = times
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.depths = depths
        self.magnitudes = magnitudes
    }

    public var count: Int { times.count }
}
