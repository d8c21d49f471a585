import QuakeViews
import Foundation
import QuakeMap
import QuakeQuery

/// What the browser shows, apart from the data: filter, predicate, region,
/// sort, sections, panes, the map's view and the times' zone. The browser
/// keeps the last one per catalog and saves named ones (`w`); `list
/// --view` reads the query part. Texts, not parsed values, so a view saved
/// by one version (or with one home) reads back in another, and a part
/// that no longer parses is reported and left out, not the whole view.
public struct SavedView: Codable, Equatable, Sendable {
    /// The place filter typed after `/`.
    public var filter: String = ""
    /// The `:` predicate as written, nil for none.
    public var predicate: String?
    /// The region `R` filters to, nil when off.
    public var region: Bounds?
    /// Sort keys as `--sort` takes them: `-magnitude,time`.
    public var sort: String = "-time"
    /// Sections as `--section` takes them: `day`, nil for none.
    public var sections: String?
    /// `table`, `mapAboveTable` or `mapAlone` (`BrowsePanes`' raw values).
    public var panes: String = "table"
    /// What the map shows.
    public var map: Bounds = Bounds(MapRegion.world)
    /// Times shown in UTC rather than the local zone (`t`).
    public var utc: Bool = false
    /// The charts pane shows (`c`); nil in views saved before it existed.
    public var charts: Bool?
    /// Which charts show when not the first (`timeline`); nil for the activity and magnitudes.
    public var chartsLayout: String?
    /// The columns `-` hid, by title in lower case (`mag`, `depth`); nil
    /// when none is (and in views saved before columns could be hidden).
    public var hiddenColumns: [String]?
    /// The columns in the order `<` `>` left them, by title in lower case;
    /// nil for the usual order.
    public var columnOrder: [String]?
    /// The stored fields `+` added as columns, by name in lower case
    /// (`nst`, `horizontalerror`); nil when none is.
    public var addedColumns: [String]?

    public init() {}

    /// A region's edges, as `--region` orders them.
    public struct Bounds: Codable, Equatable, Sendable {
        public var south, north, west, east: Double

        public init(_ region: MapRegion) {
            south = region.south; north = region.north; west = region.west; east = region.east
        }

        /// The region, checked as `--region` checks one: a file may hold anything.
        public func region() throws(RegionArgumentError) -> MapRegion {
            try MapRegion(checkingSouth: south, north: north, west: west, east: east)
        }

        /// `S,N,W,E`, as `--region` takes it.
        public var argument: String { "\(south),\(north),\(west),\(east)" }
    }

    /// The predicate the view selects: its own, the filter's and the
    /// region's together, as the browser combines them. Throws the parse
    /// error of a predicate that no longer parses.
    public func combinedPredicate(home: Home?) throws -> QuakePredicate? {
        Self.selection(predicate: try predicate.map { try QuakePredicate($0, home: home) }, filter: filter,
                       region: try filterRegion())
    }

    /// What the browser selects: the user's predicate, the place filter and
    /// the map's region, all three.
    static func selection(predicate: QuakePredicate?, filter: String, region: MapRegion?) -> QuakePredicate? {
        QuakePredicate.and(QuakePredicate.and(predicate, QuakePredicate.placeContains(filter)), region?.predicate)
    }

    /// The region the view filters to, nil for none; throws for edges out of range.
    public func filterRegion() throws -> MapRegion? {
        guard let region else { return nil }
        do { return try region.region() } catch { throw SavedViewError.badRegion("region", region.argument, error) }
    }

    /// What the map shows; throws for edges out of range.
    public func mapRegion() throws -> MapRegion {
        do { return try map.region() } catch { throw SavedViewError.badRegion("map", map.argument, error) }
    }

    /// The panes; throws for a name that is not one.
    public func browsePanes() throws -> BrowsePanes {
        guard let panes = BrowsePanes(rawValue: panes) else { throw SavedViewError.unknownPanes(panes) }
        return panes
    }

    /// The charts' layout; throws for a name that is not one.
    public func chartsLayoutValue() throws -> ChartsLayout {
        guard let name = chartsLayout else { return .activity }
        guard let layout = ChartsLayout(rawValue: name) else { throw SavedViewError.unknownChartsLayout(name) }
        return layout
    }

    /// The view's sort keys; throws for keys that no longer parse.
    public func sortKeys(home: Home?) throws -> [SortKey] { try SortKey.parseList(sort, home: home) }

    /// The view's sections; throws for a name that is not a section key.
    public func sectionKey() throws -> SectionKey? {
        guard let sections else { return nil }
        guard let key = SectionKey(argument: sections) else { throw SavedViewError.unknownSections(sections) }
        return key
    }
}

/// A part of a saved view that this build cannot use.
public enum SavedViewError: Error, CustomStringConvertible, Equatable {
    case unknownSections(String)
    case unknownPanes(String)
    case unknownChartsLayout(String)
    /// The map's or the region filter's edges, refused as `--region` refuses them.
    case badRegion(String, String, RegionArgumentError)

    public var description: String {
        switch self {
        case .unknownSections(let name): "unknown sections '\(name)'"
        case .unknownPanes(let name):
            "unknown panes '\(name)' (\(BrowsePanes.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .unknownChartsLayout(let name):
            "unknown charts layout '\(name)' (\(ChartsLayout.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .badRegion(let part, let edges, let error): "\(part) \(edges): \(error)"
        }
    }
}
