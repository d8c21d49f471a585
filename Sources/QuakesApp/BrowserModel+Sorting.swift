import QuakeQuery
import QuakeViews

/// Sorting and sections: they only write the configuration (`reduce` then
/// asks for its results).
extension BrowserModel {
    /// Sorts by `column`: the number key and header click toggle the
    /// direction when it is already the primary key; `adding` makes it a
    /// secondary key instead of replacing; `z` and a number on a secondary
    /// key already reversed removes it (its default direction, the other,
    /// none). Builds on the sort asked for last, so keys pressed before
    /// their results arrive add up.
    mutating func sortBy(_ column: QuakeColumn, ascending: Bool?, adding: Bool) {
        guard let field = column.field(home: home) else { return }
        guard field.isSortable else {
            message = "\(field.name) is not a sort key; : filters by it (\(field.name) > …)"
            return
        }
        var keys = requestedSortKeys
        let existing = keys.firstIndex { $0.field == field }
        if adding, ascending == nil, let existing, existing > 0, keys[existing].ascending != column.defaultAscending {
            keys.remove(at: existing)
            configuration.sortKeys = keys
            return
        }
        let direction: Bool
        if let ascending {
            direction = ascending
        } else if let existing, adding || existing == 0 {
            direction = !keys[existing].ascending
        } else {
            direction = column.defaultAscending
        }
        let key = SortKey(field, ascending: direction)
        if adding {
            if let existing { keys[existing] = key } else { keys.append(key) }
        } else {
            keys = [key]
        }
        configuration.sortKeys = keys
    }

    /// `s`: none ─► day ─► magnitude band ─► network ─► sequence ─► none.
    mutating func cycleSections() {
        let next: SectionKey?
        switch configuration.sectionIdentifier {
        case nil: next = .day
        case .day: next = .magnitudeBand
        case .magnitudeBand: next = .network
        case .network: next = .sequence
        case .sequence, .type: next = nil
        }
        configuration.sectionIdentifier = next
    }
}
