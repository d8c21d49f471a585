import QuakeMap
import QuakeQuery
import QuakeViews
import TerminalUI

/// Which panes the browse screen shows; `m` goes through them in order.
/// Raw values name the panes in saved views.
public enum BrowsePanes: String, Sendable, Equatable, CaseIterable, CyclingChoice {
    case table
    /// The map above the table, each about half the height.
    case mapAboveTable
    case mapAlone
}

/// Where each part of the browse screen goes for a screen size and the
/// panes shown: the top line, the map (its dots, then its scale line), the
/// charts, the table (its header row, then its body) and the bottom line. Views draw
/// into these rectangles and clicks are hit-tested against the same ones,
/// so the map above the table moves both together.
struct BrowseLayout: Equatable {
    static let minimumWidth = 40
    static let minimumHeight = 8

    let screen: Rect
    let topLine: Rect
    /// The map pane, scale line included; nil when the map is not shown.
    let map: Rect?
    /// The charts pane, nil when it is not shown: under the map, over the
    /// table; a third of the height between the top and bottom lines when
    /// the charts go side by side, half when they go one under the other.
    let charts: Rect?
    /// The header row and the rows under it; empty when the map is alone.
    let table: Rect
    let bottomLine: Rect

    init(width: Int, height: Int, panes: BrowsePanes = .table, charts showsCharts: Bool = false) {
        screen = Rect(x: 0, y: 0, width: width, height: height)
        topLine = screen.top(1)
        bottomLine = screen.bottom(1)
        let middle = screen.inset(top: 1, bottom: 1)
        let chartsHeight = showsCharts ? middle.height / (width >= ChartsView.sideBySideWidth ? 3 : 2) : 0
        // The map and the table share what the charts leave.
        let shared = middle.height - chartsHeight
        let mapHeight: Int
        switch panes {
        case .table: mapHeight = 0
        case .mapAboveTable: mapHeight = shared / 2
        case .mapAlone: mapHeight = shared
        }
        map = panes == .table ? nil : middle.top(mapHeight)
        charts = showsCharts ? Rect(x: middle.x, y: middle.y + mapHeight, width: middle.width, height: chartsHeight) : nil
        table = panes == .mapAlone ? Rect(x: middle.x, y: middle.maxY, width: middle.width, height: 0)
            : middle.inset(top: mapHeight + chartsHeight)
    }

    /// Below the minimum size the screen only says so.
    var isTooSmall: Bool { screen.width < Self.minimumWidth || screen.height < Self.minimumHeight }

    var tableHeader: Rect { table.top(1) }
    var tableBody: Rect { table.inset(top: 1) }
    /// Table lines visible at once (at least one, so paging always moves).
    var bodyHeight: Int { max(1, tableBody.height) }

    /// The line just above the bottom line, where a field's error or note
    /// is shown over the table's last row.
    var noteLine: Rect { Rect(x: screen.x, y: bottomLine.y - 1, width: screen.width, height: 1) }

    enum Hit: Equatable {
        /// A column's header.
        case header(QuakeColumn)
        /// A line of the table's body, counted from its first visible line.
        case bodyLine(Int)
        /// A cell of the map's dots, counted from the map's top left.
        case map(column: Int, row: Int)
        /// The map's scale line.
        case mapScale
        /// A cell of the charts pane (or the section drawn in its place), from its top left.
        case charts(column: Int, row: Int)
    }

    /// What a click at (row, column) lands on (the table shows Dist when there is a home).
    func hit(row: Int, column: Int, table content: TableContent) -> Hit? {
        if let map, map.contains(row: row, column: column) {
            return row == map.maxY - 1 ? .mapScale : .map(column: column - map.x, row: row - map.y)
        }
        if tableHeader.contains(row: row, column: column) {
            return content.columns(width: table.width).column(atX: column - table.x)
                .map(Hit.header)
        }
        if tableBody.contains(row: row, column: column) { return .bodyLine(row - tableBody.y) }
        if let charts, charts.contains(row: row, column: column) { return .charts(column: column - charts.x, row: row - charts.y) }
        return nil
    }
}
