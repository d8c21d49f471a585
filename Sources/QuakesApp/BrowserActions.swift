import Foundation
import QuakeMap
import QuakeQuery

/// What the state asks of the world; the answers come back as events.
public struct BrowserActions {
    /// Tells the controller which quake to locate in its next results.
    var track: (String?) -> Void
    /// Starts a refresh of the feed (`r`); nil when the browser has no feed.
    var refresh: (() -> Void)?
    /// Starts deleting quakes in the background.
    var delete: (_ ids: [String], _ title: String) -> Void
    /// Keeps the map's aggregate computed for this request, posted as
    /// `.mapAggregate`; nil: the map is hidden, stop computing it.
    var observeMap: (AggregateRequest?) -> Void
    /// Asks for the results' bounding box (`0`), posted as `.mapFit`.
    var fitMap: () -> Void
    /// Looks for the quake nearest a point in a region (a click on the
    /// map), from `radius` degrees round it; posted as `.mapPicked`.
    var pickNearest: (_ point: GeoPoint, _ radius: Double, _ within: MapRegion) -> Void
    /// Computes the charts of the results for an activity chart this many
    /// columns wide, off the run loop's thread, posted as `.charts`.
    var computeCharts: (_ width: Int) -> Void
    /// Where views are saved (`w`, `'`); nil when there is no state folder.
    var views: ViewStore?
    /// Whether a browser can be opened (`o`): an X or Wayland display.
    var hasDisplay: Bool
    /// Opens a checked link with `xdg-open` in the background; a failure is
    /// posted as `.openFailed`.
    var open: (EventPageLink) -> Void
    /// Puts a text on the clipboard through the terminal (OSC 52).
    var copyToClipboard: (String) -> Void
    /// Starts writing the results to a file in the background (`e`),
    /// posting `.exportProgress` and `.exportFinished`.
    var export: (ExportRequest) -> Void
    /// Whether a file is there already: `e` asks before replacing it.
    var fileExists: (String) -> Bool

    public init(track: @escaping (String?) -> Void = { _ in }, refresh: (() -> Void)? = nil,
                delete: @escaping (_ ids: [String], _ title: String) -> Void,
                observeMap: @escaping (AggregateRequest?) -> Void = { _ in }, fitMap: @escaping () -> Void = {},
                pickNearest: @escaping (_ point: GeoPoint, _ radius: Double, _ within: MapRegion) -> Void = { _, _, _ in },
                computeCharts: @escaping (_ width: Int) -> Void = { _ in },
                views: ViewStore? = nil, hasDisplay: Bool = false, open: @escaping (EventPageLink) -> Void = { _ in },
                copyToClipboard: @escaping (String) -> Void = { _ in },
                export: @escaping (ExportRequest) -> Void = { _ in },
                fileExists: @escaping (String) -> Bool = SymbolicLink.anythingExists) {
        self.export = export
        self.fileExists = fileExists
        self.track = track
        self.refresh = refresh
        self.delete = delete
        self.observeMap = observeMap
        self.fitMap = fitMap
        self.pickNearest = pickNearest
        self.computeCharts = computeCharts
        self.views = views
        self.hasDisplay = hasDisplay
        self.open = open
        self.copyToClipboard = copyToClipboard
    }
}
