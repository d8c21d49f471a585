import Foundation
import QuakeQuery
import QuakeStore
import TerminalUI

/// What the table shows, as a value: the page on screen and where the
/// user is in it.
public struct TableContent: Sendable, Equatable {
    /// The results on screen; nil before the first arrive.
    public var page: ResultsPage?
    public var home: Home?
    /// The sort of the rows on screen, and the sort asked for: they differ
    /// until the new rows arrive, and the header shows which is pending.
    public var shownSortKeys: [SortKey]
    public var requestedSortKeys: [SortKey]
    public var columnCursor: QuakeColumn
    /// First visible line of the body (section headers count as lines).
    public var topLine: Int
    public var selectedIndex: Int
    /// The filter of the rows on screen: its matches are highlighted.
    public var filterText: String
    /// Whether the rows on screen are all the catalog's (nothing filters them).
    public var isUnfiltered: Bool
    /// The standard columns `-` hid.
    public var hiddenColumns: Set<QuakeColumn> = []
    /// The other stored fields `+` added.
    public var addedColumns: [QuakeColumn] = []
    /// The body's lines: the page's rows and sections, folded as a tree;
    /// the browser keeps one made when its page or folds change.
    public var tableLayout: TableLayout
    /// The columns as `<` `>` moved them; nil: the usual order.
    public var columnOrder: [QuakeColumn]?
    /// How the rows an import added or changed are marked.
    public var changeMarks = ChangeMarks(lookedAt: .distantPast)

    public init(page: ResultsPage?, home: Home?, shownSortKeys: [SortKey], requestedSortKeys: [SortKey],
                columnCursor: QuakeColumn, topLine: Int, selectedIndex: Int, filterText: String, isUnfiltered: Bool) {
        self.page = page; self.home = home; self.shownSortKeys = shownSortKeys; self.requestedSortKeys = requestedSortKeys
        self.columnCursor = columnCursor; self.topLine = topLine; self.selectedIndex = selectedIndex
        self.filterText = filterText; self.isUnfiltered = isUnfiltered
        tableLayout = TableLayout(page: page)
    }

    /// Where the columns sit on a line `width` wide: the cursor's column in
    /// view, Place as wide as the widest place of the page's rows.
    public func columns(width: Int) -> ColumnLayout {
        ColumnLayout(width: width, home: home, reaching: columnCursor, hidden: hiddenColumns, added: addedColumns,
                     order: columnOrder, placeNeeds: widestPlace)
    }

    /// The widest place (display width) of the page's rows, as
    /// `widestPlace(of:)` measures it; nil: Place takes the room there is.
    public var widestPlace: Int?

    /// The widest place of the page's rows: the rows on screen and those
    /// around them, so that the columns stay put while the selection moves
    /// within the page. Nil before rows arrive.
    public static func widestPlace(of page: ResultsPage?) -> Int? {
        guard let page, !page.rows.isEmpty else { return nil }
        return page.rows.reduce(0) { max($0, DisplayWidth.of($1.place)) }
    }
}

/// The table: a header row of column titles with their sort marks, then
/// rows and section lines from the page on screen, in a given area.
public struct TableView {
    public let formatting: Formatting
    /// `▲▼` on a UTF-8 terminal, `^v` elsewhere.
    public let unicode: Bool

    public init(formatting: Formatting, unicode: Bool) {
        self.formatting = formatting
        self.unicode = unicode
    }

    public func render(_ state: TableContent, in area: Rect, into screen: inout Screen) {
        let columns = state.columns(width: area.width)
        renderHeader(state, columns, in: area.top(1), into: &screen)
        renderBody(state, columns, in: area.inset(top: 1), into: &screen)
    }

    // MARK: Header

    /// `1 Time ▼`, `2 Mag ▲2` (a secondary key shows its priority). In a
    /// narrow column the title is cut, never the key number or the mark:
    /// `4 De… ▲2`; tighter, the mark loses its space and the title keeps
    /// its first letters (`7 Ne▲`, `7 N▲2`), so a sorted column still says
    /// which it is. An added column has no key: `nst`, `horizontalEr… ▲`.
    public func headerLabel(_ column: QuakeColumn, sortKeys: [SortKey], home: Home?, width: Int = .max) -> String {
        let mark = sortMark(column, sortKeys, home: home)
        guard let number = column.numberKey else {
            let label = column.title + mark
            if DisplayWidth.of(label) <= width { return label }
            return DisplayWidth.truncate(column.title, to: max(1, width - DisplayWidth.of(mark))) + mark
        }
        let key = "\(number)"
        let label = "\(key) \(column.title)" + mark
        if DisplayWidth.of(label) <= width { return label }
        let room = width - DisplayWidth.of(key) - 1 - DisplayWidth.of(mark)
        if room >= 2 { return "\(key) \(DisplayWidth.truncate(column.title, to: room))" + mark }
        let compact = String(mark.drop { $0 == " " })
        let letters = width - DisplayWidth.of(key) - 1 - DisplayWidth.of(compact)
        return letters >= 1 ? "\(key) \(column.title.prefix(letters))" + compact : key + compact
    }

    private func sortMark(_ column: QuakeColumn, _ sortKeys: [SortKey], home: Home?) -> String {
        guard let position = sortKeys.firstIndex(where: { $0.field == column.field(home: home) }) else { return "" }
        return " " + arrow(sortKeys[position].ascending) + (position == 0 ? "" : String(position + 1))
    }

    public func arrow(_ ascending: Bool) -> String { Self.arrow(ascending, unicode: unicode) }

    /// `▲ ▼`, or `^ v` without UTF-8.
    public static func arrow(_ ascending: Bool, unicode: Bool) -> String {
        unicode ? (ascending ? "▲" : "▼") : (ascending ? "^" : "v")
    }

    /// The marks of the rows on screen; a column whose mark is about to
    /// change shows the new one dimmed until the new rows arrive.
    private func renderHeader(_ state: TableContent, _ columns: ColumnLayout, in area: Rect, into screen: inout Screen) {
        let shown = state.shownSortKeys, requested = state.requestedSortKeys
        for placed in columns.columns {
            let pending = sortMark(placed.column, shown, home: state.home) != sortMark(placed.column, requested, home: state.home)
            let label = headerLabel(placed.column, sortKeys: pending ? requested : shown, home: state.home, width: placed.width)
            let style = Style(bold: !pending, underline: placed.column == state.columnCursor, dim: pending)
            screen.put(DisplayWidth.fit(label, to: placed.width, alignRight: placed.column.alignRight),
                       row: area.y, column: area.x + placed.x, style: style)
        }
    }

    // MARK: Body

    private func renderBody(_ state: TableContent, _ columns: ColumnLayout, in area: Rect, into screen: inout Screen) {
        guard let page = state.page else {
            screen.put("loading…", row: area.y, column: area.x + ColumnLayout.margin, style: Style(dim: true))
            return
        }
        if page.knownRowCount == 0, page.isComplete {
            let text = state.isUnfiltered ? "no quakes in this catalog" : "no quakes match"
            screen.put(text, row: area.y, column: area.x + ColumnLayout.margin, style: Style(dim: true))
            return
        }
        let table = state.tableLayout
        let lines = state.topLine..<min(table.lineCount, state.topLine + area.height)
        let filter = FilterMatch(filter: state.filterText)
        // Days are UTC days; rows show local times, so say so where they differ.
        let dayZone = page.configuration.sectionIdentifier == .day && !formatting.isUTC ? " UTC" : ""
        for (offset, line) in lines.enumerated() {
            let row = Rect(x: area.x, y: area.y + offset, width: area.width, height: 1)
            switch table.item(atLine: line) {
            case .section(let section):
                let noun = section.count == 1 ? "quake" : "quakes"
                // As a tree: `▸` folded, `▾` open; a folded line selects its rows.
                let folded = table.isFolded(section)
                let mark = table.openSections == nil ? "" : folded ? (unicode ? "▸ " : "+ ") : (unicode ? "▾ " : "- ")
                let selected = folded && section.rowRange.contains(state.selectedIndex)
                let style = Style(foreground: .cyan, bold: true, reverse: selected)
                if selected { screen.fill(row: row.y, from: row.x, to: row.maxX, style: style) }
                screen.put(" \(mark)\(section.id)\(dayZone) · \(Formatting.count(section.count)) \(noun)", row: row.y,
                           column: row.x, style: style, maxWidth: row.width)
            case .row(let index):
                // A row not in the page yet (scrolled past it): a placeholder until its page arrives.
                guard let quake = page.quake(at: index) else {
                    renderPlaceholder(selected: index == state.selectedIndex, in: row, into: &screen)
                    continue
                }
                let mark = state.changeMarks.mark(quake.id, changes: page.recentlyChanged, now: formatting.now)
                renderRow(quake, selected: index == state.selectedIndex, filter: filter, mark: mark,
                          home: state.home, columns, in: row, into: &screen)
            case nil: break
            }
        }
    }

    private func renderPlaceholder(selected: Bool, in row: Rect, into screen: inout Screen) {
        let style = Style(reverse: selected, dim: true)
        if selected { screen.fill(row: row.y, from: row.x, to: row.maxX, style: style) }
        screen.put("…", row: row.y, column: row.x + ColumnLayout.margin, style: style)
    }

    private func renderRow(_ quake: Quake, selected: Bool, filter: FilterMatch, mark: ChangeMarks.Mark?,
                           home: Home?, _ columns: ColumnLayout, in row: Rect, into screen: inout Screen) {
        // A quake an import added (`+`, green) or changed (`~`, yellow):
        // the row bold while the mark is bright, then the mark alone, then
        // the mark dim (`ChangeMarks`).
        let base = Style(bold: mark?.brightness == .bright, reverse: selected)
        if selected { screen.fill(row: row.y, from: row.x, to: row.maxX, style: base) }
        if let mark {
            var style = base
            style.dim = mark.brightness == .dim
            if !selected { style.foreground = mark.kind == .added ? .green : .yellow }
            screen.put(mark.symbol, row: row.y, column: row.x, style: style)
        }
        for placed in columns.columns {
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
                renderPlace(quake.place, filter: filter, x: row.x + placed.x, width: placed.width, base: base, row: row.y,
                            into: &screen)
                continue
            case .depth: text = Formatting.number(quake.depth, decimals: 1)
            case .distance: text = home.map { Formatting.number($0.point.kilometres(to: quake), decimals: 0) } ?? ""
            case .latitude: text = Formatting.number(quake.latitude, decimals: 3)
            case .longitude: text = Formatting.number(quake.longitude, decimals: 3)
            case .net: text = quake.net
            case .type: text = quake.type
            case .status: text = quake.status
            default: text = addedText(placed.column, quake)
            }
            screen.put(DisplayWidth.fit(text, to: placed.width, alignRight: placed.column.alignRight),
                       row: row.y, column: row.x + placed.x, style: style)
        }
    }

    /// An added column's value: `–` where the source did not give one.
    private func addedText(_ column: QuakeColumn, _ quake: Quake) -> String {
        guard let field = column.field(home: nil) else { return "" }
        switch field.value(of: quake) {
        case .text(let text?): return text
        case .number(let number?) where field.kind == .time:
            return formatting.localTime(Date(epochMilliseconds: Int64(number)))
        case .number(let number?) where column.isWholeNumber: return Formatting.number(number, decimals: 0)
        case .number(let number?): return Formatting.number(number, decimals: Self.decimals[column] ?? 2)
        case .text(nil), .number(nil): return unicode ? "–" : "-"
        }
    }

    /// As USGS gives them: gap in tenths of a degree, dmin in thousandths.
    private static let decimals: [QuakeColumn: Int] = [.gap: 1, .dmin: 3, .rms: 2, .horizontalError: 1, .depthError: 1,
                                                       .magError: 3]

    /// The place, cut with `…` by display width, filter matches highlighted.
    private func renderPlace(_ place: String, filter: FilterMatch, x start: Int, width: Int, base: Style,
                             row: Int, into screen: inout Screen) {
        let shown = DisplayWidth.truncate(place, to: width)
        let matches = filter.ranges(in: shown)
        var x = start
        var highlight = base
        highlight.bold = true
        highlight.underline = true
        highlight.foreground = .yellow
        for (offset, character) in shown.enumerated() {
            let inMatch = matches.contains { $0.contains(offset) }
            x += screen.put(String(character), row: row, column: x, style: inMatch ? highlight : base,
                            maxWidth: start + width - x)
        }
    }
}
