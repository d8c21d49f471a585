import QuakeQuery
import Foundation
import QuakeMap
import TerminalUI

/// The map pane: land outlines in dim braille dots, each quake the
/// configuration selects as a dot at its epicentre (`MapProjection`'s
/// formula), colored on the table's magnitude scale (the largest
/// magnitude in a character cell sets its color), the selected quake as a
/// bright marker, quakes an import just added or changed in bold, and under
/// it all a scale line: `4,711 quakes, lat -90…90, lon -180…180`.
///
/// A pure function of its inputs, drawn into a rectangle of the screen:
/// the browser holds the region and the aggregate's dots; `quakes-tui map`
/// makes them once. Outside UTF-8 the plain form is drawn: `*` for a cell
/// with quakes, `.` for land, `@` for the selected quake. Colors are
/// always set; a terminal under `NO_COLOR` drops them, and dim land and
/// plain quake dots still differ.
public struct MapView {
    public var region: MapRegion
    /// The aggregate's dots; drawn only when they were counted for the
    /// projection this rectangle gives (else the scale line says `counting…`).
    public var quakes: MapQuakes?
    public var land: LandOutline
    /// The selected quake's epicentre: the marker, when in view.
    public var selected: GeoPoint?
    /// Epicentres of quakes an import added or changed lately: their cells are bold.
    public var changed: [GeoPoint]
    /// Braille on a UTF-8 terminal; `*` and `.` elsewhere.
    public var unicode: Bool
    /// The browser's keys go to the map: its scale line is highlighted.
    public var focused: Bool

    public init(region: MapRegion = .world, quakes: MapQuakes?, land: LandOutline, selected: GeoPoint? = nil,
                changed: [GeoPoint] = [], unicode: Bool, focused: Bool = false) {
        self.region = region; self.quakes = quakes; self.land = land
        self.selected = selected; self.changed = changed; self.unicode = unicode; self.focused = focused
    }

    /// The projection of `region` onto `area`: every row but the last,
    /// which holds the scale line. Ask the aggregate for this projection.
    public static func projection(_ region: MapRegion, in area: Rect) -> MapProjection {
        MapProjection(region: region, columns: area.width, rows: area.height - 1)
    }

    public static let landStyle = Style(dim: true)
    public static let markerStyle = Style(bold: true, reverse: true)
    public static let scaleStyle = Style(dim: true)
    public static let focusedScaleStyle = Style(reverse: true)

    public func render(in area: Rect, into screen: inout Screen) {
        guard !area.isEmpty else { return }
        let projection = Self.projection(region, in: area)
        let columns = projection.columns, rows = projection.rows
        var landDots = BrailleCanvas(columns: columns, rows: rows)
        for dot in land.dots(in: projection) { landDots.set(x: dot.x, y: dot.y) }

        let shown = quakes?.projection == projection ? quakes : nil
        var quakeDots = BrailleCanvas(columns: columns, rows: rows)
        // A cell holds quakes when it has an entry; its value is their largest known magnitude.
        var largest: [Int: Double?] = [:]
        for quake in shown?.dots ?? [] {
            quakeDots.set(x: quake.dot.x, y: quake.dot.y)
            let cell = quake.dot.row * columns + quake.dot.column
            let known = [largest[cell] ?? nil, quake.magnitude].compactMap { $0 }.max()
            largest[cell] = .some(known)
        }
        let changedCells = Set(changed.compactMap(projection.dotIfInside).map { $0.row * columns + $0.column })
        let marker = selected.flatMap(projection.dotIfInside)

        for row in 0..<rows {
            for column in 0..<columns {
                let cell = row * columns + column
                let quakeMask = quakeDots.mask(column: column, row: row)
                var text = " ", style = Style.plain
                if let marker, marker.column == column, marker.row == row {
                    text = unicode ? String(BrailleCanvas.character(quakeMask | BrailleCanvas.bit(x: marker.x, y: marker.y))) : "@"
                    style = Self.markerStyle
                } else if let magnitude = largest[cell] {
                    // Land dots are left out of a quake's cell: its dots are all quakes.
                    text = unicode ? String(BrailleCanvas.character(quakeMask)) : "*"
                    style = Style(foreground: Formatting.color(forMagnitude: magnitude), bold: changedCells.contains(cell))
                } else if case let landMask = landDots.mask(column: column, row: row), landMask != 0 {
                    text = unicode ? String(BrailleCanvas.character(landMask)) : "."
                    style = Self.landStyle
                }
                screen.put(text, row: area.y + row, column: area.x + column, style: style)
            }
        }
        let scaleStyle = focused ? Self.focusedScaleStyle : Self.scaleStyle
        screen.fill(row: area.maxY - 1, from: area.x, to: area.maxX, style: focused ? scaleStyle : .plain)
        screen.put(scaleLine(count: shown?.count), row: area.maxY - 1, column: area.x, style: scaleStyle,
                   maxWidth: area.width)
    }

    /// `4,711 quakes, lat -90…90, lon -180…180`: how many quakes the map
    /// shows (`counting…` while its dots are pending) and the view's
    /// ranges, longitudes as places (a view across the antimeridian reads
    /// `lon 170…-170`). `..` for `…` outside UTF-8.
    public func scaleLine(count: Int?) -> String {
        let quakes = count.map { "\(Formatting.count($0)) \($0 == 1 ? "quake" : "quakes")" } ?? (unicode ? "counting…" : "counting...")
        return "\(quakes), " + Self.ranges(region, unicode: unicode)
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
