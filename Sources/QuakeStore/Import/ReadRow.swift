import Foundation
import Synchronization

/// A row as the import's reading thread hands it to the writing one: the
/// parsed event with what the writer would otherwise work out for it. The
/// writer's thread is the one an import waits for (SQLite's work is
/// there); the reader's had time to spare (a profile of the open of
/// 760,857 CSV rows: 7.5 s of samples on the writer, 1.7 on the reader).
struct ReadRow: Sendable {
    /// What the row is: a quake, a line the reader skipped, or the reader's last word.
    enum Kind: Sendable { case quake, skipped(reason: String), end }

    /// The reader's number of the row (a feature, a line), for messages.
    var index: Int
    var kind: Kind
    /// The quake read (`ReadRow.placeholder` for the other kinds). Kept
    /// outside `kind`: an enum's payload is copied to be matched, and a
    /// copy of a quake retains and releases each of its texts (4 % of the
    /// writer's thread opening 760,857 CSV rows).
    var quake: Quake
    /// The texts the catalog derives from the quake (`Quake.StoredDerivations`),
    /// worked out on the reader's thread.
    var derived: Quake.StoredDerivations?
    /// The quake's `id.hashValue` (`Upserter`'s ids written), 0 for the others.
    var idHash: Int
    /// A streaming import commits after this row: its first commit, or
    /// one the writer asked for (`CommitRequest`).
    var commitsAfter = false
    /// When counting, on a row that commits and on the reader's last word:
    /// the counts of the quakes read since the last such row, this one's included.
    var counts: InsertedCounts?

    /// The quake of a row that holds none.
    static let placeholder = Quake(id: "", magnitude: nil, place: "", time: Date(timeIntervalSince1970: 0),
                                   updated: Date(timeIntervalSince1970: 0), depth: 0, latitude: 0, longitude: 0)
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

    mutating func row(_ index: Int, _ event: consuming ParsedEvent) -> ReadRow {
        rows += 1
        // The first screen's commit comes at its row, not when asked (a request is answered rows later).
        let commitsAfter = rows == firstCommitRows || request?.take() == true
        switch consume event {
        case .quake(let quake):
            if counting { counts.add(quake) }
            // Made once and returned as made: each copy of a row retains every text.
            return ReadRow(index: index, kind: .quake, quake: quake, derived: quake.storedDerivations,
                           idHash: quake.id.hashValue, commitsAfter: commitsAfter,
                           counts: commitsAfter && counting ? takeCounts() : nil)
        case .skipped(let reason):
            return ReadRow(index: index, kind: .skipped(reason: reason), quake: ReadRow.placeholder, idHash: 0,
                           commitsAfter: commitsAfter, counts: commitsAfter && counting ? takeCounts() : nil)
        }
    }

    /// The reader's last word: the counts of the rows since the last that carried them.
    mutating func end() -> ReadRow {
        ReadRow(index: -1, kind: .end, quake: ReadRow.placeholder, idHash: 0, counts: counting ? takeCounts() : nil)
    }

    private mutating func takeCounts() -> InsertedCounts {
        defer { counts = InsertedCounts() }
        counts.settle()
        return counts
    }
}
