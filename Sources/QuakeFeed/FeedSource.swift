import Foundation

/// Where a fetch reads from: one of USGS's summary feeds by name, or any
/// URL (http, https or file) serving a GeoJSON FeatureCollection.
public struct FeedSource: Sendable, Equatable, CustomStringConvertible {
    public let url: URL

    public init(url: URL) { self.url = url }

    /// `all_day` and the other USGS summary feeds.
    public static let defaultFeedName = "all_day"
    public static let summaryBase = "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/"

    /// `{significant,4.5,2.5,1.0,all}_{hour,day,week,month}`
    public static let feedNames: [String] = ["significant", "4.5", "2.5", "1.0", "all"].flatMap { level in
        ["hour", "day", "week", "month"].map { "\(level)_\($0)" }
    }

    public static let `default` = try! FeedSource(feedName: defaultFeedName)

    /// A USGS summary feed by name (`4.5_week`); `.geojson` may be appended.
    public init(feedName: String) throws {
        let name = feedName.hasSuffix(".geojson") ? String(feedName.dropLast(8)) : feedName
        guard Self.feedNames.contains(name) else {
            throw FeedSourceError("unknown feed '\(feedName)'; feeds are \(Self.feedNames.joined(separator: ", "))")
        }
        url = URL(string: Self.summaryBase + name + ".geojson")!
    }

    /// An http, https or file URL; a plain path is taken as a file.
    public init(urlString: String) throws {
        if let url = URL(string: urlString), let scheme = url.scheme?.lowercased() {
            guard ["http", "https", "file"].contains(scheme) else {
                throw FeedSourceError("unsupported URL '\(urlString)': use http, https or file")
            }
            guard scheme == "file" || url.host?.isEmpty == false else {
                throw FeedSourceError("URL '\(urlString)' has no host")
            }
            self.url = url
        } else if urlString.hasPrefix("/") || urlString.hasPrefix(".") {
            self.url = URL(fileURLWithPath: urlString)
        } else {
            throw FeedSourceError("not a URL: '\(urlString)'")
        }
    }

    /// `--feed NAME` or `--url URL` (not both), else the default feed.
    public init(feedName: String?, urlString: String?) throws {
        switch (feedName, urlString) {
        case (let name?, nil): try self.init(feedName: name)
        case (nil, let url?): try self.init(urlString: url)
        case (nil, nil): self = .default
        case (_?, _?): throw FeedSourceError("give --feed or --url, not both")
        }
    }

    public var description: String { url.isFileURL ? url.path : url.absoluteString }
}

public struct FeedSourceError: Error, CustomStringConvertible, Equatable {
    public let description: String
    init(_ description: String) { self.description = description }
}
