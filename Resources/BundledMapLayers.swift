import Foundation

/// The map's line layers besides land_110m.txt, derived by
/// Tools/make-map-layers.py; each file's provenance, licence and
/// attribution are in the README.md beside it.
public enum BundledMapLayers {
    /// Natural Earth 1:50m coastline (public domain), for regional views.
    public static let coast50mFileName = "coast_50m.txt"
    /// Bird (2003) PB2002 plate boundaries (ODC-By 1.0).
    public static let platesFileName = "plates_pb2002.txt"
    /// GEM Global Active Faults 2021 (CC BY-SA 4.0, Styron & Pagani 2020).
    public static let faultsFileName = "faults_gem2021.txt"

    public static var coast50mURL: URL? { url(coast50mFileName) }
    public static var platesURL: URL? { url(platesFileName) }
    public static var faultsURL: URL? { url(faultsFileName) }

    /// Where a bundled layer is, found as the bundled feed is.
    public static func url(_ fileName: String) -> URL? {
        Bundle.module.url(forResource: (fileName as NSString).deletingPathExtension,
                          withExtension: (fileName as NSString).pathExtension)
    }
}
