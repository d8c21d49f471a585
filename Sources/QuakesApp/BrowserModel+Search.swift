import QuakeViews

/// `Ctrl-F`, `n`, `N`: find a place in the results without filtering them
/// (as less and vim search): the next row whose place holds the text,
/// going round at the end, found by the controller in the background.
extension BrowserModel {
    mutating func find(_ text: String, forward: Bool) {
        guard !text.isEmpty else {
            message = "nothing to find: Ctrl-F asks what"
            return
        }
        // `n n n` typed quickly: each from where the last lands, not all from here.
        if findInFlight && text == searchText {
            queuedFinds.append(forward)
            return
        }
        searchText = text
        queuedFinds = []
        findInFlight = true
        message = "finding \"\(text)\"…"
        effects.append(.findPlace(text, from: selectedIndex, forward: forward))
    }

    mutating func showFound(_ text: String, _ result: Result<(position: Int, wrapped: Bool)?, any Error>) {
        guard text == searchText else { return }   // a find the user replaced by another
        switch result {
        case .success(let found?):
            select(found.position)
            message = "\"\(text)\": row \(Formatting.count(found.position + 1)) of \(Formatting.count(rowCount))"
                + (found.wrapped ? " (from the other end)" : "")
            if !queuedFinds.isEmpty {
                effects.append(.findPlace(text, from: selectedIndex, forward: queuedFinds.removeFirst()))
                return
            }
        case .success(nil): message = "no place in the results holds \"\(text)\""
        case .failure(let error): report(error)
        }
        findInFlight = false
        queuedFinds = []
    }
}
