import Foundation
import QuakeMap
import QuakeQuery

/// What the map draws under and between its quakes, for a view: the
/// coastlines at the view's scale, line layers (plate boundaries, faults)
/// and towns to label. The browser and `quakes-tui map` use the bundled
/// ones; tests give fixed ones.
public struct MapLayers: Sendable {
    public var coast: @Sendable (MapRegion) -> LandOutline
    public var overlays: @Sendable (MapRegion) -> [MapOverlay]
    public var towns: @Sendable (MapRegion) -> [TownLabels.Town]

    public init(coast: @escaping @Sendable (MapRegion) -> LandOutline,
                overlays: @escaping @Sendable (MapRegion) -> [MapOverlay] = { _ in [] },
                towns: @escaping @Sendable (MapRegion) -> [TownLabels.Town] = { _ in [] }) {
        self.coast = coast; self.overlays = overlays; self.towns = towns
    }

    /// One coastline at every scale and nothing else.
    public static func only(_ land: LandOutline) -> MapLayers { MapLayers(coast: { _ in land }) }

    /// The view `view` with these layers (`showsLayers` false: the coasts only).
    public func applied(to view: inout MapView, showsLayers: Bool) {
        let region = view.region
        view.land = coast(region)
        view.overlays = showsLayers ? overlays(region) : []
        view.towns = showsLayers ? towns(region) : []
    }
}

extension MapLayers {
    /// Faults are drawn in views narrower than this (degrees of longitude):
    /// at world scale their 13,696 traces are a smear over the active belts.
    public static let faultSpan = 90.0
    /// Towns are named in views narrower than this: a world map's few
    /// labels would name the largest cities, not what is near the quakes.
    public static let townSpan = 40.0
    /// Towns asked of the gazetteer per view: some will not fit.
    static let townCandidates = 4 * TownLabels.defaultLimit

    /// The bundled layers: Natural Earth's coastlines at 1:110m or 1:50m by
    /// the view's span, Bird's plate boundaries, GEM's active faults below
    /// `faultSpan`, GeoNames' towns below `townSpan`. A layer that cannot
    /// be read is left out (the `map` command checks the coastlines itself).
    public static let bundled = MapLayers(
        coast: { region in
            (try? MapLayer.coast(for: region).outline()) ?? (try? LandOutline.bundled()) ?? .none
        },
        overlays: { region in
            var overlays: [MapOverlay] = []
            if let plates = try? MapLayer.plates.outline() { overlays.append(MapOverlay(lines: plates, style: MapPalette.platesStyle)) }
            if region.longitudeSpan < faultSpan, let faults = try? MapLayer.faults.outline() {
                overlays.append(MapOverlay(lines: faults, style: MapPalette.faultsStyle))
            }
            return overlays
        },
        towns: { region in
            guard region.longitudeSpan < townSpan, case .success(let gazetteer) = Gazetteer.bundled else { return [] }
            return TownLabels.towns(in: region, from: gazetteer, limit: townCandidates)
        })

    /// Reads every bundled layer once, off the caller's thread: the first
    /// zoom into a region then does not wait for a file.
    public static func preload() {
        Thread.detachNewThread {
            for layer in MapLayer.allCases { _ = try? layer.outline() }
            _ = Gazetteer.bundled
        }
    }
}
