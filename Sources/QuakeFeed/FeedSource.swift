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

    /// An http, https or file URL; anything without a scheme is a path,
    /// relative to the current folder unless it starts with `/`.
    public init(urlString: String) throws {
        guard !urlString.isEmpty else { throw FeedSourceError("not a URL: ''") }
        let shown = URLUserInfo.removed(from: urlString)
        guard let url = URL(string: urlString), let scheme = url.scheme?.lowercased() else {
            url = URL(fileURLWithPath: urlString).standardizedFileURL
            return
        }
        guard ["http", "https", "file"].contains(scheme) else {
            throw FeedSourceError("unsupported URL '\(shown)': use http, https or file")
        }
        if scheme == "file", !url.path.hasPrefix("/") {
            // `file:all_day.geojson` names a file in the current folder: kept
            // absolute, so a source remembered by sync is found from anywhere.
            self.url = URL(fileURLWithPath: url.path).standardizedFileURL
            return
        }
        guard scheme == "file" || url.host?.isEmpty == false else {
            throw FeedSourceError("URL '\(shown)' has no host")
        }
        if let host = url.host, host.contains(":"), Self.loopbackRequestURL(url) == nil {
            throw FeedSourceError("URL '\(shown)': IPv6 addresses other than [::1] cannot be fetched "
                                  + "(FoundationNetworking refuses them on Linux); use a host name")
        }
        // URLSession picks its protocol by the scheme as written: `HTTP://` would
        // fail late as "unsupported URL". Schemes are case-insensitive (RFC 3986).
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.scheme = scheme
        guard let normalized = components?.url else { throw FeedSourceError("not a URL: '\(shown)'") }
        self.url = normalized
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

    /// The path of a file, else the URL without its credentials, if any:
    /// what every message and the catalog say.
    public var description: String { url.isFileURL ? url.path : URLUserInfo.removed(from: url.absoluteString) }

    /// What URLSession is asked for: `url`, except that `[::1]` becomes
    /// `localhost` (which curl tries over IPv6 as well as IPv4).
    /// FoundationNetworking on Linux fails any IPv6 literal with "bad URL":
    /// it compares URL's host `::1` with curl's `[::1]`
    /// (swift-corelibs-foundation issue 5496).
    public var requestURL: URL { Self.loopbackRequestURL(url) ?? url }

    private static func loopbackRequestURL(_ url: URL) -> URL? {
        guard let host = url.host, host.contains(":") else { return nil }
        var address = in6_addr()
        guard inet_pton(AF_INET6, host, &address) == 1,
              withUnsafeBytes(of: &address, { Array($0) }) == Array(repeating: 0, count: 15) + [1] else { return nil }
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.host = "localhost"
        return components?.url
    }
}

public struct FeedSourceError: Error, CustomStringConvertible, Equatable {
    public let description: String
    init(_ description: String) { self.description = description }
}
