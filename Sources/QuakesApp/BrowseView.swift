import Foundation
import QuakeQuery
import QuakeStore
import TerminalUI

/// Draws the browse screen (and its overlays) for a state into a Screen.
public struct BrowseView {
    public static let minimumWidth = 40
    public static let minimumHeight = 8
    /// How long a row an import added or changed keeps its `+` mark.
    public static let changeMarkDuration: TimeInterval = ResultsController.recentChangesWindow

    let formatting: Formatting
    /// `▲▼` on a UTF-8 terminal, `^v` elsewhere.
    public let unicode: Bool

    public init(timeZone: TimeZone = .current, now: Date = Date(), unicode: Bool = true) {
        formatting = Formatting(timeZone: timeZone, now: now)
        self.unicode = unicode
    }

    public func render(_ state: BrowserState, into screen: inout Screen) {
        screen.clear()
        state.width = screen.width
        state.height = screen.height
        guard screen.width >= Self.minimumWidth, screen.height >= Self.minimumHeight else {
            renderTooSmall(into: &screen)
            return
        }
        state.scrollToSelection()
        renderTopLine(state, into: &screen)
        let layout = ColumnLayout(width: screen.width)
        renderHeader(state, layout, into: &screen)
        renderBody(state, layout, into: &screen)
        renderBottomLine(state, into: &screen)
        switch state.mode {
        case .detail:
            if let quake = state.selectedQuake { DetailView(formatting: formatting).render(quake, into: &screen) }
        case .help: HelpView(unicode: unicode).render(into: &screen)
        default: break
        }
    }

    /// `terminal too small` and the size needed, centered, its words wrapped
    /// onto more lines when the screen is narrower than a line.
    private func renderTooSmall(into screen: inout Screen) {
        let message = ["terminal too small",
                       "\(Self.minimumWidth)x\(Self.minimumHeight) needed, now \(screen.width)x\(screen.height)"]
        let lines = message.flatMap { Self.wrap($0, width: screen.width) }
        let top = max(0, (screen.height - lines.count) / 2)
        for (i, line) in lines.enumerated() {
            screen.put(line, row: top + i, column: max(0, (screen.width - DisplayWidth.of(line)) / 2))
        }
    }

    /// `text` in lines of at most `width` columns, broken between words.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for word in text.split(separator: " ").map(String.init) {
            if let last = lines.last, DisplayWidth.of(last) + 1 + DisplayWidth.of(word) <= width {
                lines[lines.count - 1] = last + " " + word
            } else {
                lines.append(word)
            }
        }
        return lines
    }

    // MARK: Top line

    func topLine(_ state: BrowserState) -> String {
        var parts = ["quakes-tui", state.catalogName]
        if state.isReadOnly { parts.append("read-only") }
        if let snapshot = state.snapshot {
            if let count = snapshot.count, let total = snapshot.total {
                let noun = total == 1 ? "quake" : "quakes"
                parts.append(count == total ? "\(Formatting.count(total)) \(noun)"
                             : "\(Formatting.count(count)) of \(Formatting.count(total)) \(noun)")
            } else {
                parts.append("counting…")
            }
        }
        if let updated = state.lastUpdated { parts.append("Updated \(formatting.age(updated))") }
        if !state.filterText.isEmpty { parts.append("filter \"\(state.filterText)\"") }
        if let predicate = state.userPredicate { parts.append("where \(predicate)") }
        let sortKeys = state.configuration.wrappedValue.sortKeys
        if !sortKeys.isEmpty {
            parts.append("by " + sortKeys.map { "\(QuakeColumn(field: $0.field)?.title.lowercased() ?? $0.field.name) \(arrow($0.ascending))" }
                .joined(separator: ", "))
        }
        if let section = state.configuration.wrappedValue.sectionIdentifier { parts.append("sections: \(section.label)") }
        return parts.joined(separator: "  ")
    }

    private func arrow(_ ascending: Bool) -> String { unicode ? (ascending ? "▲" : "▼") : (ascending ? "^" : "v") }

    private func renderTopLine(_ state: BrowserState, into screen: inout Screen) {
        let style = Style(reverse: true)
        screen.fill(row: 0, style: style)
        screen.put(" " + topLine(state), row: 0, column: 0, style: style)
    }

    // MARK: Header

    /// `1 Time ▼`, `2 Mag ▲2` (a secondary key shows its priority). In a
    /// narrow column the title is cut, never the key number or the mark:
    /// `4 De… ▲2`, and `7 ▲2` when only those fit.
    func headerLabel(_ column: QuakeColumn, sortKeys: [SortKey], width: Int = .max) -> String {
        var mark = ""
        if let position = sortKeys.firstIndex(where: { $0.field == column.field }) {
            mark = " " + arrow(sortKeys[position].ascending) + (position == 0 ? "" : String(position + 1))
        }
        let key = "\(column.rawValue)"
        let label = "\(key) \(column.title)" + mark
        if DisplayWidth.of(label) <= width { return label }
        let room = width - DisplayWidth.of(key) - 1 - DisplayWidth.of(mark)
        return room >= 2 ? "\(key) \(DisplayWidth.truncate(column.title, to: room))" + mark : key + mark
    }

    private func renderHeader(_ state: BrowserState, _ layout: ColumnLayout, into screen: inout Screen) {
        let sortKeys = state.configuration.wrappedValue.sortKeys
        for placed in layout.columns {
            let label = headerLabel(placed.column, sortKeys: sortKeys, width: placed.width)
            let style = Style(bold: true, underline: placed.column == state.columnCursor)
            screen.put(DisplayWidth.fit(label, to: placed.width, alignRight: placed.column.alignRight),
                       row: 1, column: placed.x, style: style)
        }
    }

    // MARK: Body

    private func renderBody(_ state: BrowserState, _ layout: ColumnLayout, into screen: inout Screen) {
        guard let snapshot = state.snapshot else {
            screen.put("loading…", row: 2, column: ColumnLayout.margin, style: Style(dim: true))
            return
        }
        if state.rowCount == 0, snapshot.isComplete {
            screen.put(state.filterText.isEmpty && state.userPredicate == nil ? "no quakes in this catalog"
                       : "no quakes match", row: 2, column: ColumnLayout.margin, style: Style(dim: true))
            return
        }
        let table = state.layout
        let lines = state.topLine..<min(table.lineCount, state.topLine + state.bodyHeight)
        // Fetch the visible rows in one go.
        let rowIndexes = lines.compactMap { line -> Int? in
            if case .row(let index) = table.item(atLine: line) { return index } else { return nil }
        }
        let rows = rowIndexes.first.map { first in snapshot.rows(in: first..<(rowIndexes.last! + 1)) } ?? []
        let filter = FilterMatch(filter: state.filterText)
        // Days are UTC days; rows show local times, so say so where they differ.
        let dayZone = state.configuration.wrappedValue.sectionIdentifier == .day && formatting.zoneName != "UTC" ? " UTC" : ""
        for (offset, line) in lines.enumerated() {
            let screenRow = 2 + offset
            switch table.item(atLine: line) {
            case .section(let section):
                let noun = section.count == 1 ? "quake" : "quakes"
                screen.put(" \(section.id)\(dayZone) · \(Formatting.count(section.count)) \(noun)", row: screenRow, column: 0,
                           style: Style(foreground: .cyan, bold: true))
            case .row(let index):
                let local = index - rowIndexes[0]
                guard local < rows.count else { continue }
                renderRow(rows[local], selected: index == state.selectedIndex, filter: filter, snapshot: snapshot,
                          layout, row: screenRow, into: &screen)
            case nil: break
            }
        }
    }

    private func renderRow(_ quake: Quake, selected: Bool, filter: FilterMatch, snapshot: ResultsSnapshot,
                           _ layout: ColumnLayout, row: Int, into screen: inout Screen) {
        // A quake new or changed in the last half minute: bold, with a `+`.
        let changed = snapshot.recentlyChanged[quake.id]
            .map { (0..<Self.changeMarkDuration).contains(formatting.now.timeIntervalSince($0)) } ?? false
        let base = Style(bold: changed, reverse: selected)
        if selected { screen.fill(row: row, style: base) }
        if changed { screen.put("+", row: row, column: 0, style: base) }
        for placed in layout.columns {
            var style = base
            let text: String
            switch placed.column {
            case .time:
                let ageWidth = placed.width - ColumnLayout.shortTimeWidth
                text = formatting.localTime(quake.time)
                    + (ageWidth > 0 ? DisplayWidth.fit(formatting.age(quake.time), to: ageWidth, alignRight: true) : "")
                style.foreground = .default
            case .magnitude:
                text = Formatting.magnitude(quake.magnitude)
                style.foreground = Formatting.color(forMagnitude: quake.magnitude)
            case .place:
                renderPlace(quake.place, filter: filter, placed: placed, base: base, row: row, into: &screen)
                continue
            case .depth: text = Formatting.number(quake.depth, decimals: 1)
            case .latitude: text = Formatting.number(quake.latitude, decimals: 3)
            case .longitude: text = Formatting.number(quake.longitude, decimals: 3)
            case .net: text = quake.net
            case .type: text = quake.type
            case .status: text = quake.status
            }
            screen.put(DisplayWidth.fit(text, to: placed.width, alignRight: placed.column.alignRight),
                       row: row, column: placed.x, style: style)
        }
    }

    /// The place, cut with `…` by display width, filter matches highlighted.
    private func renderPlace(_ place: String, filter: FilterMatch, placed: ColumnLayout.Placed, base: Style,
                             row: Int, into screen: inout Screen) {
        let shown = DisplayWidth.truncate(place, to: placed.width)
        let matches = filter.ranges(in: shown)
        var x = placed.x
        var highlight = base
        highlight.bold = true
        highlight.underline = true
        highlight.foreground = .yellow
        for (offset, character) in shown.enumerated() {
            let inMatch = matches.contains { $0.contains(offset) }
            x += screen.put(String(character), row: row, column: x, style: inMatch ? highlight : base,
                            maxWidth: placed.x + placed.width - x)
        }
    }

    // MARK: Bottom line

    static let hints = "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit"

    private func renderBottomLine(_ state: BrowserState, into screen: inout Screen) {
        let row = screen.height - 1
        switch state.mode {
        case .filter(let field):
            field.render(into: &screen, row: row, prompt: "/")
            renderFull(field, row: row - 1, into: &screen)
        case .predicate(let field, let error):
            field.render(into: &screen, row: row, prompt: ":")
            renderFull(field, row: row - 1, into: &screen)
            if let error {
                // The caret sits under the bad column of the text above it.
                let caretColumn = 1 + DisplayWidth.of(String(field.text.prefix(error.column - 1)))
                let line = String(repeating: " ", count: caretColumn) + "^ " + error.description
                screen.fill(row: row - 1, style: Style(foreground: .red))
                screen.put(line, row: row - 1, column: 0, style: Style(foreground: .red, bold: true))
            }
        case .confirmDelete(let quake):
            screen.put("Delete \(quake.title.isEmpty ? quake.id : quake.title)? y/n", row: row, column: 0,
                       style: Style(foreground: .red, bold: true))
        case .addSortKey:
            screen.put("add sort key: 1-9 or [ ] for the column under the cursor", row: row, column: 0)
        default:
            if let failure = state.snapshot?.rowReadFailure {
                screen.fill(row: row, style: Style(foreground: .red))
                screen.put("error: \(failure)", row: row, column: 0, style: Style(foreground: .red, bold: true))
            } else if let message = state.message {
                screen.put(message, row: row, column: 0, style: Style(bold: true))
            } else if let progress = state.refreshStatus {
                screen.put(progress, row: row, column: 0)
            } else {
                screen.put(unicode ? Self.hints : Self.hints.replacingOccurrences(of: "⏎", with: "Enter"),
                           row: row, column: 0, style: Style(dim: true))
            }
        }
    }
}

extension BrowseView {
    /// Above a field that refused input: how much it holds.
    private func renderFull(_ field: TextField, row: Int, into screen: inout Screen) {
        guard field.refusedInput else { return }
        screen.fill(row: row)
        screen.put("the field holds at most \(Formatting.count(field.maximumLength)) characters", row: row, column: 0,
                   style: Style(bold: true))
    }
}

/// Where the filter text matches a place, case- and accent-insensitively,
/// as character offsets of the place. The filter is folded once per frame,
/// not once per row.
struct FilterMatch {
    private let needle: [Character]

    init(filter: String) { needle = Array(TextFolding.fold(filter)) }

    func ranges(in place: String) -> [Range<Int>] {
        guard !needle.isEmpty else { return [] }
        // Fold character by character, remembering which place character each
        // folded character came from.
        var folded: [Character] = []
        var origin: [Int] = []
        for (offset, character) in place.enumerated() {
            for f in TextFolding.fold(String(character)) { folded.append(f); origin.append(offset) }
        }
        var ranges: [Range<Int>] = []
        var start = 0
        while start + needle.count <= folded.count {
            if Array(folded[start..<start + needle.count]) == needle {
                ranges.append(origin[start]..<origin[start + needle.count - 1] + 1)
                start += needle.count
            } else {
                start += 1
            }
        }
        return ranges
    }
}
