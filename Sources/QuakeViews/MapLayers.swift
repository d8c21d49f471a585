import QuakeMap
import QuakeQuery

/// What the map draws under and between its quakes, for a view: the
/// coastlines at the view's scale, line layers (plate boundaries, faults)
/// and towns to label. The browser and `quakes-tui map` use the bundled
/// ones; tests give fixed ones.
public struct MapLayers: Sendable {
    public var coast: @Sendable (MapRegion) -> LandOutline
    public var overlays: @Sendable (MapRegion) -> [MapOverlay]
    public var towns: @Sendable (MapRegion) -> [MapTown]

    public init(coast: @escaping @Sendable (MapRegion) -> LandOutline,
                overlays: @escaping @Sendable (MapRegion) -> [MapOverlay] = { _ in [] },
                towns: @escaping @Sendable (MapRegion) -> [MapTown] = { _ in [] }) {
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
    /// The bundled coastlines (none when they cannot be read).
    public static let bundled = MapLayers.only((try? LandOutline.bundled()) ?? .none)
}
