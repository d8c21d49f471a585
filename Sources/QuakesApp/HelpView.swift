import Foundation
import TerminalUI

/// The list of every key, over the table.
struct HelpView {
    /// At most 19, so that the whole list fits a 24-line terminal.
    static let keys: [(String, String)] = [
        ("↑ ↓ j k  wheel", "move; click: select (on the map: the nearest)"),
        ("PgUp PgDn g G", "page (Space, Ctrl-F / Ctrl-B); first / last"),
        ("← → h l", "move the column cursor"),
        ("0-9, a header", "sort by column (again: reverse); 0: Dist (home)"),
        ("[ ]", "sort the cursor's column ascending / descending"),
        ("z 1-9, z[ z]", "add a secondary sort key"),
        ("/", "filter places as you type (Esc clears)"),
        (":", "predicate, e.g. magnitude >= 4.5 AND depth < 10"),
        ("s", "sections: none, day, magnitude, network"),
        ("⏎", "details of the selected quake (Esc or q back)"),
        ("d", "delete the selected quake (asks first)"),
        ("e", "export results to a file (.csv .json .geojson)"),
        ("r", "refresh: fetch the feed in the background"),
        ("m  Tab  c", "map: over/alone/off; Tab map/table; c charts"),
        ("+ - arrows 0", "map: zoom at the selection, pan, 0 fits results"),
        ("R", "only the quakes in the map's region (again: off)"),
        ("w  '", "save this view by name; ' lists saved views"),
        ("t  o  y", "times UTC/local; open the event page; copy URL"),
        ("?  q Ctrl-C", "this help; quit"),
    ]

    /// Arrows and ⏎ in words where the locale is not UTF-8.
    var unicode = true

    static let asciiKeyNames: [(String, String)] = [("↑ ↓", "Up Down"), ("← →", "Left Right"), ("⏎", "Enter")]

    /// Draws a box centered in `area`.
    func render(in area: Rect, into screen: inout Screen) {
        let keys = unicode ? Self.keys : Self.keys.map { keys, effect in
            (Self.asciiKeyNames.reduce(keys) { $0.replacingOccurrences(of: $1.0, with: $1.1) }, effect)
        }
        let keyWidth = max(16, keys.map { DisplayWidth.of($0.0) }.max()! + 2)
        let width = min(area.width - 4, 72)
        let height = min(area.height - 2, keys.count + 4)
        let left = area.x + (area.width - width) / 2, top = area.y + max(1, (area.height - height) / 2)
        let frame = Style(reverse: true)
        for row in top..<top + height { screen.fill(row: row, from: left, to: left + width, style: frame) }
        screen.put(" Keys ", row: top, column: left + 2, style: Style(bold: true, reverse: true))
        for (i, (key, effect)) in keys.enumerated() where top + 2 + i < top + height - 1 {
            screen.put(DisplayWidth.fit(key, to: keyWidth) + effect, row: top + 2 + i, column: left + 2, style: frame,
                       maxWidth: width - 4)
        }
        screen.put(" any key closes ", row: top + height - 1, column: left + width - 18, style: Style(reverse: true, dim: true))
    }
}
