import Foundation
import QuakeStore

/// What the browser shows of one configuration at one database state, as
/// a value: the count (or pending), the sections, and the rows of one
/// window (the visible rows and a margin). Built on the controller's queue
/// in one read transaction per phase, and never changed after delivery:
/// scrolling past the window asks for a new page (`needRows`), which the
/// controller delivers as another value.
public struct ResultsPage: Sendable, Equatable {
    /// The fetch this page belongs to: a newer generation supersedes it.
    public let generation: Int
    public let configuration: FetchConfiguration
    /// The catalog commits seen when the page was read (see `ResultsSnapshot.dataVersion`).
    public let dataVersion: Int
    /// nil while the exact count is being computed: the first phase.
    public let count: Int?
    /// Every quake in the catalog, filtered or not; nil while counting.
    public let total: Int?
    /// Empty when not sectioned (or while counting).
    public let sections: [ResultsSection]
    /// The index of `rows.first` in the results.
    public let firstRowIndex: Int
    public let rows: [Quake]
    /// Where the tracked quake (the selection) is, when these results hold it.
    public let tracked: TrackedQuake?
    /// How long a changed row is reported (and marked) after it is seen:
    /// half a minute.
    public static let recentChangesWindow: TimeInterval = 30
    /// At most this many changed rows are reported, the newest.
    public static let recentChangesLimit = 10_000

    /// Rows changed in the last half minute, or since the user last looked
    /// (`ResultsController.marksSince`), with when: the table marks them.
    public let recentlyChanged: [String: QuakeChange]
    /// Where those of them these results hold are: the map marks them.
    public let recentlyChangedEpicentres: [String: Epicentre]
    /// Why the rows of this window could not be read (a corrupt page, a
    /// disk error), naming the catalog; the rows are then missing.
    public let rowReadFailure: String?

    /// A quake and its index in the results.
    public struct TrackedQuake: Sendable, Equatable {
        public let id: String
        public let index: Int

        public init(id: String, index: Int) { self.id = id; self.index = index }
    }

    public init(generation: Int, configuration: FetchConfiguration, dataVersion: Int = 0, count: Int?,
                total: Int? = nil, sections: [ResultsSection] = [], firstRowIndex: Int = 0, rows: [Quake],
                tracked: TrackedQuake? = nil, recentlyChanged: [String: QuakeChange] = [:],
                recentlyChangedEpicentres: [String: Epicentre] = [:], rowReadFailure: String? = nil) {
        self.generation = generation; self.configuration = configuration; self.dataVersion = dataVersion
        self.count = count; self.total = total; self.sections = sections; self.firstRowIndex = firstRowIndex
        self.rows = rows; self.tracked = tracked; self.recentlyChanged = recentlyChanged
        self.recentlyChangedEpicentres = recentlyChangedEpicentres; self.rowReadFailure = rowReadFailure
    }

    /// The same results with another window of rows (an answer to `needRows`).
    func with(rows: [Quake], from first: Int, failure: String?) -> ResultsPage {
        ResultsPage(generation: generation, configuration: configuration, dataVersion: dataVersion, count: count,
                    total: total, sections: sections, firstRowIndex: first, rows: rows, tracked: tracked,
                    recentlyChanged: recentlyChanged, recentlyChangedEpicentres: recentlyChangedEpicentres,
                    rowReadFailure: failure)
    }

    public var isComplete: Bool { count != nil }

    /// Rows known to exist: the count, or while counting, the first window.
    public var knownRowCount: Int { count ?? (firstRowIndex + rows.count) }

    /// The indexes of the rows at hand.
    public var rowRange: Range<Int> { firstRowIndex..<firstRowIndex + rows.count }

    /// Whether every row of `range` that exists is at hand.
    public func holds(_ range: Range<Int>) -> Bool {
        let wanted = range.clamped(to: 0..<knownRowCount)
        return wanted.isEmpty || (rowRange.contains(wanted.lowerBound) && wanted.upperBound <= rowRange.upperBound)
    }

    /// The quake at `index`, when it is at hand.
    public func quake(at index: Int) -> Quake? {
        rowRange.contains(index) ? rows[index - firstRowIndex] : nil
    }

    /// Where the quake with `id` is in these results, when known.
    public func index(ofQuakeWithID id: String) -> Int? {
        if let offset = rows.firstIndex(where: { $0.id == id }) { return firstRowIndex + offset }
        if let tracked, tracked.id == id { return tracked.index }
        return nil
    }

    /// The section holding row `index`.
    public func section(containing index: Int) -> ResultsSection? { sections.section(containing: index) }
}
