import QuakeQuery
import QuakeStore
import QuakeViews
import TerminalUI

/// The section pane's part of the browse state: the line A–A′ (`x` at a
/// quake sets A, `x` at another sets A′ and shows the pane, `x` again
/// closes it; on the map, `x` then two clicks place A and A′ where
/// clicked, and a click places A′ once A is set), its half-width, and the
/// quakes of the results in it, asked for again when the results or the
/// line change (as the charts are).
public struct SectionState: Equatable, Sendable {
    public private(set) var start: GeoPoint?
    public private(set) var end: GeoPoint?
    public var halfWidthKilometres = 100.0
    /// `=`: filling the pane both ways rather than true to scale.
    public var isStretched = false
    /// The quakes of the line asked for last (or, beyond `readLimit` in
    /// its box, its cubes counted); nil while they are counted.
    public private(set) var contents: SectionContents?
    public private(set) var failure: String?
    /// `x` on the map: the next clicks on the map place A, then A′.
    public private(set) var isPlacingByClicks = false
    private var asked: Ask?
    /// The most quakes of the box read one by one for the pane: beyond, the
    /// section is counted in cubes (`SectionQuery.contents`).
    public static let readLimit = 200_000

    struct Ask: Equatable, Sendable {
        let selection: QuakePredicate?
        let dataVersion: Int
        let profile: Profile
        let times: Bool
    }

    public init() {}

    /// A section shown from the start (`--profile`).
    public init(_ profile: Profile) {
        start = GeoPoint(latitude: profile.start.latitude, longitude: profile.start.longitude)
        end = GeoPoint(latitude: profile.end.latitude, longitude: profile.end.longitude)
        halfWidthKilometres = profile.halfWidthKilometres
    }

    public var profile: Profile? {
        guard let start, let end else { return nil }
        return Profile(start: (start.latitude, start.longitude), end: (end.latitude, end.longitude),
                       halfWidthKilometres: halfWidthKilometres)
    }

    public var isShown: Bool { profile != nil }

    /// Whether a click on the map places a point rather than picking a
    /// quake: after `x` on the map, or while A waits for its A′.
    public var takesClicks: Bool { isPlacingByClicks || (start != nil && end == nil) }

    /// `x` with the map's focus: the clicks place A and A′ (a section
    /// shown is closed instead, as `x` closes it from the table).
    mutating func placeByClicks() -> String {
        if isShown { self = SectionState(); return "section closed" }
        isPlacingByClicks = true
        return start == nil ? "section: click A on the map, then A′" : "section: click A′ on the map"
    }

    /// `x` at `point`: A, then A′, then closed. Returns what the bottom line says.
    mutating func mark(_ point: GeoPoint) -> String {
        if start == nil {
            start = point
            return "section: A at \(point); " + (isPlacingByClicks ? "click A′ on the map" : "x at another quake sets A′ (or click it)")
        }
        if end == nil {
            guard GreatCircle.distanceKilometres(start!.latitude, start!.longitude, point.latitude, point.longitude) >= 1 else {
                return "section: A′ must be another place than A"
            }
            end = point
            isPlacingByClicks = false
            return "section A–A′ ±\(Int(halfWidthKilometres)) km; x closes it"
        }
        self = SectionState()
        return "section closed"
    }

    /// The line to read the results' quakes for, when the pane shows and
    /// the results (complete), the line or whether times are read (to
    /// color by time) changed since the last ask.
    mutating func ask(for page: ResultsPage?, times: Bool) -> Profile? {
        guard let profile, let page, page.isComplete else { return nil }
        let ask = Ask(selection: page.configuration.predicate, dataVersion: page.dataVersion, profile: profile, times: times)
        guard ask != asked else { return nil }
        asked = ask
        contents = nil
        failure = nil
        return profile
    }

    mutating func received(_ contents: SectionContents, for profile: Profile) {
        guard profile == self.profile else { return }
        self.contents = contents
    }

    mutating func failed(_ error: any Error) { failure = "\(error)" }
}
