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
    /// `changesSince`, with when: the UI marks them.
    public let recentlyChanged: [String: Date]
    /// Where the controller's `trackedID` is in these results (computed off
    /// the caller's thread), when it is in them.
    public let trackedPosition: (id: String, index: Int)?
    let window: RowWindow

    init(generation: Int, configuration: FetchConfiguration, count: Int?, sections: [ResultsSection] = [],
         total: Int? = nil, recentlyChanged: [String: Date] = [:], trackedPosition: (String, Int)? = nil, window: RowWindow) {
        self.generation = generation; self.configuration = configuration; self.count = count
        self.sections = sections; self.total = total; self.recentlyChanged = recentlyChanged
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
    public func section(containing index: Int) -> ResultsSection? {
        var low = 0, high = sections.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let section = sections[mid]
            if index < section.firstRowIndex { high = mid - 1 }
            else if index >= section.firstRowIndex + section.count { low = mid + 1 }
            else { return section }
        }
        return nil
    }

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

/// Reads rows of one query plan in batches, keeping a few batches around.
final class RowWindow: @unchecked Sendable {
    static let batchSize = 100
    static let keptBatches = 16

    private let reader: any DatabaseReader
    private let plan: QueryPlan
    private let lock = NSLock()
    private var batches: [Int: [Quake]] = [:]
    private var recent: [Int] = []
    private var knownCount: Int?
    private var failure: (any Error)?

    var readFailure: (any Error)? { lock.withLock { failure } }

    /// The number of rows, once counted: lets the window read near the end
    /// from the end.
    var count: Int? {
        get { lock.withLock { knownCount } }
        set { lock.withLock { knownCount = newValue } }
    }

    /// How many rows the fetch delivered with the window.
    let preloadedCount: Int

    init(reader: any DatabaseReader, plan: QueryPlan, preloaded: [Quake] = []) {
        self.reader = reader
        self.plan = plan
        preloadedCount = preloaded.count
        for start in stride(from: 0, to: preloaded.count, by: Self.batchSize) {
            let batch = Array(preloaded[start..<min(start + Self.batchSize, preloaded.count)])
            if batch.count == Self.batchSize || preloaded.count < Self.batchSize * 2 {
                store(batch, at: start / Self.batchSize)
            }
        }
    }

    func rows(_ range: Range<Int>) -> [Quake] {
        var result: [Quake] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let number = index / Self.batchSize
            guard let batch = batch(number) else { break }
            let offset = index - number * Self.batchSize
            guard offset < batch.count else { break }
            let take = min(batch.count - offset, range.upperBound - index)
            result.append(contentsOf: batch[offset..<offset + take])
            index += take
            if batch.count < Self.batchSize { break }
        }
        return result
    }

    /// A batch of rows, read the cheapest way: after the previous batch's
    /// last row or before the next batch's first (keyset: no rows skipped),
    /// from the end when nearer the end, else by offset.
    private func batch(_ number: Int) -> [Quake]? {
        let (cached, previous, next, count) = lock.withLock {
            (batches[number], batches[number - 1], batches[number + 1], knownCount)
        }
        if let cached { return cached }
        let start = number * Self.batchSize
        let size = Self.batchSize
        let batch: [Quake]
        do {
            batch = try reader.read { db -> [Quake] in
                if let last = previous?.last, previous?.count == size {
                    return try plan.rows(db, adjacentTo: plan.orderValues(of: last), before: false, limit: size)
                }
                if let first = next?.first {
                    return try plan.rows(db, adjacentTo: plan.orderValues(of: first), before: true, limit: size)
                }
                if let count, start > count / 2 {
                    return try plan.rows(db, fromEnd: start, min(start + size, count), count: count)
                }
                return try plan.rows(db, offset: start, limit: size)
            }
        } catch {
            lock.withLock { failure = CatalogError.reading(error, path: reader.path) }
            return nil
        }
        store(batch, at: number)
        return batch
    }

    /// Reads the batch holding row `index` now, so a later `rows` finds it.
    func prefetch(_ index: Int) { _ = rows(index..<index + 1) }

    private func store(_ batch: [Quake], at number: Int) {
        lock.lock(); defer { lock.unlock() }
        batches[number] = batch
        recent.removeAll { $0 == number }
        recent.append(number)
        if recent.count > Self.keptBatches { batches[recent.removeFirst()] = nil }
    }

    func cachedIndex(of id: String) -> Int? {
        lock.withLock {
            for (number, batch) in batches {
                if let offset = batch.firstIndex(where: { $0.id == id }) { return number * Self.batchSize + offset }
            }
            return nil
        }
    }

    func forEach(limit: Int, _ body: (Int, Quake) throws -> Void) throws {
        try reader.read { db in
            let cursor = try Quake.fetchCursor(db, sql: plan.windowSQL, arguments: plan.arguments + [limit == 0 ? -1 : limit, 0])
            var index = 0
            while let quake = try cursor.next() {
                try body(index, quake)
                index += 1
            }
        }
    }
}
