import Foundation
import QuakeMap
import QuakeQuery
import QuakeViews
import TerminalUI

/// Views: what the browser shows as a value (`SavedView`), saved under a
/// name (`w`), listed and switched to (`'`), restored at start; and the
/// small keys about the selected quake and times (`t`, `o`, `y`).
extension BrowserModel {
    /// What the browser shows now, as it would be saved: the requested
    /// configuration, not the one of the rows still on screen.
    public var currentView: SavedView {
        var view = SavedView()
        view.filter = filterText
        view.predicate = userPredicate?.description
        view.region = map.regionFilter.map(SavedView.Bounds.init)
        let requested = configuration
        view.sort = requested.sortKeys.map(\.description).joined(separator: ",")
        view.sections = requested.sectionIdentifier?.argument
        view.panes = map.panes.rawValue
        view.map = SavedView.Bounds(map.region)
        view.utc = showsUTC
        view.charts = charts.isShown ? true : nil
        view.chartsLayout = charts.layout.flatMap { $0 == .activity ? nil : $0.rawValue }
        view.hiddenColumns = hiddenColumns.isEmpty ? nil : hiddenColumns.sorted { $0.rawValue < $1.rawValue }.map { $0.title.lowercased() }
        view.columnOrder = columnOrder.map { $0.map { $0.title.lowercased() } }
        view.addedColumns = addedColumns.isEmpty ? nil : addedColumns.map { $0.title.lowercased() }
        return view
    }

    /// Shows `view`: every part of it, in one change of the configuration.
    /// A part that no longer parses (a predicate naming a home the browser
    /// has not got) is left out and named in the bottom line.
    mutating func show(_ view: SavedView, name: String?) {
        var problems: [String] = []
        filterText = view.filter
        do { userPredicate = try view.predicate.map { try QuakePredicate($0, home: home) } } catch {
            userPredicate = nil
            problems.append("predicate \(view.predicate ?? ""): \(error)")
        }
        // Each part read from a file is checked as its option is; a bad one is named and its default used.
        func checked<T>(_ value: () throws -> T, orElse fallback: T) -> T {
            do { return try value() } catch { problems.append("\(error)"); return fallback }
        }
        map.restore(panes: checked(view.browsePanes, orElse: .table), region: checked(view.mapRegion, orElse: .world),
                    regionFilter: checked(view.filterRegion, orElse: nil))
        showsUTC = view.utc
        charts.show(view.charts == true ? checked(view.chartsLayoutValue, orElse: .activity) : nil)
        func column(_ name: String) -> QuakeColumn? { QuakeColumn.allCases.first { $0.title.lowercased() == name } }
        hiddenColumns = []
        for name in view.hiddenColumns ?? [] {
            if let column = column(name), column != .time {
                hiddenColumns.insert(column)
            } else {
                problems.append("no column \(name) to hide")
            }
        }
        addedColumns = []
        for name in view.addedColumns ?? [] {
            if let column = column(name), column.isAdded {
                if !addedColumns.contains(column) { addedColumns.append(column) }
            } else {
                problems.append("no column \(name) to add")
            }
        }
        columnOrder = view.columnOrder.map { $0.compactMap(column) }
        if columnsNotShown.contains(columnCursor) { columnCursor = .time }
        var configuration = self.configuration
        do { configuration.sortKeys = try view.sortKeys(home: home) } catch {
            problems.append("sort \(view.sort): \(error)")
        }
        do { configuration.sectionIdentifier = try view.sectionKey() } catch {
            problems.append("sections: \(error)")
        }
        configuration.predicate = selection
        self.configuration = configuration
        anchor = .top
        selectedIndex = 0
        let what = name.map { "view \($0)" } ?? "the starting view"
        message = problems.isEmpty ? (name.map { "showing view \($0)" }) : "error: \(what): " + problems.joined(separator: "; ")
    }

    // MARK: Keys

    /// `w`: asks for a name.
    mutating func startSavingView() {
        guard canSaveViews else {
            message = Self.noStateFolderMessage
            return
        }
        mode = .saveView(TextField(""))
    }

    static let noStateFolderMessage = "views cannot be saved: set HOME or XDG_STATE_HOME"

    mutating func handleSaveView(_ field: TextField, _ key: Key) {
        var field = field
        switch key {
        case .escape: mode = .table
        case .enter:
            mode = .table
            let name = field.text.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else {
                message = "not saved: a view needs a name"
                return
            }
            effects.append(.saveView(currentView, name: name))
        default:
            _ = field.handle(key)
            mode = .saveView(field)
        }
    }

    /// `'`: the saved views, or why there are none to show.
    mutating func listViews() {
        guard canSaveViews else {
            message = Self.noStateFolderMessage
            return
        }
        effects.append(.listViews)
    }

    /// What the view effects came back with.
    mutating func handleViews(_ event: BrowserEvent) {
        switch event {
        case .viewSaved(let name, .success(let replaced)):
            message = "saved view \(name)" + (replaced ? " (replaced)" : "")
        case .viewSaved(_, .failure(let error)):
            message = "error: \(error); not saved"
        case .viewsListed(.success(let views)):
            if views.isEmpty { message = "no saved views: w saves this one" } else { mode = .views(ViewPicker(views)) }
        case .viewsListed(.failure(let error)), .viewDeleted(_, .failure(let error)):
            message = "error: \(error)"
        case .viewDeleted(let name, .success(let left)):
            message = "deleted view \(name)"
            guard case .views(let picker) = mode else { return }
            if left.isEmpty { mode = .table; return }
            var next = ViewPicker(left)
            next.selected = min(picker.selected, left.count - 1)
            mode = .views(next)
        default: break
        }
    }

    mutating func handleViewList(_ picker: ViewPicker, _ key: Key) {
        var picker = picker
        let command = Keymap.command(for: key, in: .list)
        if let moved = OverlayList.selection(after: command, from: picker.selected, count: picker.views.count) {
            picker.selected = moved
            mode = .views(picker)
            return
        }
        switch command {
        case .listChoose?:
            mode = .table
            if let chosen = picker.chosen { show(chosen.view, name: chosen.name) }
            return
        case .deleteChosenView?:
            guard let chosen = picker.chosen else { return }
            effects.append(.deleteView(name: chosen.name))
        case .listClose?:
            mode = .table
            return
        default: break
        }
        mode = .views(picker)
    }

    /// `t`: every time shown in UTC, or in the local zone again.
    mutating func toggleUTC() {
        showsUTC.toggle()
        message = showsUTC ? "times in UTC" : "times in local time"
    }

    /// `o`: the selected quake's event page in a browser, or its address
    /// where there is no display to open one on; only an http(s) link is
    /// handed to `xdg-open`.
    mutating func openSelected() {
        guard let quake = selectedQuake else { return }
        guard !quake.url.isEmpty else {
            message = "\(quake.id) has no event page"
            return
        }
        guard hasDisplay else {
            message = quake.url
            return
        }
        switch EventPageLink.check(quake.url) {
        case .success(let link):
            message = "opening \(link.url)"
            effects.append(.open(link))
        case .failure(let refusal):
            message = EventPageLink.refusalMessage(quake.url, refusal: refusal, doing: "opening", done: "opened")
        }
    }

    /// `y`: the selected quake's address to the clipboard, through the
    /// terminal; only an http(s) link on one line, so nothing pasted runs.
    mutating func copySelected() {
        guard let quake = selectedQuake else { return }
        guard !quake.url.isEmpty else {
            message = "\(quake.id) has no event page"
            return
        }
        switch EventPageLink.check(quake.url) {
        case .success(let link):
            effects.append(.copy(link.url))
            message = "copied \(link.url) (OSC 52)"
        case .failure(let refusal):
            message = EventPageLink.refusalMessage(quake.url, refusal: refusal, doing: "copying", done: "copied")
        }
    }
}
