import Foundation
import QuakeQuery
import QuakeStore

/// Where a view is drawn in a pane, true to proportion: a kilometre across
/// is as long on screen as a kilometre down at the view's centre latitude.
/// The view asked for is widened along one axis to the pane's shape; when
/// that would pass the globe (a world view in a wide pane), the map takes
/// fewer cells instead and sits in the middle of the pane (letterboxed).
///
/// Cells are `cellAspect` times as tall as wide (2 by default: most
/// terminal fonts; the config file's `map.cell-aspect` says otherwise).
/// In `cellAspect` units a cell spans `lonSpan·cos(φ)/columns` across and
/// `latSpan/rows` down per aspect; the frame makes the two equal.
public struct MapFrame: Sendable, Hashable {
    /// The region shown and its cells: what the aggregate is asked for.
    public let projection: MapProjection
    /// The map's first cell from the pane's top-left corner.
    public let column: Int
    public let row: Int

    public static let defaultCellAspect = 2.0
    /// Cosines are taken no nearer the poles than this: a polar view is
    /// not stretched without end.
    static let latitudeLimit = 85.0

    public init(projection: MapProjection, column: Int = 0, row: Int = 0) {
        self.projection = projection; self.column = column; self.row = row
    }

    /// The frame of `region` in a pane of `columns`×`rows` cells.
    public static func fitting(_ region: MapRegion, columns: Int, rows: Int,
                               cellAspect: Double = defaultCellAspect) -> MapFrame {
        guard columns > 0, rows > 0, cellAspect > 0, cellAspect.isFinite else {
            return MapFrame(projection: MapProjection(region: region, columns: columns, rows: rows))
        }
        let centre = region.south + region.latitudeSpan / 2
        let shrink = cos(min(latitudeLimit, abs(centre)) * .pi / 180)
        // Screen units per degree that fit the region whole in the pane.
        let scale = min(Double(columns) / (region.longitudeSpan * shrink),
                        Double(rows) * cellAspect / region.latitudeSpan)
        var longitudeSpan = Double(columns) / (scale * shrink), latitudeSpan = Double(rows) * cellAspect / scale
        var used = (columns: columns, rows: rows)
        if longitudeSpan > 360 {
            longitudeSpan = 360
            used.columns = max(1, min(columns, Int((360 * shrink * scale).rounded())))
        }
        if latitudeSpan > 180 {
            latitudeSpan = 180
            used.rows = max(1, min(rows, Int((180 * scale / cellAspect).rounded())))
        }
        let middle = region.west + region.longitudeSpan / 2
        let shown = MapRegion(south: centre - latitudeSpan / 2, north: centre + latitudeSpan / 2,
                              west: middle - longitudeSpan / 2, east: middle + longitudeSpan / 2)
        return MapFrame(projection: MapProjection(region: shown, columns: used.columns, rows: used.rows),
                        column: (columns - used.columns) / 2, row: (rows - used.rows) / 2)
    }

    /// Kilometres one cell spans across at the centre latitude (the scale bar's unit).
    public var kilometresPerColumn: Double {
        let region = projection.region, centre = region.center
        let step = region.longitudeSpan / Double(max(1, projection.columns))
        return GreatCircle.distanceKilometres(centre.latitude, 0, centre.latitude, step)
    }
}
