/// How quakes are drawn (`v`, `map --style`): chosen by the data, or fixed.
/// *Density* colors each cell by how many quakes it holds, for when there
/// are more quakes than cells can show; *events* draws each quake as a
/// symbol sized by magnitude.
public enum MapStyle: String, Sendable, Hashable, CaseIterable {
    case auto, density, events

    /// Auto draws density once the cells holding quakes hold this many
    /// each on average: beyond it, symbols would hide most quakes.
    public static let densityThreshold = 10.0

    /// What `auto` is for `quakes` quakes over `cells` lit cells.
    public func resolved(quakes: Int, cells: Int) -> MapStyle {
        guard self == .auto else { return self }
        return cells > 0 && Double(quakes) / Double(cells) >= Self.densityThreshold ? .density : .events
    }

    /// `v`: auto ─► density ─► events ─► auto.
    public var next: MapStyle {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}

extension MapColoring {
    /// `V`: magnitude ─► depth ─► time ─► magnitude.
    public var next: MapColoring {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
