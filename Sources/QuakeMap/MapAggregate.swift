import QuakeQuery

/// The quakes a map shows, one entry per lit dot, from an SQL aggregate:
/// the map never reads rows. `projection` is the one the aggregate was
/// asked for; its dots belong to that grid and that region only.
public struct MapQuakes: Sendable, Equatable {
    public let projection: MapProjection
    /// What the dots' `value` is: nothing (by magnitude), the deepest
    /// depth, or the newest time.
    public let coloring: MapColoring
    /// Every lit dot once, top to bottom then left to right.
    public let dots: [MapDot]

    public init(projection: MapProjection, coloring: MapColoring = .magnitude, dots: [MapDot]) {
        self.projection = projection
        self.coloring = coloring
        self.dots = dots.sorted { ($0.dot.y, $0.dot.x) < ($1.dot.y, $1.dot.x) }
    }

    /// How many quakes the map shows: every quake in the region.
    public var count: Int { dots.reduce(0) { $0 + $1.count } }
}

/// One lit dot: how many quakes it holds and the band of the largest
/// magnitude among them, rounded down (what sets its color; nil when every
/// one is unknown).
public struct MapDot: Sendable, Hashable {
    public let dot: Dot
    public let count: Int
    public let magnitude: Double?
    /// Colored by depth: the deepest (km); by time: the newest (epoch ms).
    public let value: Double?

    public init(dot: Dot, count: Int, magnitude: Double?, value: Double? = nil) {
        self.dot = dot; self.count = count; self.magnitude = magnitude; self.value = value
    }
}

/// What sets an event symbol's color (`V`, `map --color-by`): its
/// magnitude (the size says it too), its depth (the deepest in the dot,
/// on a slab's ramp), or its time (the newest, oldest to newest in view).
public enum MapColoring: String, Sendable, Hashable, CaseIterable {
    case magnitude, depth, time

    /// The measure the aggregate adds for it, besides the largest band.
    var measure: AggregateMeasure? {
        switch self {
        case .magnitude: nil
        case .depth: .max(.depth)
        case .time: .max(.time)
        }
    }
}

/// The map's aggregate: a projection as an `AggregateRequest` (one group
/// per dot, the largest band, the view as the restriction) and its
/// result as dots. Ask the controller with `onAggregate(request(for:))`
/// (kept current as the configuration and the data change) or
/// `aggregate(_:)` once (`quakes-tui map`).
public enum MapAggregate {
    /// Rows of dots from the north, columns of dots from the west, exactly
    /// as `MapProjection.dot` numbers them (`AggregateGroup.grid` computes
    /// its formula in the same order), restricted to the view, with the
    /// largest band: a map of many quakes is counted from kept cells, which
    /// hold bands (see `KeptCellAggregate`).
    /// Colored by depth or time, the dot's deepest depth or newest time is
    /// asked for too (then counted from rows: kept cells hold bands only).
    public static func request(for projection: MapProjection, coloring: MapColoring = .magnitude) -> AggregateRequest {
        let region = projection.region
        return AggregateRequest(
            groups: [.grid(.latitude, from: region.north, to: region.south, count: projection.dotsDown),
                     .grid(.longitude, from: region.west, to: region.east, count: projection.dotsAcross, period: 360)],
            measures: [.maxWhole(.magnitude)] + (coloring.measure.map { [$0] } ?? []),
            restriction: region.predicate)
    }

    /// The coloring a map's request was made for.
    static func coloring(of request: AggregateRequest) -> MapColoring? {
        MapColoring.allCases.first { [.maxWhole(.magnitude)] + ($0.measure.map { [$0] } ?? []) == request.measures }
    }

    /// The projection a map's request was made for, nil for any other
    /// request: a result handed over later (an observation whose request
    /// has changed since) says itself which grid its dots are on.
    public static func projection(of request: AggregateRequest) -> MapProjection? {
        guard request.groups.count == 2, let coloring = coloring(of: request),
              case .grid(.latitude, let north, let south, let down, nil) = request.groups[0],
              case .grid(.longitude, let west, let east, let across, 360?) = request.groups[1],
              down % 4 == 0, across % 2 == 0 else { return nil }
        let projection = MapProjection(region: MapRegion(south: south, north: north, west: west, east: east),
                                       columns: across / 2, rows: down / 4)
        return self.request(for: projection, coloring: coloring) == request ? projection : nil
    }

    /// The dots of a map's aggregate result, on the grid its request names.
    public static func quakes(_ result: AggregateResult) -> MapQuakes? {
        projection(of: result.request).map { quakes(result, projection: $0) }
    }

    /// The dots of a result of `request(for: projection)`: keys on the
    /// south or east edge (a quake at exactly `s` or `e`) are clamped into
    /// the grid, as the projection clamps them, and merged with the dot
    /// already there.
    public static func quakes(_ result: AggregateResult, projection: MapProjection) -> MapQuakes {
        let coloring = coloring(of: result.request) ?? .magnitude
        var merged: [Dot: (count: Int, magnitude: Double?, value: Double?)] = [:]
        for row in result.rows {
            guard let y = row.index(0), let x = row.index(1) else { continue }
            let dot = Dot(x: MapProjection.clamp(Double(x), below: projection.dotsAcross),
                          y: MapProjection.clamp(Double(y), below: projection.dotsDown))
            let magnitude = row.number(0), value = coloring == .magnitude ? nil : row.number(1)
            if let old = merged[dot] {
                merged[dot] = (old.count + row.count, [old.magnitude, magnitude].compactMap { $0 }.max(),
                               [old.value, value].compactMap { $0 }.max())
            } else {
                merged[dot] = (row.count, magnitude, value)
            }
        }
        return MapQuakes(projection: projection, coloring: coloring, dots: merged.map {
            MapDot(dot: $0.key, count: $0.value.count, magnitude: $0.value.magnitude, value: $0.value.value)
        })
    }
}
