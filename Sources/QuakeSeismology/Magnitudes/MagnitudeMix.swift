import Foundation

/// The magnitude types (and networks) of a set of events, with their counts:
/// a b-value or a moment sum over ml and mw together means little, and the
/// browser says so ("mixes ml (1,204), mw (310)").
public struct MagnitudeMix: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var count: Int

        public init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
    }

    /// Distinct magnitude types, most events first (ties by name). Types are
    /// compared trimmed and lower-cased (ML = ml = " Ml"); a missing or empty
    /// one is "unknown".
    public var types: [Entry]
    /// Distinct networks the same way (empty when none were given).
    public var networks: [Entry]

    /// Counts the per-event magnitude types and, when given, networks. O(n).
    public init(types: [String?], networks: [String?] = []) {
        self.types = Self.tally(types)
        self.networks = Self.tally(networks)
    }

    /// From counts per raw spelling (an aggregate's rows), folded the same way.
    public init(typeCounts: [String?: Int], networkCounts: [String?: Int] = [:]) {
        types = Self.fold(typeCounts)
        networks = Self.fold(networkCounts)
    }

    public var mixesTypes: Bool { types.count > 1 }
    public var mixesNetworks: Bool { networks.count > 1 }

    /// "mixes ml (1,204), mw (310)", with "; networks ci (900), us (614)" when
    /// the networks mix too (or "mixes networks …" alone); nil when one type
    /// and one network.
    public var warning: String? {
        switch (mixesTypes, mixesNetworks) {
        case (false, false): nil
        case (true, false): "mixes \(Self.list(types))"
        case (false, true): "mixes networks \(Self.list(networks))"
        case (true, true): "mixes \(Self.list(types)); networks \(Self.list(networks))"
        }
    }

    /// "ml (1,204), mw (310)".
    public static func list(_ entries: [Entry]) -> String {
        entries.map { "\($0.name) (\(grouped($0.count)))" }.joined(separator: ", ")
    }

    static func tally(_ values: [String?]) -> [Entry] {
        // Count the raw spellings first (few distinct ones), then fold them.
        var raw: [String?: Int] = [:]
        for value in values { raw[value, default: 0] += 1 }
        return fold(raw)
    }

    static func fold(_ raw: [String?: Int]) -> [Entry] {
        var folded: [String: Int] = [:]
        for (value, count) in raw {
            let name = (value ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            folded[name.isEmpty ? "unknown" : name, default: 0] += count
        }
        return folded.map { Entry(name: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
    }

    /// 1204 → "1,204".
    static func grouped(_ n: Int) -> String {
        var digits = String(n.magnitude)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3), at: 0)
            digits.removeLast(3)
        }
        groups.insert(Substring(digits), at: 0)
        return (n < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}
