import QuakeMap
import QuakeQuery

/// What the user asked to see, as undo (`u`) and redo (Ctrl-R) restore it:
/// the filter, the predicate, the region, the sort and the sections.
struct QueryState: Equatable, Sendable {
    var filterText: String
    var userPredicate: QuakePredicate?
    var regionFilter: MapRegion?
    var sortKeys: [SortKey]
    var sections: SectionKey?
}

/// The query states before each change, and those undone. Typing into the
/// filter field is one change however many keys it takes: the state before
/// `/` is what `u` restores.
struct QueryHistory: Equatable, Sendable {
    private(set) var undone: [QueryState] = []
    private(set) var earlier: [QueryState] = []
    /// A change of this filter-field session is recorded already.
    private var filterSessionRecorded = false

    /// How many changes `u` can take back.
    static let limit = 100

    /// `before` changed into something else; `typing`: by the filter field.
    mutating func record(_ before: QueryState, typing: Bool) {
        if typing && filterSessionRecorded { return }
        filterSessionRecorded = typing
        earlier.append(before)
        if earlier.count > Self.limit { earlier.removeFirst() }
        undone = []
    }

    /// The filter field closed: the next change is a change of its own.
    mutating func endFilterSession() { filterSessionRecorded = false }

    /// The state to go back to from `current`, which redo brings back.
    mutating func undo(from current: QueryState) -> QueryState? {
        guard let state = earlier.popLast() else { return nil }
        undone.append(current)
        filterSessionRecorded = false
        return state
    }

    /// The state undone last, from `current`, which undo brings back.
    mutating func redo(from current: QueryState) -> QueryState? {
        guard let state = undone.popLast() else { return nil }
        earlier.append(current)
        filterSessionRecorded = false
        return state
    }
}
