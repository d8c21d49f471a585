import Foundation

/// The places `DISTANCE("Anchorage")` knows: GeoNames' 34,006 places of
/// 15,000 people or more, reduced by Scripts/derive-gazetteer.sh to name,
/// coordinates and country. Place data © GeoNames, CC BY 4.0.
public enum BundledGazetteer {
    public static let fileName = "gazetteer_cities15000.tsv"

    /// Where the place list is, beside the built executable as the feed is.
    public static var url: URL? {
        Bundle.module.url(forResource: "gazetteer_cities15000", withExtension: "tsv")
    }
}
