import Foundation
import GRDB
import QuakeStore
import Synchronization

/// Reads rows of one query plan in batches, keeping a few batches around.
final class RowWindow: Sendable {
    static let batchSize = 100
    static let keptBatches = 16

    private let reader: any DatabaseReader
    private let plan: QueryPlan
    private let state = Mutex(State())

    private struct State {
        var batches: [Int: [Quake]] = [:]
        var recent: [Int] = []
        var knownCount: Int?
        var failure: (any Error)?
    }

    var readFailure: (any Error)? { state.withLock { $0.failure } }

    /// The number of rows, once counted: lets the window read near the end
    /// from the end.
    var count: Int? {
        get { state.withLock { $0.knownCount } }
        set { state.withLock { $0.knownCount = newValue } }
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
        collect(range) { number in batch(number) }
    }

    /// Rows of `range` read inside the caller's transaction `db`: a page's
    /// rows come from the same database state as its count.
    func rows(_ range: Range<Int>, _ db: Database) throws -> [Quake] {
        var failure: (any Error)?
        let rows = collect(range) { number in
            do { return try batch(number, db) } catch { failure = error; return nil }
        }
        if let failure { throw failure }
        return rows
    }

    private func collect(_ range: Range<Int>, _ batch: (Int) -> [Quake]?) -> [Quake] {
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

    /// A batch of rows in a read of its own; a failure is kept for the UI to say.
    private func batch(_ number: Int) -> [Quake]? {
        if let cached = state.withLock({ $0.batches[number] }) { return cached }
        do {
            return try reader.read { db in try batch(number, db) }
        } catch {
            let failure = CatalogError.reading(error, path: reader.path)
            state.withLock { $0.failure = failure }
            return nil
        }
    }

    /// A batch of rows, read the cheapest way: after the previous batch's
    /// last row or before the next batch's first (keyset: no rows skipped),
    /// from the end when nearer the end, else by offset.
    private func batch(_ number: Int, _ db: Database) throws -> [Quake] {
        let (cached, previous, next, count) = state.withLock {
            ($0.batches[number], $0.batches[number - 1], $0.batches[number + 1], $0.knownCount)
        }
        if let cached { return cached }
        let start = number * Self.batchSize
        let size = Self.batchSize
        let batch: [Quake]
        if let last = previous?.last, previous?.count == size {
            batch = try plan.rows(db, adjacentTo: plan.orderValues(of: last), before: false, limit: size)
        } else if let first = next?.first {
            batch = try plan.rows(db, adjacentTo: plan.orderValues(of: first), before: true, limit: size)
        } else if let count, start > count / 2 {
            batch = try plan.rows(db, fromEnd: start, min(start + size, count), count: count)
        } else {
            batch = try plan.rows(db, offset: start, limit: size)
        }
        store(batch, at: number)
        return batch
    }

    /// Reads the batch holding row `index` now, so a later `rows` finds it.
    func prefetch(_ index: Int) { _ = rows(index..<index + 1) }

    /// Reads the batch holding row `index`, which is `quake`, from the quake
    /// itself: the rows before it and after it by keyset, two seeks, where
    /// reading by offset walks every row up to it (a followed quake 2
    /// million rows down took most of a second at 5,000,000 rows). `db`: the
    /// caller's read, so that it can be abandoned.
    func prefetch(_ index: Int, holding quake: Quake, _ db: Database) throws {
        let number = index / Self.batchSize
        guard state.withLock({ $0.batches[number] }) == nil else { return }
        let start = number * Self.batchSize
        let values = plan.orderValues(of: quake)
        let before = index > start ? try plan.rows(db, adjacentTo: values, before: true, limit: index - start) : []
        guard before.count == index - start else { return }   // changed meanwhile: read as usual later
        let after = try plan.rows(db, adjacentTo: values, before: false, limit: start + Self.batchSize - index - 1)
        store(before + [quake] + after, at: number)
    }

    private func store(_ batch: [Quake], at number: Int) {
        state.withLock { state in
            state.batches[number] = batch
            state.recent.removeAll { $0 == number }
            state.recent.append(number)
            if state.recent.count > Self.keptBatches { state.batches[state.recent.removeFirst()] = nil }
        }
    }

    func cachedIndex(of id: String) -> Int? {
        state.withLock { state in
            for (number, batch) in state.batches {
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
