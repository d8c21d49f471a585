import Foundation
import QuakeStore
import TerminalUI

/// Every field of one quake, over the table.
struct DetailView {
    let formatting: Formatting

    func lines(_ quake: Quake) -> [(String, String)] {
        let utc = ISOTime.string(epochMilliseconds: quake.time.epochMilliseconds)
        let former = quake.formerIDs
        func optional(_ value: Double?) -> String { value.map { Formatting.number($0, decimals: 1) } ?? "—" }
        return [
            ("Id", quake.id + (former.isEmpty ? "" : "  (also \(former.joined(separator: ", ")))")),
            ("Time", "\(formatting.localTime(quake.time)) \(formatting.zoneName)  ·  \(formatting.age(quake.time))"),
            // Split at the T, not at fixed offsets: a signed or five-digit year is longer.
            ("UTC", String(utc.dropLast().replacingOccurrences(of: "T", with: " "))),
            ("Magnitude", quake.magnitude.map { "\(Formatting.number($0, decimals: 2)) \(quake.magType)" } ?? "unknown"),
            ("Place", quake.place.isEmpty ? "—" : quake.place),
            ("Coordinates", String(format: "%.4f°%@  %.4f°%@", abs(quake.latitude), quake.latitude >= 0 ? "N" : "S",
                                   abs(quake.longitude), quake.longitude >= 0 ? "E" : "W")),
            ("Depth", "\(Formatting.number(quake.depth, decimals: 2)) km"),
            ("Status", quake.status),
            ("Alert", quake.alert ?? "none"),
            ("Tsunami", quake.tsunami == 0 ? "no" : "yes"),
            ("Felt", quake.felt.map { "\($0) reports" } ?? "no reports"),
            ("Intensity", "CDI \(optional(quake.cdi))  MMI \(optional(quake.mmi))"),
            ("Significance", String(quake.sig)),
            ("Network", "\(quake.net)  code \(quake.code)"),
            ("Type", quake.type),
            ("Updated", "\(formatting.localTime(quake.updated)) \(formatting.zoneName)"),
            ("URL", quake.url),
        ]
    }

    func render(_ quake: Quake, into screen: inout Screen) {
        let top = 1, bottom = screen.height - 2
        for row in top...bottom { screen.fill(row: row) }
        let title = quake.title.isEmpty ? quake.id : quake.title
        screen.put(" " + title, row: top, column: 0, style: Style(foreground: Formatting.color(forMagnitude: quake.magnitude), bold: true))
        for (i, (label, value)) in lines(quake).enumerated() where top + 2 + i < bottom {
            screen.put(" " + DisplayWidth.fit(label, to: 13), row: top + 2 + i, column: 0, style: Style(dim: true))
            screen.put(value, row: top + 2 + i, column: 15, maxWidth: screen.width - 15)
        }
        screen.fill(row: screen.height - 1)
        screen.put("Esc back  j/k next/previous quake", row: screen.height - 1, column: 0, style: Style(dim: true))
    }
}

/// The list of every key, over the table.
struct HelpView {
    static let keys: [(String, String)] = [
        ("↑ ↓ j k  wheel", "move"),
        ("PgUp PgDn", "page (also Space, Ctrl-F / Ctrl-B)"),
        ("Home End g G", "first / last quake"),
        ("click a row", "select it"),
        ("← → h l", "move the column cursor"),
        ("1-9", "sort by column (again: reverse)"),
        ("[ ]", "sort the cursor's column ascending / descending"),
        ("z 1-9, z[ z]", "add a secondary sort key"),
        ("click header", "sort by that column (again: reverse)"),
        ("/", "filter places as you type (Esc clears)"),
        (":", "predicate, e.g. magnitude >= 4.5 AND depth < 10"),
        ("s", "sections: none, day, magnitude, network"),
        ("⏎", "details of the selected quake (Esc or q back)"),
        ("d", "delete the selected quake (asks first)"),
        ("r", "refresh: fetch the feed in the background"),
        ("?", "this help"),
        ("q  Ctrl-C", "quit"),
    ]

    /// Arrows and ⏎ in words where the locale is not UTF-8.
    var unicode = true

    static let asciiKeyNames: [(String, String)] = [("↑ ↓", "Up Down"), ("← →", "Left Right"), ("⏎", "Enter")]

    func render(into screen: inout Screen) {
        let keys = unicode ? Self.keys : Self.keys.map { keys, effect in
            (Self.asciiKeyNames.reduce(keys) { $0.replacingOccurrences(of: $1.0, with: $1.1) }, effect)
        }
        let keyWidth = max(16, keys.map { DisplayWidth.of($0.0) }.max()! + 2)
        let width = min(screen.width - 4, 72)
        let height = min(screen.height - 2, keys.count + 4)
        let left = (screen.width - width) / 2, top = max(1, (screen.height - height) / 2)
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
