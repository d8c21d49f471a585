@testable import QuakeStore
import Synchronization
import Testing

/// The importer's two-thread pipeline keeps the order and the errors of a
/// plain loop: these are what an import's report and atomicity rely on.
@Suite struct ReadAheadTests {
    struct ReadFailed: Error, Equatable { let at: Int }
    struct WriteFailed: Error, Equatable { let at: Int }

    @Test func everyElementArrivesInOrder() throws {
        var consumed: [Int] = []
        try ReadAhead.run(batchSize: 7, read: { emit in
            for i in 0..<10_000 { try emit(i) }
        }, consume: { consumed.append($0) })
        #expect(consumed == Array(0..<10_000))
    }

    @Test func aReaderErrorComesAfterEverythingReadBeforeIt() {
        var consumed: [Int] = []
        #expect(throws: ReadFailed(at: 1_000)) {
            try ReadAhead.run(batchSize: 64, read: { emit in
                for i in 0..<1_000 { try emit(i) }
                throw ReadFailed(at: 1_000)
            }, consume: { consumed.append($0) })
        }
        #expect(consumed == Array(0..<1_000))
    }

    @Test func aConsumerErrorStopsTheReaderBeforeRunReturns() {
        let read = Mutex(0)
        let readerEnded = Mutex(false)
        #expect(throws: WriteFailed(at: 10)) {
            try ReadAhead.run(batchSize: 4, read: { emit in
                defer { readerEnded.withLock { $0 = true } }
                for i in 0..<1_000_000 {
                    try emit(i)
                    read.withLock { $0 = i + 1 }
                }
            }, consume: { i in if i == 10 { throw WriteFailed(at: 10) } })
        }
        // Joined: the reader had ended when run returned, long before a
        // million: at most the batches consumed up to the failing one (0…3,
        // 4…7, 8…11: three), the batches that wait, and the one being filled
        // (it counted 271 of these 272 once, on a loaded machine).
        #expect(readerEnded.withLock { $0 })
        let consumed = 10 / 4 + 1
        #expect(read.withLock { $0 } <= (consumed + ReadAhead<Int>.maxBatches + 1) * 4)
    }

    @Test func nothingToReadConsumesNothing() throws {
        var consumed = 0
        try ReadAhead<Int>.run(read: { _ in }, consume: { _ in consumed += 1 })
        #expect(consumed == 0)
    }
}
