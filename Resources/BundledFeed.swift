import Foundation

/// The real USGS feed shipped with quakes-tui (public domain): the week of
/// quakes up to 2018-06-14, 4,711 events. A new catalog is seeded from it.
public enum BundledFeed {
    public static let fileName = "all_week_2018-06-14.geojson"

    /// Where the feed is, however the binary was started: SwiftPM's resource
    /// bundle sits next to the built executable (`make run`, `swift run`, or
    /// the binary's own path).
    public static var url: URL? {
        Bundle.module.url(forResource: "all_week_2018-06-14", withExtension: "geojson")
    }
}
