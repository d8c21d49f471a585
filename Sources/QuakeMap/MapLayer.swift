import BundledData
import Foundation

/// The line layers the map draws: coastlines at two scales, plate
/// boundaries and active faults, each a bundled file read into a
/// `LandOutline` once per process (the first use reads it; every frame
/// after draws from the polylines in memory). Provenance and licences are
/// in each file's README.md in Resources/.
public enum MapLayer: String, CaseIterable, Sendable {
    /// Natural Earth 1:110m coastlines (land_110m.txt): the world and wide views.
    case coast110
    /// Natural Earth 1:50m coastline (coast_50m.txt): regional views.
    case coast50
    /// Bird (2003) PB2002 plate boundaries (plates_pb2002.txt, ODC-By 1.0).
    case plates
    /// GEM Global Active Faults 2021 (faults_gem2021.txt, CC BY-SA 4.0,
    /// Styron & Pagani 2020).
    case faults

    /// The bundled file the layer is read from.
    public var fileName: String {
        switch self {
        case .coast110: BundledLandOutline.fileName
        case .coast50: BundledMapLayers.coast50mFileName
        case .plates: BundledMapLayers.platesFileName
        case .faults: BundledMapLayers.faultsFileName
        }
    }

    /// Where the bundled file is (its README.md is beside it).
    public var url: URL? {
        self == .coast110 ? BundledLandOutline.url : BundledMapLayers.url(fileName)
    }

    /// The layer's polylines, read on first use and kept for the process.
    public func outline() throws -> LandOutline {
        switch self {
        case .coast110: try LandOutline.bundled()
        case .coast50: try Self.coast50Read.get()
        case .plates: try Self.platesRead.get()
        case .faults: try Self.faultsRead.get()
        }
    }

    // Each read at most once, the first time it is asked for.
    private static let coast50Read = Result { try read(.coast50) }
    private static let platesRead = Result { try read(.plates) }
    private static let faultsRead = Result { try read(.faults) }

    private static func read(_ layer: MapLayer) throws -> LandOutline {
        guard let url = layer.url else {
            throw LandOutlineError(line: 0, found: "not bundled", file: layer.fileName)
        }
        do {
            return try LandOutline(text: String(contentsOf: url, encoding: .utf8))
        } catch var error as LandOutlineError {
            error.file = layer.fileName
            throw error
        }
    }

    /// Below this longitude span (degrees) the map draws the 1:50m coast.
    /// 1:110m's segments are 0.57° long (median): in a view 90° across on
    /// a 160-column map (320 dots, 0.28° a dot) they run two dots and more
    /// and show as straight strokes; 1:50m's (0.09°) stay under a dot down
    /// to a view about 30° across. Two zooms in from the world (360°, 180°,
    /// 90°) keep 1:110m; the third (45°) draws 1:50m, whose 47,000 points
    /// cost more than the 5,000 of 1:110m only where few are in view.
    public static let regionalCoastSpan = 90.0

    /// The coastline layer for a view: 1:50m when it is narrower than
    /// `regionalCoastSpan`, 1:110m otherwise.
    public static func coast(for region: MapRegion) -> MapLayer {
        region.longitudeSpan < regionalCoastSpan ? .coast50 : .coast110
    }
}
