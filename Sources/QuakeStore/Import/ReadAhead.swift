import Foundation
import ThreadWaiting

/// Runs a reader on a second thread while the caller consumes what it reads,
/// in order, on its own: an import parses the feed on one core while SQLite
/// writes on the other (parsing was half of an import's time). At most
/// `maxBatches` wait between the two, so memory stays flat.
///
/// While the reader is ahead (batches wait), the consumer gives each batch
/// back once consumed, and the reader's thread destroys it: an element's
/// texts are released there, on the thread with time to spare (a profile
/// of the open of 760,857 CSV rows: their releases were 9 % of the
/// consuming thread, which an import waits for). While the consumer waits
/// for the reader (a GeoJSON import: parsing is the larger part), it
/// destroys them itself.
///
/// Errors keep their sequential order: everything read before the reader
/// failed is consumed first, and the reader's error is thrown only after
/// it. When the consumer throws, the reader is stopped and joined before
/// `run` rethrows, so nothing outlives the bytes it reads.
final class ReadAhead<Element: Sendable>: Sendable {
    typealias Emit = (consuming Element) throws -> Void

    /// What the two threads share.
    private struct Buffer {
        var batches: [[Element]] = []   // oldest first
        /// Consumed, for the reader to destroy.
        var spent: [[Element]] = []
        var readerFailure: (any Error)?
        var readerDone = false
        var consumerGone = false
    }

    private let buffer = WaitableMutex(Buffer())
    private let batchSize: Int
    /// 64 batches (16,384 rows of 256): the two threads run at nearly the
    /// same speed, each a little ahead of the other by turns; with 4, each
    /// waited for the other about a tenth of the time (the writing thread
    /// busy 80 % of the open of 760,857 CSV rows, 95 % with 256 batches).
    static var maxBatches: Int { 64 }

    private init(batchSize: Int) { self.batchSize = batchSize }

    private struct Stopped: Error {}

    // unchecked because `read` may hold pointers into memory that the caller
    // keeps alive until `run` returns, which it does only after the reader
    // ends: a lifetime the compiler cannot follow across the thread.
    private struct Reader: @unchecked Sendable { let read: (Emit) throws -> Void }

    /// `arriving`: shown each batch before its elements are consumed.
    static func run(batchSize: Int = 256, read: @escaping (Emit) throws -> Void,
                    arriving: ((UnsafeMutableBufferPointer<Element>) -> Void)? = nil,
                    consume: (inout Element) throws -> Void) throws {
        let pipe = ReadAhead(batchSize: batchSize)
        let reader = Reader(read: read)
        let thread = Thread { pipe.produce(with: reader) }
        thread.stackSize = 8 << 20   // the JSON reader recurses into nested values
        thread.start()
        defer { pipe.stopAndJoin() }
        try pipe.consumeAll(arriving, consume)
    }

    private func produce(with reader: Reader) {
        var batch: [Element] = []
        batch.reserveCapacity(batchSize)
        var failure: (any Error)?
        do {
            try reader.read { element in
                batch.append(consume element)   // the reader's, moved in
                if batch.count == self.batchSize {
                    // Handed over whole: a batch the reader still held a
                    // reference to was copied by the consumer to lend its elements.
                    var full: [Element] = []
                    swap(&full, &batch)
                    batch.reserveCapacity(self.batchSize)
                    try self.push(full)
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

    private func push(_ batch: consuming [Element]) throws {
        var handed: [Element]? = consume batch   // moved in, so the consumer's is the only reference
        let spent = try buffer.wait { buffer throws -> [[Element]]? in
            if buffer.consumerGone { throw Stopped() }
            guard buffer.batches.count < Self.maxBatches else { return nil }
            buffer.batches.append(handed.take()!)
            defer { buffer.spent.removeAll() }
            return buffer.spent
        }
        _ = consume spent   // destroyed here, outside the lock
    }

    private func finish(failure: (any Error)?) {
        buffer.withLock { buffer in
            buffer.readerFailure = failure
            buffer.readerDone = true
        }
    }

    /// What the consumer takes next: a batch, or the reader's end.
    private enum Next: Sendable {
        case batch([Element])
        case end(failure: (any Error)?)
    }

    private func consumeAll(_ arriving: ((UnsafeMutableBufferPointer<Element>) -> Void)?,
                            _ consume: (inout Element) throws -> Void) throws {
        while true {
            let next = buffer.wait { buffer -> Next? in
                if !buffer.batches.isEmpty { return .batch(buffer.batches.removeFirst()) }
                return buffer.readerDone ? .end(failure: buffer.readerFailure) : nil
            }
            switch consume next {
            case .batch(var batch):
                // Lent in place, never copied (a copy of an element retains
                // and releases its texts), then given back whole. Lent
                // inout: an element read through a pointer and passed on
                // was still copied, as SQLite's calls might change the memory.
                try batch.withUnsafeMutableBufferPointer { elements in
                    arriving?(elements)
                    for index in elements.indices { try consume(&elements[index]) }
                }
                buffer.withLock { buffer in
                    if !buffer.batches.isEmpty { buffer.spent.append(batch) }
                }
            case .end(let failure):
                if let failure { throw failure }
                return
            }
        }
    }

    private func stopAndJoin() {
        buffer.withLock { $0.consumerGone = true }
        buffer.wait { $0.readerDone ? () : nil }
    }
}
