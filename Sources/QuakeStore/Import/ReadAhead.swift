import Foundation

/// Runs a reader on a second thread while the caller consumes what it reads,
/// in order, on its own: an import parses the feed on one core while SQLite
/// writes on the other (parsing was half of an import's time). A few
/// batches at most wait between the two, so memory stays flat.
///
/// Errors keep their sequential order: everything read before the reader
/// failed is consumed first, and the reader's error is thrown only after
/// it. When the consumer throws, the reader is stopped and joined before
/// `run` rethrows, so nothing outlives the bytes it reads.
final class ReadAhead<Element: Sendable>: @unchecked Sendable {
    typealias Emit = (Element) throws -> Void

    private let condition = NSCondition()
    private var batches: [[Element]] = []   // oldest first; guarded by `condition`
    private var readerFailure: (any Error)?
    private var readerDone = false
    private var consumerGone = false
    private let batchSize: Int
    private let maxBatches = 4

    private init(batchSize: Int) { self.batchSize = batchSize }

    private struct Stopped: Error {}

    /// Unchecked: `read` may hold pointers into memory that the caller keeps
    /// alive until `run` returns, which it does only after the reader ends.
    private struct Reader: @unchecked Sendable { let read: (Emit) throws -> Void }

    static func run(batchSize: Int = 256, read: @escaping (Emit) throws -> Void,
                    consume: (Element) throws -> Void) throws {
        let pipe = ReadAhead(batchSize: batchSize)
        let reader = Reader(read: read)
        let thread = Thread { pipe.produce(with: reader) }
        thread.stackSize = 8 << 20   // the JSON reader recurses into nested values
        thread.start()
        defer { pipe.stopAndJoin() }
        try pipe.consumeAll(consume)
    }

    private func produce(with reader: Reader) {
        var batch: [Element] = []
        batch.reserveCapacity(batchSize)
        var failure: (any Error)?
        do {
            try reader.read { element in
                batch.append(element)
                if batch.count == self.batchSize {
                    try self.push(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
        } catch is Stopped {
            return finish(failure: nil)
        } catch {
            failure = error
        }
        if !batch.isEmpty { try? push(batch) }
        finish(failure: failure)
    }

    private func push(_ batch: [Element]) throws {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= maxBatches && !consumerGone { condition.wait() }
        if consumerGone { throw Stopped() }
        batches.append(batch)
        condition.broadcast()
    }

    private func finish(failure: (any Error)?) {
        condition.lock()
        readerFailure = failure
        readerDone = true
        condition.broadcast()
        condition.unlock()
    }

    private func consumeAll(_ consume: (Element) throws -> Void) throws {
        while true {
            condition.lock()
            while batches.isEmpty && !readerDone { condition.wait() }
            if batches.isEmpty {
                let failure = readerFailure
                condition.unlock()
                if let failure { throw failure }
                return
            }
            let batch = batches.removeFirst()
            condition.broadcast()
            condition.unlock()
            for element in batch { try consume(element) }
        }
    }

    private func stopAndJoin() {
        condition.lock()
        consumerGone = true
        condition.broadcast()
        while !readerDone { condition.wait() }
        condition.unlock()
    }
}
