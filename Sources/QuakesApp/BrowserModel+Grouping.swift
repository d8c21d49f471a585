import QuakeStore

/// The details' keys that steer how reports are grouped into events, as
/// `quakes-tui split` and `merge` do: `Tab` marks an origin, `x` splits it
/// off, `m` marks an event and merges it with the next one `m` is pressed on.
extension BrowserModel {
    /// The event's origins arrived: the marker on the first that is not the
    /// preferred one (the one a split takes), or where it was in the same event.
    mutating func showOrigins(_ origins: [EventOrigin]) {
        let marked = detailOrigins.indices.contains(originCursor) ? detailOrigins[originCursor].report.id : nil
        detailOrigins = origins
        originCursor = origins.firstIndex { $0.report.id == marked }
            ?? origins.firstIndex { !$0.isPreferred } ?? 0
    }

    mutating func nextOrigin() {
        guard detailOrigins.count > 1 else { return }
        originCursor = (originCursor + 1) % detailOrigins.count
    }

    mutating func splitMarkedOrigin() {
        guard writable(), groupingStatus == nil else { return }
        guard detailOrigins.count > 1, detailOrigins.indices.contains(originCursor) else {
            message = "one origin: nothing to split off"
            return
        }
        let origin = detailOrigins[originCursor].report.id
        groupingStatus = "splitting \(origin) off…"
        effects.append(.split(origin: origin))
    }

    mutating func markOrMerge() {
        guard writable(), groupingStatus == nil, let quake = selectedQuake else { return }
        switch mergeMark {
        case quake.id?:
            mergeMark = nil
            message = "\(quake.id) no longer marked to merge"
        case let marked?:
            mergeMark = nil
            groupingStatus = "merging \(marked) and \(quake.id)…"
            effects.append(.merge(marked, quake.id))
        case nil:
            mergeMark = quake.id
            message = "marked \(quake.id) to merge: m in another event's details merges the two"
        }
    }

    /// The details stay on the event that was merged into or that the
    /// other origins remain.
    mutating func regrouped(_ result: Result<RegroupedEvent, any Error>) {
        groupingStatus = nil
        switch result {
        case .success(let outcome):
            message = outcome.notice
            anchor = .quake(outcome.event)
            asked.origins = nil
        case .failure(let error): report(error)
        }
    }

    private mutating func writable() -> Bool {
        if isReadOnly { message = Self.readOnlyMessage }
        return !isReadOnly
    }
}

extension BrowserModel {
    /// The details' last line when it has news: a merge or split under
    /// way, what one did, or the event marked to merge.
    var detailNotice: String? {
        groupingStatus ?? message ?? mergeMark.map { "\($0) marked to merge: m in another event's details merges the two" }
    }
}
