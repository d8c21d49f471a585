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
    let window: RowWindow

    init(generation: Int, configuration: FetchConfiguration, count: Int?, sections: [ResultsSection] = [],
         total: Int? = nil, recentlyChanged: [String: Date] = [:], window: RowWindow) {
        self.generation = generation; self.configuration = configuration; self.count = count
        self.sections = sections; self.total = total; self.recentlyChanged = recentlyChanged; self.window = window
    }

    public var isCountPending: Bool { count == nil }
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

    /// Where the quake with `id` is in these results; nil when it is not in
    /// them. Looks in the rows at hand first, then asks the catalog.
    public func index(ofQuakeWithID id: String, near hint: Int? = nil) -> Int? {
        if let index = window.cachedIndex(of: id) { return index }
        if let hint {
            let start = max(0, hint - 50)
            if let offset = rows(in: start..<start + 100).firstIndex(where: { $0.id == id }) { return start + offset }
        }
        return window.position(of: id)
    }

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

    private let pool: DatabasePool
    private let plan: QueryPlan
    private let lock = NSLock()
    private var batches: [Int: [Quake]] = [:]
    private var recent: [Int] = []

    init(pool: DatabasePool, plan: QueryPlan, preloaded: [Quake] = []) {
        self.pool = pool
        self.plan = plan
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

    private func batch(_ number: Int) -> [Quake]? {
        lock.lock()
        if let batch = batches[number] { lock.unlock(); return batch }
        lock.unlock()
        guard let batch = try? pool.read({ db in try plan.rows(db, offset: number * Self.batchSize, limit: Self.batchSize) })
        else { return nil }
        store(batch, at: number)
        return batch
    }

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

    func position(of id: String) -> Int? {
        (try? pool.read { db in try plan.position(of: id, db) }) ?? nil
    }

    func forEach(limit: Int, _ body: (Int, Quake) throws -> Void) throws {
        try pool.read { db in
            let cursor = try Quake.fetchCursor(db, sql: plan.windowSQL, arguments: plan.arguments + [limit == 0 ? -1 : limit, 0])
            var index = 0
            while let quake = try cursor.next() {
                try body(index, quake)
                index += 1
            }
        }
    }
}
