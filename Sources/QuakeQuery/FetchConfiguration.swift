import Foundation
import QuakeStore

/// What a results controller fetches: the counterpart of SwiftUI's
/// `FetchRequest.Configuration` plus `SectionedFetchRequest`'s section
/// identifier, the three things a user changes at run time.
///
/// Two configurations are equal exactly when they fetch the same: the same
/// predicate tree with texts equal byte for byte (as SQLite compares them;
/// Swift's `==` would call a precomposed `é` and `e` + U+0301 equal, which
/// select different rows), the same sort keys and the same sections. The
/// controller skips setting an equal one.
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

    /// The columns its sort, sections and predicate read: an index of one
    /// may serve it (the browser builds an on-demand one the catalog lacks,
    /// see `QuakeCatalog.buildSortIndexes`).
    public var columns: [String] {
        sortKeys.map(\.field.column) + (sectionIdentifier.map { [$0.field.column] } ?? [])
            + (predicate?.columns.sorted() ?? [])
    }

    public static func == (a: FetchConfiguration, b: FetchConfiguration) -> Bool {
        guard a.sortKeys == b.sortKeys, a.sectionIdentifier == b.sectionIdentifier else { return false }
        switch (a.predicate, b.predicate) {
        case (nil, nil): return true
        case (let p?, let q?): return p.root.fetchesTheSame(as: q.root)
        default: return false
        }
    }

    /// Consistent with `==`, which is stricter than the members' own `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(predicate)
        hasher.combine(sortKeys)
        hasher.combine(sectionIdentifier)
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

    /// A key by name or alias, or `DISTANCE(…)`; throws for a key that does
    /// not exist or cannot be sorted.
    public init(_ name: String, ascending: Bool, home: Home? = nil) throws {
        if name.uppercased().hasPrefix("DISTANCE") {
            self.init(try PredicateParser.parseDistanceKey(name, home: home), ascending: ascending)
            return
        }
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

    /// Parses `-magnitude,time`: a comma list, `-` for descending, `+`
    /// optional; `DISTANCE(35.68, 139.69)` keeps its comma.
    /// A `DISTANCE(…)` key's parse error counts its column in the whole text.
    public static func parseList(_ text: String, home: Home? = nil) throws -> [SortKey] {
        func isBlank(_ c: Character) -> Bool { c.unicodeScalars.allSatisfy(CharacterSet.whitespaces.contains) }
        return try splitList(text).map { part in
            // Still a slice of `text`: where the key starts in it is its column.
            var key = part.drop(while: isBlank)
            while let last = key.last, isBlank(last) { key = key.dropLast() }
            let ascending = key.first != "-"
            if key.first == "-" || key.first == "+" { key = key.dropFirst() }
            do {
                return try SortKey(String(key), ascending: ascending, home: home)
            } catch var error as QuakePredicate.ParseError {
                error.column += text.distance(from: text.startIndex, to: key.startIndex)
                throw error
            }
        }
    }

    /// The items of a comma list, commas inside parentheses or quotes kept.
    static func splitList(_ text: String) -> [Substring] {
        var items: [Substring] = [], start = text.startIndex, depth = 0, quote: Character?
        var escaped = false
        for index in text.indices {
            let c = text[index]
            if let open = quote {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == open { quote = nil }
                continue
            }
            switch c {
            case "\"", "'": quote = c
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case "," where depth == 0:
                items.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        items.append(text[start...])
        return items.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    static var sortableNames: String { (QuakeField.sortable.map(\.name) + ["DISTANCE(…)"]).joined(separator: ", ") }
}

public struct SortKeyError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var description: String { message }
}

extension PredicateNode {
    /// The same tree, texts compared by their UTF-8 bytes (what SQLite
    /// compares) and numbers by value or by bits (a NaN argument is the
    /// same as itself). Never true for two trees that can select different
    /// rows; chains of a few hundred AND or OR are a few hundred levels.
    func fetchesTheSame(as other: PredicateNode) -> Bool {
        switch (self, other) {
        case (.constant(let a), .constant(let b)):
            return a == b
        case (.not(let a), .not(let b)):
            return a.fetchesTheSame(as: b)
        case (.and(let a1, let a2), .and(let b1, let b2)), (.or(let a1, let a2), .or(let b1, let b2)):
            return a1.fetchesTheSame(as: b1) && a2.fetchesTheSame(as: b2)
        case (.comparison(let f, let op, let v, let o), .comparison(let g, let op2, let w, let o2)):
            return f == g && op == op2 && o == o2 && v.fetchesTheSame(as: w)
        case (.between(let f, let low, let high), .between(let g, let low2, let high2)):
            return f == g && low.fetchesTheSame(as: low2) && high.fetchesTheSame(as: high2)
        case (.oneOf(let f, let values, let o), .oneOf(let g, let values2, let o2)):
            return f == g && o == o2 && values.count == values2.count
                && zip(values, values2).allSatisfy { $0.fetchesTheSame(as: $1) }
        case (.string(let f, let op, let text, let o), .string(let g, let op2, let text2, let o2)):
            return f == g && op == op2 && o == o2 && text.utf8.elementsEqual(text2.utf8)
        default:
            return false
        }
    }
}

extension PredicateValue {
    func fetchesTheSame(as other: PredicateValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.number(let a), .number(let b)): return a == b || a.bitPattern == b.bitPattern
        case (.text(let a), .text(let b)): return a.utf8.elementsEqual(b.utf8)
        case (.age(let a, _), .age(let b, _)): return a == b
        default: return false
        }
    }
}
