import Synchronization

/// A row as the import's reading thread hands it to the writing one: the
/// parsed event with what the writer would otherwise work out for it. The
/// writer's thread is the one an import waits for (SQLite's work is
/// there); the reader's had time to spare (a profile of the open of
/// 760,857 CSV rows: 7.5 s of samples on the writer, 1.7 on the reader).
struct ReadRow: Sendable {
    /// The reader's number of the row (a feature, a line), for messages.
    var index: Int
    /// Nil for the reader's last word, which only carries `counts`.
    var event: ParsedEvent?
    /// The quake's `id.hashValue` (`Upserter`'s ids written), 0 for the others.
    var idHash: Int
    /// A streaming import commits after this row: its first commit, or
    /// one the writer asked for (`CommitRequest`).
    var commitsAfter = false
    /// When counting, on a row that commits and on the reader's last word:
    /// the counts of the quakes read since the last such row, this one's included.
    var counts: InsertedCounts?
}

/// The writer asks the reader for the counts to commit with: the reader
/// sends them on its next row, so they are exactly those of the rows the
/// writer has taken when it commits.
final class CommitRequest: Sendable {
    private let wanted = Atomic<Bool>(false)

    func ask() { wanted.store(true, ordering: .relaxed) }

    /// Whether a commit was asked for since the last call.
    func take() -> Bool {
        wanted.load(ordering: .relaxed) && wanted.exchange(false, ordering: .acquiringAndReleasing)
    }
}

/// The reader's side: makes each `ReadRow`, counting the quakes when the
/// import keeps counts (a bulk load), on the reader's thread.
struct ReadRows {
    private let counting: Bool
    private let request: CommitRequest?
    /// The rows before a streaming import's first commit.
    private let firstCommitRows: Int?
    private var rows = 0
    private var counts = InsertedCounts()

    init(counting: Bool, request: CommitRequest?, firstCommitRows: Int?) {
        self.counting = counting
        self.request = request
        self.firstCommitRows = firstCommitRows
    }

    mutating func row(_ index: Int, _ event: ParsedEvent) -> ReadRow {
        var row = ReadRow(index: index, event: event, idHash: 0)
        if case .quake(let quake) = event {
            row.idHash = quake.id.hashValue
            if counting { counts.add(quake) }
        }
        rows += 1
        // The first screen's commit comes at its row, not when asked (a request is answered rows later).
        row.commitsAfter = rows == firstCommitRows || request?.take() == true
        if row.commitsAfter && counting { row.counts = takeCounts() }
        return row
    }

    /// The reader's last word: the counts of the rows since the last that carried them.
    mutating func end() -> ReadRow {
        ReadRow(index: -1, event: nil, idHash: 0, counts: counting ? takeCounts() : nil)
    }

    private mutating func takeCounts() -> InsertedCounts {
        defer { counts = InsertedCounts() }
        return counts
    }
}
