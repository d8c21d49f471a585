import Foundation

/// Which of an event's origins speaks for it (the table, map, charts,
/// stats and alerts show that one), in this order:
/// 1. the first in `ranking` (the config file's `[association] preference`).
///    Its entries are services and `regional`: an authority for the place,
///    a ComCat origin whose network is not `us` (a regional network's own
///    solution: `ci`, `nc`, `ak`…), INGV's in Italy, GeoNet's in New
///    Zealand. An origin takes the better of its service's place and, when
///    it is an authority, `regional`'s; a service not listed (or an
///    authority when `regional` is not listed) comes after every listed one;
/// 2. a reviewed origin over an automatic one (USGS `status` `reviewed`,
///    QuakeML evaluation mode `manual` or status `reviewed`, `final`,
///    `confirmed`);
/// 3. the newest update; then the smaller id, so the choice never depends
///    on the order origins arrived in.
public struct OriginPreference: Sendable, Hashable {
    /// Services (`EventIdentity` names) and `regional`, most trusted first.
    public var ranking: [String]

    public init(ranking: [String] = OriginPreference.defaultRanking) { self.ranking = ranking }

    /// The ranking's entry that stands for the region's own agency.
    public static let regional = "regional"

    public static let defaultRanking = [regional, "usgs", "emsc", "gfz", "isc", "ingv", "geonet", "iris"]

    /// Regions whose own agency's solution comes first: latitude and
    /// longitude ranges, in degrees.
    static let authorities: [(service: String, latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>)] = [
        ("ingv", 35.0...48.0, 6.0...19.0),
        ("geonet", -52.0 ... -29.0, 160.0...180.0),
        ("geonet", -52.0 ... -29.0, -180.0 ... -175.0),
    ]

    /// The origin that speaks for an event of these origins (not empty).
    func preferred(among origins: [StoredOrigin]) -> StoredOrigin {
        origins.min { rank($0) < rank($1) }!
    }

    /// Smaller is preferred; compared part by part.
    private func rank(_ origin: StoredOrigin) -> (Int, Int, Int64, String) {
        let asService = ranking.firstIndex(of: origin.provider) ?? ranking.count
        let asAuthority = isAuthority(origin) ? ranking.firstIndex(of: Self.regional) ?? ranking.count : ranking.count
        return (min(asService, asAuthority), isReviewed(origin) ? 0 : 1, -origin.updated, origin.id)
    }

    func isAuthority(_ origin: StoredOrigin) -> Bool {
        if origin.provider == EventIdentity.comCat { return !origin.net.isEmpty && origin.net.lowercased() != "us" }
        return Self.authorities.contains {
            $0.service == origin.provider && $0.latitudes.contains(origin.latitude) && $0.longitudes.contains(origin.longitude)
        }
    }

    func isReviewed(_ origin: StoredOrigin) -> Bool {
        origin.status.lowercased() == "reviewed" || origin.evaluationMode?.lowercased() == "manual"
            || ["reviewed", "final", "confirmed"].contains(origin.evaluationStatus?.lowercased() ?? "")
    }
}
