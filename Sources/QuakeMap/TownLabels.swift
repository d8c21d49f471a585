import QuakeQuery

/// A town's name on the map: `text` from cell (`column`, `row`) rightwards,
/// the town's marker at `markerColumn` (the text's first cell, or its last
/// when the name is set to the left of it).
public struct TownLabel: Sendable, Hashable, CustomStringConvertible {
    public var column: Int
    public var row: Int
    public var text: String
    public var markerColumn: Int

    public init(column: Int, row: Int, text: String, markerColumn: Int) {
        self.column = column
        self.row = row
        self.text = text
        self.markerColumn = markerColumn
    }

    public var description: String { "(\(column), \(row), \"\(text)\")" }
}

/// Which of the largest towns in view the map names, and where: a marker
/// at the town's cell with the name after it, or before it when the name
/// would run off the right edge or into a label already placed. Towns are
/// placed most populous first; a town whose label fits neither way is left
/// out, so labels never overlap (one blank cell at least between two on a
/// row) and never leave the grid.
public enum TownLabels {
    public struct Town: Sendable, Hashable {
        public var name: String
        public var point: GeoPoint

        public init(name: String, point: GeoPoint) {
            self.name = name
            self.point = point
        }
    }

    /// How many towns a map names by default: a few, so they do not hide
    /// the quakes.
    public static let defaultLimit = 8

    /// The labels for `towns` (most populous first) on `projection`'s
    /// cells, at most `limit`. `width` is the cells a text takes (the
    /// terminal's display width; characters by default).
    public static func labels(for towns: [Town], in projection: MapProjection, limit: Int = defaultLimit,
                              marker: String = "•", width: (String) -> Int = { $0.count }) -> [TownLabel] {
        var labels: [TownLabel] = []
        // Per row, the cells taken, each span widened by the blank cell a neighbour must leave.
        var taken: [Int: [Range<Int>]] = [:]
        let markerWidth = width(marker)
        for town in towns where labels.count < limit {
            guard let dot = projection.dotIfInside(town.point) else { continue }
            let column = dot.column, row = dot.row, nameWidth = width(town.name)
            let right = column ..< column + markerWidth + nameWidth
            let left = column - nameWidth ..< column + markerWidth
            let free = { (span: Range<Int>) in
                span.lowerBound >= 0 && span.upperBound <= projection.columns
                    && !(taken[row] ?? []).contains { $0.overlaps(span.lowerBound - 1 ..< span.upperBound + 1) }
            }
            if free(right) {
                labels.append(TownLabel(column: right.lowerBound, row: row, text: marker + town.name, markerColumn: column))
                taken[row, default: []].append(right)
            } else if free(left) {
                labels.append(TownLabel(column: left.lowerBound, row: row, text: town.name + marker, markerColumn: column))
                taken[row, default: []].append(left)
            }
        }
        return labels
    }

    /// The largest towns in `region`, most populous first, at most `limit`:
    /// ask for a few times the labels wanted, as some will not fit.
    public static func towns(in region: MapRegion, from gazetteer: Gazetteer, limit: Int) -> [Town] {
        gazetteer.places(south: region.south, north: region.north, west: region.west, east: region.east, limit: limit)
            .map { Town(name: $0.name, point: $0.point) }
    }
}
