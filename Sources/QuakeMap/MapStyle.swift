/// How quakes are drawn (`v`, `map --style`): chosen by the data, or fixed.
/// *Density* colors each cell by how many quakes it holds, for when there
/// are more quakes than cells can show; *events* draws each quake as a
/// symbol sized by magnitude.
public enum MapStyle: String, Sendable, Hashable, CaseIterable, CyclingChoice {
    case auto, density, events

    /// Auto draws density once the cells holding quakes hold this many
    /// each on average: beyond it, symbols would hide most quakes.
    public static let densityThreshold = 10.0

    /// What `auto` is for `quakes` quakes over `cells` lit cells.
    public func resolved(quakes: Int, cells: Int) -> MapStyle {
        guard self == .auto else { return self }
        return cells > 0 && Double(quakes) / Double(cells) >= Self.densityThreshold ? .density : .events
    }
}

/// `V`: magnitude ─► depth ─► time ─► magnitude.
extension MapColoring: CyclingChoice {}

/// A choice a key goes through in its cases' order, back to the first
/// after the last (`v` auto ─► density ─► events, `m`'s panes).
public protocol CyclingChoice: CaseIterable, Equatable where AllCases.Index == Int {}

extension CyclingChoice {
    public var next: Self {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
