import Foundation
import GRDB
import QuakeStore

/// One section of sectioned results: `2018-06-14 · 623 quakes`.
public struct ResultsSection: Sendable, Hashable, Identifiable {
    /// The title a user sees: `2018-06-14`, `M4`, `hv`.
    public let id: String
    public let value: FieldValue
    public let count: Int
    public let firstRowIndex: Int

    public var rowRange: Range<Int> { firstRowIndex..<firstRowIndex + count }
}

extension [ResultsSection] {
    /// The section holding row `index`, by binary search (sections are in row order).
    func section(containing index: Int) -> ResultsSection? {
        var low = 0, high = count - 1
        while low <= high {
            let mid = (low + high) / 2
            let section = self[mid]
            if index < section.firstRowIndex { high = mid - 1 }
            else if index >= section.firstRowIndex + section.count { low = mid + 1 }
            else { return section }
        }
        return nil
    }
}

/// The results of one configuration at one moment: the count, the sections,
/// and random access to rows by index. Rows come from the catalog in
/// batches around the indexes asked for, never all at once.
public struct ResultsSnapshot: Sendable {
    /// Increases with every fetch; a newer snapshot supersedes an older one.
    public let generation: Int
    public let configuration: FetchConfiguration
    /// nil while the exact count is still being computed.
    public let count: Int?
    /// Empty when not sectioned (or while counting).
    public let sections: [ResultsSection]
    /// Every quake in the catalog, filtered or not; nil while counting.
    public let total: Int?
    /// Rows an import inserted or replaced since the controller's
    /// `changesSince`, in the last `recentChangesWindow` or since its
    /// `marksSince`, with when: the UI marks them.
    public let recentlyChanged: [String: QuakeChange]
    /// Where the quakes of `recentlyChanged` that these results hold are:
    /// the map marks them.
    public let recentlyChangedEpicentres: [String: Epicentre]
    /// Where the controller's `trackedID` is in these results (computed off
    /// the caller's thread), when it is in them.
    public let trackedPosition: (id: String, index: Int)?
    /// Counts the catalog's commits the controller has seen: two snapshots
    /// of one selection and one data version select the same quakes, in
    /// whatever order (a sort changes no aggregate of them).
    public let dataVersion: Int
    let window: RowWindow

    init(generation: Int, configuration: FetchConfiguration, count: Int?, sections: [ResultsSection] = [],
         total: Int? = nil, recentlyChanged: [String: QuakeChange] = [:],
         recentlyChangedEpicentres: [String: Epicentre] = [:], trackedPosition: (String, Int)? = nil,
         dataVersion: Int = 0, window: RowWindow) {
        self.generation = generation; self.configuration = configuration; self.count = count; self.dataVersion = dataVersion
        self.sections = sections; self.total = total; self.recentlyChanged = recentlyChanged
        self.recentlyChangedEpicentres = recentlyChangedEpicentres
        self.trackedPosition = trackedPosition.map { (id: $0.0, index: $0.1) }; self.window = window
    }

    public var isCountPending: Bool { count == nil }

    /// Rows known to exist: the count, or while counting, the first window.
    public var knownRowCount: Int { count ?? window.preloadedCount }
    /// Whether the count (and sections) are known.
    public var isComplete: Bool { count != nil }

    /// The quake at `index` of the results, fetched if not yet at hand.
    public func quake(at index: Int) -> Quake? {
        guard index >= 0, count.map({ index < $0 }) ?? true else { return nil }
        return window.rows(index..<index + 1).first
    }

    /// Quakes at `range` (shorter at the end of the results).
    public func rows(in range: Range<Int>) -> [Quake] {
        let upper = count.map { min(range.upperBound, $0) } ?? range.upperBound
        guard range.lowerBound < upper else { return [] }
        return window.rows(range.lowerBound..<upper)
    }

    /// The section holding row `index`.
    public func section(containing index: Int) -> ResultsSection? { sections.section(containing: index) }

    /// Where the quake with `id` is in these results, from the rows at hand
    /// or the controller's `trackedID` lookup; nil when unknown. Never reads
    /// the catalog, so it is safe on the UI thread.
    public func index(ofQuakeWithID id: String) -> Int? {
        if let index = window.cachedIndex(of: id) { return index }
        if let tracked = trackedPosition, tracked.id == id { return tracked.index }
        return nil
    }

    /// The last failed read of rows beyond the first window (a corrupt page,
    /// a disk error), as one line naming the catalog: those rows are missing
    /// from `rows(in:)`, and the UI says why instead of showing blanks.
    public var rowReadFailure: (any Error)? { window.readFailure }

    /// Calls `body` with each row in order, up to `limit` (0: all), reading
    /// the catalog with a cursor: memory stays flat however many rows.
    public func forEachRow(limit: Int = 0, _ body: (Int, Quake) throws -> Void) throws {
        try window.forEach(limit: limit, body)
    }
}
