import Foundation
import QuakeCharts
import QuakeQuery
import QuakeStore
import TerminalUI

/// Everything that changes the browser's model, as one kind of value:
/// `reduce` takes these and nothing else changes the model. `BrowserApp`
/// turns the outside world (the terminal, the controller, the refresher, a
/// delete, the clock, the outcomes of effects) into them.
public enum BrowserEvent: Sendable {
    /// A key, a click or a resize.
    case input(Event)
    /// New results from the controller: a page, complete in itself.
    case page(ResultsPage)
    /// A fetch failed (a corrupt page, a disk error); the last results stay.
    case fetchFailed(any Error)
    /// A refresh started or moved on: its progress line.
    case refreshProgress(String)
    /// A refresh of `feed` ended, with what it imported or why it failed.
    case refreshFinished(feed: String, Result<ImportReport, any Error>)
    /// The file being read (`SourceRead`) moved on: its progress line.
    case readProgress(String)
    /// The read ended: the bottom line's notice, or why it failed (the
    /// quakes read before stay shown, the catalog incomplete).
    case readFinished(Result<String, any Error>)
    /// When the catalog was last fetched from a feed, as the catalog says
    /// (another process may have fetched).
    case lastFetch(Date?)
    /// A delete cannot start yet: another writer holds the catalog.
    case deleteWaiting
    /// A delete ended: the title of what was deleted, or why not.
    case deleteFinished(title: String, Result<Int, any Error>)
    /// An export has written `written` of its `total` rows.
    case exportProgress(written: Int, total: Int)
    /// A declustering (`D`) is this far (0…1).
    case declusterProgress(Double)
    /// A declustering ended: what it found, or why not.
    case declustered(Result<SequenceSummary, any Error>)
    /// An export to `file` ended: how many quakes it wrote, or why not.
    case exportFinished(file: String, Result<Int, any Error>)
    /// Whether the catalog has indexes still to build (after a large
    /// import): sorting by their columns is slower until they are.
    case indexing(Bool)
    /// The clock: ages and change marks are shown as of this moment.
    case tick(Date)
    /// The map's dots: the controller's aggregate for the map's request,
    /// kept current as the results, the data and the view change.
    case mapAggregate(AggregateResult)
    /// The results' bounding box (`MapFit.request`), which `0` asked for.
    case mapFit(AggregateResult)
    /// The quake nearest a click on the map, nil when none is in view.
    case mapPicked(NearestQuake?)
    /// The charts pane's charts of the results, asked for by `computeCharts`
    /// (the newest ask when it was made: `answering`).
    case charts(QuakeCharts, answering: Int)
    /// The charts could not be made: the pane says why.
    case chartsFailed(any Error)
    /// A line for the bottom line (a view that could not be restored).
    case notice(String)
    /// `o` could not open an event page: the address and why.
    case openFailed(url: String, reason: String)
    /// `.export`'s file is there and was not to be replaced: ask first.
    case exportTargetExists(ExportRequest)
    /// `.saveView` ended: whether it replaced a view of that name, or why not.
    case viewSaved(name: String, Result<Bool, any Error>)
    /// `.listViews` ended: the saved views by name, or why they could not be read.
    case viewsListed(Result<[String: SavedView], any Error>)
    /// `.deleteView` ended: the views left, or why not.
    case viewDeleted(name: String, Result<[String: SavedView], any Error>)
    /// Quakes that newly match `--alert`'s predicate, oldest first (a
    /// catalog change brought them), with the seconds from origin to push
    /// message of those a push stream brought.
    case alerts([Quake], pushedAfter: [String: Double] = [:])
    /// `.loadOrigins` read the event's origins, or failed to.
    case origins(event: String, Result<[EventOrigin], any Error>)
    /// `.merge` or `.split` ended: what was done and the event the details
    /// follow, or why not.
    case grouped(Result<RegroupedEvent, any Error>)
    /// `.countFrequency` ended: the field's values and counts, or why not.
    case frequencyCounted(Result<FrequencyTable, any Error>)
    /// The quakes of the results in the section along `profile`.
    case sectionComputed(Profile, Result<SectionContents, any Error>)
    /// The push source's connection changed, a message came, or a note for the bottom line.
    case push(PushLine.News)
    /// `.locate` ended: where the quake is in the results, nil when not in them, or why not.
    case located(id: String, Result<Int?, any Error>)
    /// `.findPlace` ended: the row found (and whether the search went round
    /// the end), nil when no place holds the text, or why not.
    case found(text: String, Result<(position: Int, wrapped: Bool)?, any Error>)
}

/// A merge's or split's outcome, as the details say it.
public struct RegroupedEvent: Sendable, Equatable {
    /// The bottom line's words.
    public var notice: String
    /// The event the selection follows.
    public var event: String
}
