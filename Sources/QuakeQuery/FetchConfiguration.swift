import Foundation
import QuakeStore

/// What a results controller fetches: the counterpart of SwiftUI's
/// `FetchRequest.Configuration` plus `SectionedFetchRequest`'s section
/// identifier, the three things a user changes at run time.
public struct FetchConfiguration: Sendable, Hashable {
    /// nil: every quake.
    public var predicate: QuakePredicate?
    /// The sort as key names (`magnitude` descending, then `time`): the form
    /// `--sort -magnitude,time` parses. The one state both views share.
    public var sortKeys: [SortKey]
    public var sectionIdentifier: SectionKey?

    public init(predicate: QuakePredicate? = nil, sortKeys: [SortKey] = [SortKey(.time, ascending: false)],
                sectionIdentifier: SectionKey? = nil) {
        self.predicate = predicate
        self.sortKeys = sortKeys
        self.sectionIdentifier = sectionIdentifier
    }

    public init(predicate: QuakePredicate? = nil, sortDescriptors: [SortDescriptor<Quake>], sectionIdentifier: SectionKey? = nil) {
        self.init(predicate: predicate, sortKeys: [], sectionIdentifier: sectionIdentifier)
        self.sortDescriptors = sortDescriptors
    }

    /// The sort as Foundation's typed descriptors, first is primary. Setting
    /// it sets `sortKeys`; descriptors on keys that cannot be sorted are
    /// dropped.
    public var sortDescriptors: [SortDescriptor<Quake>] {
        get { sortKeys.compactMap { $0.field.sortDescriptor($0.ascending ? .forward : .reverse) } }
        set {
            sortKeys = newValue.compactMap { descriptor in
                QuakeField.sortedBy(descriptor).map { SortKey($0, ascending: descriptor.order == .forward) }
            }
        }
    }
}

/// One sort key by name: `SortKey("magnitude", ascending: false)`.
public struct SortKey: Sendable, Hashable, CustomStringConvertible {
    public var field: QuakeField
    public var ascending: Bool

    public init(_ field: QuakeField, ascending: Bool) {
        self.field = field
        self.ascending = ascending
    }

    /// A key by name or alias; throws for a key that does not exist or cannot be sorted.
    public init(_ name: String, ascending: Bool) throws {
        guard let field = QuakeField.named(name) else {
            throw SortKeyError(message: "unknown sort key '\(name)'; sortable keys are \(Self.sortableNames)")
        }
        guard field.isSortable else {
            throw SortKeyError(message: "'\(field.name)' cannot be sorted; sortable keys are \(Self.sortableNames)")
        }
        self.init(field, ascending: ascending)
    }

    public var key: String { field.name }

    /// `-magnitude` for descending, `time` for ascending.
    public var description: String { (ascending ? "" : "-") + field.name }

    /// Parses `-magnitude,time`: a comma list, `-` for descending, `+` optional.
    public static func parseList(_ text: String) throws -> [SortKey] {
        try text.split(separator: ",").map { part in
            let item = part.trimmingCharacters(in: .whitespaces)
            if item.hasPrefix("-") { return try SortKey(String(item.dropFirst()), ascending: false) }
            if item.hasPrefix("+") { return try SortKey(String(item.dropFirst()), ascending: true) }
            return try SortKey(item, ascending: true)
        }
    }

    static var sortableNames: String { QuakeField.sortable.map(\.name).joined(separator: ", ") }
}

public struct SortKeyError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var description: String { message }
}
