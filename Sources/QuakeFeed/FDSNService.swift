import Foundation
import QuakeStore

/// An FDSN event web service (fdsnws-event 1.2): one of the agencies
/// quakes-tui knows by name, or any base URL ending in `/fdsnws/event/1`.
/// What each named one offers was read in its documentation: whether it
/// answers `format=text`, has the `count` endpoint and takes `updatedafter`,
/// and how many events one answer may hold.
public struct FDSNService: Sendable, Equatable {
    /// `usgs`, or the base URL as given for any other service, without
    /// credentials (those stay in `baseURL`, for the requests only).
    public let name: String
    /// `https://earthquake.usgs.gov/fdsnws/event/1`, without a final `/`.
    public let baseURL: URL
    public let answersText: Bool
    public let hasCount: Bool
    public let takesUpdatedAfter: Bool
    /// The most events one answer holds, when the service says (USGS: 400
    /// above 20,000); else refusals (400, 413) alone split a window.
    public let eventLimit: Int?
    /// The service for event identity (`EventIdentity`): its name, or the
    /// known service whose host a base URL names; nil for an unknown host
    /// (then the answer's own publicIDs or Catalog column say).
    public let identity: String?

    /// The services known by name, with their documented base URLs.
    public static let known: [FDSNService] = [
        .init(name: "usgs", base: "https://earthquake.usgs.gov/fdsnws/event/1", text: true, count: true,
              updatedAfter: true, limit: 20_000),
        .init(name: "emsc", base: "https://www.seismicportal.eu/fdsnws/event/1", text: true, count: false,
              updatedAfter: true, limit: nil),
        .init(name: "gfz", base: "https://geofon.gfz.de/fdsnws/event/1", text: true, count: false,
              updatedAfter: false, limit: nil),
        .init(name: "ingv", base: "https://webservices.ingv.it/fdsnws/event/1", text: true, count: false,
              updatedAfter: true, limit: nil),
        .init(name: "isc", base: "https://www.isc.ac.uk/fdsnws/event/1", text: false, count: false,
              updatedAfter: false, limit: nil),
        .init(name: "geonet", base: "https://service.geonet.org.nz/fdsnws/event/1", text: true, count: false,
              updatedAfter: false, limit: nil),
    ]

    public static var names: [String] { known.map(\.name) }

    private init(name: String, base: String, text: Bool, count: Bool, updatedAfter: Bool, limit: Int?) {
        self.name = name
        baseURL = URL(string: base)!
        answersText = text
        hasCount = count
        takesUpdatedAfter = updatedAfter
        eventLimit = limit
        identity = name
    }

    /// `usgs` (any case) or a base URL `http(s)://host/…/fdsnws/event/1`.
    /// A URL's service is asked for its `count` (a refusal only means it has
    /// none), answers text, and is not trusted with `updatedafter`.
    public init(_ text: String) throws {
        if let service = Self.known.first(where: { $0.name == text.lowercased() }) {
            self = service
            return
        }
        let shown = URLUserInfo.removed(from: text)
        guard text.contains("/") else {
            throw FeedSourceError("unknown service '\(shown)'; services are \(Self.names.joined(separator: ", ")), "
                                  + "or a base URL ending in /fdsnws/event/1")
        }
        var trimmed = text
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        for endpoint in ["/query", "/count"] where trimmed.hasSuffix(endpoint) { trimmed.removeLast(endpoint.count) }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host?.isEmpty == false else {
            throw FeedSourceError("service URL '\(shown)' must be an http or https URL")
        }
        guard url.path.hasSuffix("/fdsnws/event/1") else {
            throw FeedSourceError("service URL '\(shown)' must end in /fdsnws/event/1")
        }
        name = URLUserInfo.removed(from: trimmed)
        baseURL = url
        answersText = true
        hasCount = true
        takesUpdatedAfter = false
        eventLimit = nil
        identity = url.host.flatMap { EventIdentity.service(fromPublicID: "x:" + $0) }
    }

    /// `…/query?…` or `…/count?…` with these parameters.
    public func url(_ endpoint: String, _ items: [URLQueryItem]) -> URL {
        var components = URLComponents(url: baseURL.appendingPathComponent(endpoint), resolvingAgainstBaseURL: false)!
        components.queryItems = items
        // `+` in a time zone or a value must reach the server as itself.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url!
    }
}
