import Foundation
import QuakeQuery

/// What changed since the user last looked, and how each changed row is
/// marked, as htop's `-H` highlights new processes: `+` a quake an import
/// added, `~` one whose report changed. A change that came while nobody
/// looked stays bright until the next key or click; then, as one that came
/// while the user watched, it fades (bold, plain, dim) over half a minute.
/// A new quake's cell flashes on the map for the first frames after it came.
public struct ChangeMarks: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case added, updated }
    public enum Brightness: Sendable, Equatable { case bright, plain, dim }

    public struct Mark: Sendable, Equatable {
        public let kind: Kind
        public let brightness: Brightness

        public init(kind: Kind, brightness: Brightness) { self.kind = kind; self.brightness = brightness }

        /// `+` or `~`.
        public var symbol: String { kind == .added ? "+" : "~" }
    }

    /// The user's last look (a key, a click): changes after it are unseen.
    public private(set) var lookedAt: Date
    /// Changes that came while nobody looked, as they were when the user
    /// looked: they fade from the look, not from when they came.
    private var seen: [String: SeenChange] = [:]

    private struct SeenChange: Sendable, Equatable {
        let change: QuakeChange
        let kind: Kind
        let at: Date
    }

    /// How long a seen change stays marked: the results' window.
    public static let duration = ResultsPage.recentChangesWindow
    /// How long a new quake's cell flashes on the map after it came.
    public static let flashDuration: TimeInterval = 2

    public init(lookedAt: Date) { self.lookedAt = lookedAt }

    /// A key or a click at `now`: every unseen change of `changes` is seen
    /// now, and fades from now.
    public mutating func look(at now: Date, changes: [String: QuakeChange]) {
        for (id, change) in changes where change.changedAt > lookedAt {
            seen[id] = SeenChange(change: change, kind: change.isAddition(after: lookedAt) ? .added : .updated, at: now)
        }
        seen = seen.filter { now.timeIntervalSince($0.value.at) < Self.duration }
        lookedAt = now
    }

    /// From when the results must report changes (`marksSince`): the
    /// unseen ones, and those seen at the last looks while they fade.
    public var readSince: Date { seen.values.map(\.change.changedAt).reduce(lookedAt, min) }

    /// How row `id` is marked at `now`, nil when it is not.
    public func mark(_ id: String, changes: [String: QuakeChange], now: Date) -> Mark? {
        guard let change = changes[id] else { return nil }
        let seen = self.seen[id]
        if change.changedAt > lookedAt {
            return Mark(kind: change.isAddition(after: lookedAt) ? .added : .updated, brightness: .bright)
        }
        let kind: Kind, since: Date
        if let seen, seen.change == change {
            (kind, since) = (seen.kind, seen.at)
        } else {
            // Seen as it came: new if the row was added with this change.
            (kind, since) = (change.isAddition(after: change.changedAt.addingTimeInterval(-Self.duration)) ? .added : .updated,
                             change.changedAt)
        }
        let age = now.timeIntervalSince(since)
        guard age < Self.duration else { return nil }
        return Mark(kind: kind, brightness: age < Self.duration / 3 ? .bright : age < 2 * Self.duration / 3 ? .plain : .dim)
    }

    /// The unseen changes of the results (`inResults`, the page's
    /// epicentres' ids): how many quakes are new and how many changed.
    public func unseen(changes: [String: QuakeChange], inResults: some Sequence<String>) -> (added: Int, updated: Int) {
        var counts = (added: 0, updated: 0)
        for id in inResults {
            guard let change = changes[id], change.changedAt > lookedAt else { continue }
            if change.isAddition(after: lookedAt) { counts.added += 1 } else { counts.updated += 1 }
        }
        return counts
    }

    /// The top line's words: `+3 new, 1 updated since you looked`; nil
    /// when nothing is unseen. `capped`: the results reported only the
    /// newest `recentChangesLimit` changes (a large import): `10,000+
    /// changed since you looked`.
    public static func unseenText(_ counts: (added: Int, updated: Int), capped: Bool = false) -> String? {
        if capped, counts.added + counts.updated > 0 {
            return "\(Formatting.count(ResultsPage.recentChangesLimit))+ changed since you looked"
        }
        var parts: [String] = []
        if counts.added > 0 { parts.append("+\(Formatting.count(counts.added)) new") }
        if counts.updated > 0 { parts.append("\(Formatting.count(counts.updated)) updated") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ") + " since you looked"
    }

    /// The marked quakes of the results, newest change first (ties by id):
    /// where the jump to the newest change goes, and the one after.
    public func marked(changes: [String: QuakeChange], inResults: some Sequence<String>, now: Date)
        -> [(id: String, changedAt: Date)] {
        inResults.compactMap { id -> (id: String, changedAt: Date)? in
            guard mark(id, changes: changes, now: now) != nil, let change = changes[id] else { return nil }
            return (id, change.changedAt)
        }.sorted { ($0.changedAt, $0.id) > ($1.changedAt, $1.id) }
    }

    /// Whether quake `id` was added so lately that its cell flashes.
    public static func flashes(_ change: QuakeChange, now: Date) -> Bool {
        guard let added = change.addedAt, added == change.changedAt else { return false }
        return (0..<flashDuration).contains(now.timeIntervalSince(added))
    }
}
