import QuakeQuery
import QuakeViews
import TerminalUI

/// What changed since the user looked: a key or a click is a look (what
/// came while nobody looked is seen, and its marks fade from then); `C`
/// goes through the changes without looking.
extension BrowserModel {
    /// Whether `event` is the user looking: any key or click but `C` in the table.
    func isLook(_ event: Event) -> Bool {
        switch event {
        case .key(let key):
            guard case .table = mode, !map.isFocused || Keymap.command(for: key, in: .map) == nil else { return true }
            return Keymap.command(for: key, in: .table) != .jumpToChange
        case .mouse: return true
        case .resize: return false
        }
    }

    mutating func look() {
        changeMarks.look(at: now, changes: page?.recentlyChanged ?? [:])
        lastChangeJump = nil
    }

    /// `C`: the results' newest marked change, then the one before the last
    /// one gone to, round again. A quake outside the page is located first.
    mutating func jumpToChange() {
        guard let page else { return }
        let marked = changeMarks.marked(changes: page.recentlyChanged, inResults: page.recentlyChangedEpicentres.keys,
                                        now: now)
        guard !marked.isEmpty else {
            message = "no changes to go to: rows an import adds or changes are marked + and ~"
            return
        }
        let last = lastChangeJump.flatMap { id in marked.firstIndex { $0.id == id } }
        let position = last.map { ($0 + 1) % marked.count } ?? 0
        let id = marked[position].id
        lastChangeJump = id
        anchor = .quake(id)
        message = "change \(position + 1) of \(marked.count), newest first"
        if let index = page.index(ofQuakeWithID: id) { select(index) } else { effects.append(.locate(id)) }
    }

    /// Where `.locate` found a quake: selected, if it is still the one asked for.
    mutating func located(_ id: String, _ result: Result<Int?, any Error>) {
        guard case .quake(id) = anchor else { return }
        switch result {
        case .success(let index?): select(index)
        case .success(nil): message = "that change is no longer in the results"
        case .failure(let error): report(error)
        }
    }

    /// Asks the controller for changes since the marks need them, when that moved.
    mutating func askForChanges() {
        let since = changeMarks.readSince
        if asked.marksSince != since {
            asked.marksSince = since
            effects.append(.reportChanges(since: since))
        }
    }
}
