import QuakeQuery
import QuakeStore
import Foundation
import QuakeMap
import TerminalUI

/// The map pane, read as a GMT map is: coastlines (and, when given, plate
/// boundaries and faults) as braille lines in their own colors, a graticule
/// at round degrees with its labels on the frame, quakes as density cells
/// or as symbols sized by magnitude (`MapStyle`), the selected quake as a
/// bright marker, quakes an import just added or changed in bold; under
/// the map a legend with a scale bar, and the scale line
/// `4,711 quakes, lat -90…90, lon -180…180`. The view is true to proportion
/// at its centre latitude (`MapFrame`).
///
/// A pure function of its inputs, drawn into a rectangle of the screen:
/// the browser holds the region and the aggregate's dots; `quakes-tui map`
/// makes them once. Without colors (`colors` false) quakes are drawn with
/// glyphs no layer uses (`·` `•` `●` …, shades for density), so every quake
/// shows; outside UTF-8 quakes take `MapPalette`'s ASCII symbols and the
/// rest is sent through `ASCIIFallback`.
public struct MapView {
    public var region: MapRegion
    /// The aggregate's dots; drawn only when they were counted for the
    /// projection this rectangle gives (else the scale line says `counting…`).
    public var quakes: MapQuakes?
    /// The coastlines for this view (`MapLayer.coast(for:)`).
    public var land: LandOutline
    /// Further line layers over the coasts, under the quakes.
    public var overlays: [MapOverlay]
    /// Towns, most populous first: the first few that fit are named.
    public var towns: [TownLabels.Town]
    /// The selected quake's epicentre: the marker, when in view.
    public var selected: GeoPoint?
    /// Epicentres of quakes an import added or changed lately: their cells are bold.
    public var changed: [GeoPoint]
    /// Epicentres of quakes added a moment ago: their cells flash (reversed) once.
    public var flashing: [GeoPoint] = []
    /// Braille on a UTF-8 terminal; elsewhere `.` for lines and ASCII quakes.
    public var unicode: Bool
    /// Whether colors show: without them, quakes use glyphs of their own.
    public var colors: Bool
    /// A terminal of 256 colors: the ramps' own; else the eight named
    /// colors they fall back to, which tell fewer density classes apart.
    public var manyColors = true
    public var style: MapStyle
    /// What sets an event symbol's color; the aggregate must have been asked for it.
    public var coloring: MapColoring
    public var cellAspect: Double
    /// The browser's keys go to the map: its scale line is highlighted.
    public var focused: Bool
    /// A cross-section's line A–A′ (or only its A, while A′ is placed):
    /// drawn over the layers, under the quakes, its ends labelled.
    public var profile: MapProfileLine?

    public init(region: MapRegion = .world, quakes: MapQuakes?, land: LandOutline, overlays: [MapOverlay] = [],
                towns: [TownLabels.Town] = [], selected: GeoPoint? = nil, changed: [GeoPoint] = [], unicode: Bool,
                colors: Bool = true, style: MapStyle = .auto, coloring: MapColoring = .magnitude,
                cellAspect: Double = MapFrame.defaultCellAspect, focused: Bool = false) {
        self.region = region; self.quakes = quakes; self.land = land; self.overlays = overlays; self.towns = towns
        self.selected = selected; self.changed = changed; self.unicode = unicode; self.colors = colors
        self.style = style; self.coloring = coloring; self.cellAspect = cellAspect; self.focused = focused
    }

    /// Rows under the map: the legend (when the pane has room) and the scale line.
    public static func footerRows(in area: Rect) -> Int { area.height >= 4 ? 2 : 1 }

    /// The height of a pane with `mapRows` rows of map (`quakes-tui map --height`).
    public static func paneHeight(mapRows: Int) -> Int { mapRows + (mapRows >= 2 ? 2 : 1) }

    /// The most rows of map whose pane fits in `lines` (at least one):
    /// `paneHeight`'s inverse.
    public static func mapRows(fitting lines: Int) -> Int { lines >= 4 ? lines - 2 : 1 }

    /// Where `region` is drawn in `area`: every row but the footer's, true
    /// to proportion. Ask the aggregate for its projection.
    public static func frame(_ region: MapRegion, in area: Rect, cellAspect: Double = MapFrame.defaultCellAspect) -> MapFrame {
        MapFrame.fitting(region, columns: area.width, rows: area.height - footerRows(in: area), cellAspect: cellAspect)
    }

    public static func projection(_ region: MapRegion, in area: Rect, cellAspect: Double = MapFrame.defaultCellAspect) -> MapProjection {
        frame(region, in: area, cellAspect: cellAspect).projection
    }

    /// How many towns, the most populous named, may be labelled over
    /// density cells (on their colors): a few, so a dense region still
    /// says where it is and most of its cells stay in sight.
    public static let townsOverDensity = 3

    /// The smallest map that gets a graticule and its labels.
    public static let graticuleMinimum = (columns: 40, rows: 8)

    public static let markerStyle = Style(bold: true, reverse: true)
    /// A cross-section's line and its ends' labels, as the section pane's lines.
    public static let profileStyle = Style(foreground: .cyan, bold: true)
    public static let scaleStyle = Style(dim: true)
    public static let focusedScaleStyle = Style(reverse: true)

    public func render(in area: Rect, into screen: inout Screen) {
        guard !area.isEmpty else { return }
        let frame = Self.frame(region, in: area, cellAspect: cellAspect)
        let shown = quakes?.projection == frame.projection ? quakes : nil
        var cells = MapCells(frame: frame, origin: (area.x + frame.column, area.y + frame.row))
        // A graticule needs room: on a small map its lines and labels would be most of what shows.
        let graticule = frame.projection.columns >= Self.graticuleMinimum.columns
            && frame.projection.rows >= Self.graticuleMinimum.rows ? MapGraticule(region: frame.projection.region) : nil
        cells.drawLayers(land: land, overlays: overlays, graticule: unicode ? graticule : nil)
        if let profile { cells.drawProfileLine(profile) }
        let drawn = cells.drawQuakes(shown, style: style, coloring: coloring, colors: colors, unicode: unicode,
                                     densityClasses: MapPalette.densityClasses(colors: colors, manyColors: manyColors),
                                     changed: changed, flashing: flashing)
        cells.drawTowns(TownLabels.labels(for: towns, in: frame.projection, marker: unicode ? "◆" : "+",
                                          width: DisplayWidth.of))
        if let graticule { cells.drawTicks(graticule) }
        if let profile { cells.labelProfileLine(profile, unicode: unicode) }
        if let selected { cells.drawMarker(selected, unicode: unicode) }
        cells.flush(into: &screen, unicode: unicode)

        let scaleStyle = focused ? Self.focusedScaleStyle : Self.scaleStyle
        if Self.footerRows(in: area) == 2 {
            let legend = MapLegend(drawn: drawn, coloring: coloring, colors: colors, unicode: unicode,
                                   scaleBar: MapScaleBar(kilometresPerColumn: frame.kilometresPerColumn,
                                                         maximumColumns: min(24, area.width / 4)))
            legend.render(row: area.maxY - 2, from: area.x, width: area.width, into: &screen)
        }
        screen.fill(row: area.maxY - 1, from: area.x, to: area.maxX, style: focused ? scaleStyle : .plain)
        screen.put(scaleLine(count: shown?.count, shown: frame.projection.region), row: area.maxY - 1, column: area.x,
                   style: scaleStyle,
                   maxWidth: area.width)
    }

    /// `4,711 quakes, lat -90…90, lon -180…180`: how many quakes the map
    /// shows (`counting…` while its dots are pending) and the ranges it
    /// shows in `area` (the view fitted to the pane's proportions, which
    /// the count is of), longitudes as places (a view across the
    /// antimeridian reads `lon 170…-170`). `..` for `…` outside UTF-8.
    public func scaleLine(count: Int?, in area: Rect) -> String {
        scaleLine(count: count, shown: Self.frame(region, in: area, cellAspect: cellAspect).projection.region)
    }

    private func scaleLine(count: Int?, shown: MapRegion) -> String {
        let quakes = count.map { "\(Formatting.count($0)) \($0 == 1 ? "quake" : "quakes")" } ?? (unicode ? "counting…" : "counting...")
        return "\(quakes), " + Self.ranges(shown, unicode: unicode)
    }

    /// `lat -30…-10, lon 170…-170`: a region's ranges, longitudes as
    /// places. The scale line's, and the top line's for `R`.
    public static func ranges(_ region: MapRegion, unicode: Bool) -> String {
        let to = unicode ? "…" : ".."
        return "lat \(degrees(region.south))\(to)\(degrees(region.north)), "
            + "lon \(degrees(region.west))\(to)\(degrees(MapRegion.normalized(region.east)))"
    }

    /// Degrees to two decimals, trailing zeros dropped: `-90`, `51.5`, `0.05`.
    public static func degrees(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}

/// A cross-section's line on the map: A, and the great circle to A′ once
/// A′ is placed.
public struct MapProfileLine: Sendable, Equatable {
    public let start: GeoPoint
    public let end: GeoPoint?
    /// The great circle A–A′ as points (longitudes within −180…180).
    public let points: [GeoPoint]

    public init(start: GeoPoint, end: GeoPoint?) {
        self.start = start; self.end = end
        guard let end else { points = [start]; return }
        let profile = Profile(start: (start.latitude, start.longitude), end: (end.latitude, end.longitude), halfWidthKilometres: 0)
        // A point every 1/128 of the line: smooth at any zoom a pane allows.
        points = profile.line(segments: 128).map { point in
            GeoPoint(latitude: point.latitude, longitude: MapRegion.normalized(point.longitude))
        }
    }
}

/// A line layer drawn over the coasts (plate boundaries, faults).
public struct MapOverlay: Sendable {
    public var lines: LandOutline
    public var style: Style

    public init(lines: LandOutline, style: Style) { self.lines = lines; self.style = style }
}
