import QuakeMap
import QuakeQuery
import QuakeViews
import TerminalUI

/// The map's part of the browse state: which panes show and which has the
/// focus, the view, the dots last counted, and the region `R` filters to.
/// `BrowserModel` holds it and changes it only while handling events; the
/// map's keys are here so that file stays about the table.
public struct MapState: Equatable, Sendable {
    public enum Focus: Sendable, Equatable { case table, map }

    public private(set) var panes: BrowsePanes = .table
    public private(set) var focus: Focus = .table
    /// What the map shows; the world until zoomed, panned or fitted.
    public private(set) var region: MapRegion = .world
    /// The newest aggregate's dots: drawn only while the view and the pane
    /// are the ones they were counted for (`MapQuakes.projection`).
    public private(set) var quakes: MapQuakes?
    /// The region `R` filters the results to, nil when off.
    public private(set) var regionFilter: MapRegion?
    /// `v`: quakes as density, events, or as the data says.
    public private(set) var style: MapStyle = .auto
    /// `V`: what colors the events (the aggregate is asked for its measure).
    public private(set) var coloring: MapColoring = .magnitude
    /// `L`: plate boundaries, faults and towns over the coasts.
    public private(set) var showsLayers = true
    /// A character cell's height over its width (the config file's `map.cell-aspect`).
    public var cellAspect = MapFrame.defaultCellAspect

    public var isShown: Bool { panes != .table }
    /// Whether map keys go to the map: it shows and has the focus.
    public var isFocused: Bool { isShown && focus == .map }

    /// `m`: table ─► map above the table ─► map alone ─► table. The map
    /// takes the focus when it appears (that is what `m` was pressed for);
    /// the table gets it back when the map goes.
    mutating func cycleLayout() {
        panes = panes.next
        focus = panes == .table ? .table : .map
    }

    /// `Tab`, or a click in a pane: only while both show.
    mutating func setFocus(_ pane: Focus) {
        if panes == .mapAboveTable { focus = pane }
    }

    mutating func switchFocus() { setFocus(focus == .map ? .table : .map) }

    /// What a key did to the map.
    enum KeyOutcome: Equatable {
        /// The view moved (zoom, pan) or nothing needed doing.
        case handled
        /// `0`: the results' bounding box is to be asked for.
        case fit
        /// Not a map key: the table's handling applies.
        case notAMapKey
    }

    /// A command while the map has the focus: zoom by 2 around the
    /// selected quake (the centre when it is out of view), pan a quarter,
    /// centre on the selected quake, or fit (which the caller asks of the controller).
    ///
    /// `area`: the map's pane. The view moves from what it shows there
    /// (the region fitted to the pane's proportions), so `+` halves what
    /// is on screen, not a region a wide pane showed wider.
    mutating func perform(_ command: KeyCommand, around selected: GeoPoint?, in area: Rect? = nil) -> KeyOutcome {
        switch command {
        case .zoomIn, .zoomOut, .panWest, .panEast, .panNorth, .panSouth, .centreMap: settle(in: area)
        default: break
        }
        switch command {
        case .zoomIn: zoom(by: 2, around: selected ?? region.center)
        case .zoomOut: zoom(by: 0.5, around: selected ?? region.center)
        case .panWest: region = region.panned(.west)
        case .panEast: region = region.panned(.east)
        case .panNorth: region = region.panned(.north)
        case .panSouth: region = region.panned(.south)
        case .fitMap: return .fit
        case .centreMap: if let selected { region = region.centred(on: selected) }
        case .cycleMapStyle: style = style.next
        case .cycleMapColoring: coloring = coloring.next
        case .toggleMapLayers: showsLayers.toggle()
        default: return .notAMapKey
        }
        return .handled
    }

    /// A saved view's panes, map view and region filter. The map takes
    /// the focus when it shows, as after `m`.
    mutating func restore(panes: BrowsePanes, region: MapRegion, regionFilter: MapRegion?) {
        self.panes = panes
        focus = panes == .table ? .table : .map
        self.region = region
        self.regionFilter = regionFilter
    }

    mutating func zoom(by factor: Double, around point: GeoPoint, in area: Rect? = nil) {
        settle(in: area)
        region = region.zoomed(by: factor, around: point)
    }

    /// The view becomes what the pane shows of it.
    private mutating func settle(in area: Rect?) {
        guard let area, !area.isEmpty else { return }
        region = MapView.frame(region, in: area, cellAspect: cellAspect).projection.region
    }

    /// A map aggregate arrived: its dots, if it is a map's.
    mutating func received(_ result: AggregateResult) {
        if let dots = MapAggregate.quakes(result) { quakes = dots }
    }

    /// The results' bounding box arrived (`MapFit.request`): the view that
    /// shows them on `area`'s dots. No results leave the view as it is.
    mutating func fit(_ result: AggregateResult, in area: Rect?) {
        guard let area else { return }
        // The whole pane's cells: the frame then widens the box to the pane's proportions.
        let rows = area.height - MapView.footerRows(in: area)
        if let fitted = MapFit.region(result, columns: area.width, rows: rows) { region = fitted }
    }

    /// `R`: the region on screen as a filter, or the filter off. False when
    /// nothing changed (the map is hidden, or shows the whole world).
    /// `area`: the map's pane: the region filtered to is the one it shows.
    mutating func toggleRegionFilter(in area: Rect? = nil) -> Bool {
        if regionFilter != nil {
            regionFilter = nil
            return true
        }
        guard isShown else { return false }
        settle(in: area)
        guard region.predicate != nil else { return false }
        regionFilter = region
        return true
    }

    /// Undo and redo: the region filter as it was.
    mutating func setRegionFilter(_ region: MapRegion?) { regionFilter = region }

    /// The aggregate the map pane in `area` needs, nil when it is hidden.
    func request(in area: Rect?) -> AggregateRequest? {
        guard isShown, let area, !area.isEmpty else { return nil }
        return MapAggregate.request(for: MapView.projection(region, in: area, cellAspect: cellAspect), coloring: coloring)
    }

    /// A character cell's larger side in degrees: how far round a click
    /// to look for a quake first.
    func cellSize(in area: Rect) -> Double {
        let projection = MapView.projection(region, in: area, cellAspect: cellAspect)
        return max(region.longitudeSpan / Double(max(1, projection.columns)),
                   region.latitudeSpan / Double(max(1, projection.rows)))
    }

    /// Where a cell of the map's dots points: a click, the wheel.
    /// `column` and `row` count from the pane's corner; the map may sit
    /// inside it (`MapFrame`), and a point beside it is the nearest edge's.
    func point(column: Int, row: Int, in area: Rect) -> GeoPoint {
        let frame = MapView.frame(region, in: area, cellAspect: cellAspect)
        let inside = (column: min(max(0, column - frame.column), frame.projection.columns - 1),
                      row: min(max(0, row - frame.row), frame.projection.rows - 1))
        return frame.projection.point(column: inside.column, row: inside.row)
    }
}
