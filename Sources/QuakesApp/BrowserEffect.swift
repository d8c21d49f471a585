import QuakeCharts
import Foundation
import QuakeMap
import QuakeQuery
import QuakeStore

/// What the model asks of the world, as values: `reduce` returns them and
/// the run loop (`EffectRunner`) is the only place that runs them; their
/// outcomes come back as `BrowserEvent`s.
public enum BrowserEffect: Equatable, Sendable {
    /// Fetch this configuration's results (pages come back as `.page`).
    case fetch(FetchConfiguration)
    /// Read every origin of this event (the details list them).
    case loadOrigins(String)
    /// Locate this quake (the selection) in the results that follow.
    case track(String?)
    /// Where this quake is in the results now (`C` to a change off the page), as `.located`.
    case locate(String)
    /// Report the changes since this moment in the results (`ChangeMarks.readSince`).
    case reportChanges(since: Date)
    /// These rows are on screen and not in the page: a page with them.
    case needRows(Range<Int>)
    /// Keep the map's aggregate for this request (nil: the map is hidden).
    case observeMap(AggregateRequest?)
    /// The results' bounding box (`0` on the map), as `.mapFit`.
    case fitMap
    /// The quake nearest a click, from `radius` degrees round it, as `.mapPicked`.
    case pickNearest(GeoPoint, radius: Double, within: MapRegion)
    /// The charts of the results for an activity chart this wide (with the
    /// sequence's decay in its place when `decay`: its aftershocks counted
    /// from their Mc by that method), as `.charts` answering ask number `ask`.
    case computeCharts(width: Int, decay: ChartMcMethod?, magnitudeTime: Bool, ask: Int)
    /// Refresh from the feed or the sources (`r`).
    case refresh
    /// Build the catalog's pending indexes, and those a sort, grouping or
    /// filter by `columns` wants (a read that just ended left them), with
    /// `.indexing` while any are missing.
    case buildIndexes(forColumns: [String])
    /// Delete these quakes (`d`), as `.deleteFinished`.
    case delete(ids: [String], title: String)
    /// Write the results to a file (`e`): `.exportTargetExists` when the
    /// file is there and the request does not overwrite, else progress and
    /// `.exportFinished`.
    case export(ExportRequest)
    /// Open a checked link with `xdg-open` (`o`).
    case open(EventPageLink)
    /// Put a text on the clipboard through the terminal (`y`, OSC 52).
    case copy(String)
    /// Save a view under a name (`w`), as `.viewSaved`.
    case saveView(SavedView, name: String)
    /// List the saved views (`'`), as `.viewsListed`.
    case listViews
    /// Delete a saved view, as `.viewDeleted`.
    case deleteView(name: String)
    /// Ring the terminal's bell (a batch of alerts).
    case bell
    /// Decluster the quakes of this selection (`D`) with the current
    /// method (Gardner–Knopoff before any), in the background: progress,
    /// then `.declustered`.
    case decluster(QuakePredicate?)
    /// Make the events holding these two one event (`m` in the details), as `.grouped`.
    case merge(String, String)
    /// Take this origin out of its event (`x` in the details), as `.grouped`.
    case split(origin: String)
    /// Count the results' values of this field (`F`), as `.frequencyCounted`.
    case countFrequency(QuakeField)
    /// The quakes of the selection in a cross-section (`x`), as `.sectionComputed`.
    case computeSection(Profile, QuakePredicate?, times: Bool)
    /// The next (or previous) row after this one whose place holds the text, as `.found`.
    case findPlace(String, from: Int, forward: Bool)
}
