import Foundation
import QuakeMap
import QuakeStore
import TerminalUI

/// The line under the map saying what its marks mean for this view: the
/// density classes (quakes per cell), or the symbols' magnitude classes
/// and what their color is (magnitude, depth or time); at its right end
/// the scale bar.
struct MapLegend {
    let drawn: MapDrawn
    let coloring: MapColoring
    let colors: Bool
    let unicode: Bool
    let scaleBar: MapScaleBar?

    /// The legend's parts, each in its style, left to right, in groups
    /// (a title and its entries) that are shown whole or not at all.
    var groups: [[(text: String, style: Style)]] {
        var groups: [[(text: String, style: Style)]] = []
        var parts: [(text: String, style: Style)] = []
        func endGroup() { if !parts.isEmpty { groups.append(parts); parts = [] } }
        let plain = Style.plain
        if let scale = drawn.density {
            parts.append(("quakes per cell", plain))
            for level in 0..<scale.count {
                let swatch = colors ? "█" : MapPalette.densityShade(level: level, of: scale.count, unicode: unicode)
                let color = colors ? MapPalette.densityColor(level: level, of: scale.count) : .default
                parts.append((" " + swatch, Style(foreground: color)))
                parts.append((scale.label(level, grouping: Formatting.count), plain))
            }
            endGroup()
            return groups
        }
        parts.append(("M", plain))
        let small = !unicode ? MapPalette.asciiSmallSymbol : colors ? "⠂" : MapPalette.smallSymbol
        parts.append((" " + small + "<4", plain))
        for (floor, symbol) in zip(MapPalette.symbolFloors, unicode ? MapPalette.symbols : MapPalette.asciiSymbols) {
            parts.append((" " + symbol + Formatting.number(floor, decimals: 0), plain))
        }
        endGroup()
        guard colors else { return groups }
        switch coloring {
        case .magnitude:
            parts.append(("  color M", plain))
            let bands = Formatting.magnitudeBands
            for (index, band) in bands.enumerated() {
                let label = index == 0 ? "<" + Formatting.number(bands[1].floor, decimals: 0)
                    : Formatting.number(band.floor, decimals: 0) + (index == bands.count - 1 ? "+" : "")
                parts.append((" █", Style(foreground: band.color)))
                parts.append((label, plain))
            }
        case .depth:
            parts.append(("  depth km", plain))
            for (index, floor) in MapPalette.depthFloors.enumerated() {
                parts.append((" █", Style(foreground: MapPalette.depthColor(floor))))
                parts.append((Formatting.number(floor, decimals: 0) + (index == MapPalette.depthFloors.count - 1 ? "+" : ""), plain))
            }
        case .time:
            guard let range = drawn.timeRange else { break }
            parts.append(("  " + Self.date(range.oldest, span: range.newest - range.oldest) + " ", plain))
            for step in 0..<MapPalette.timeSteps {
                let time = range.oldest + (range.newest - range.oldest) * (Double(step) + 0.5) / Double(MapPalette.timeSteps)
                parts.append(("█", Style(foreground: MapPalette.timeColor(time, oldest: range.oldest, newest: range.newest))))
            }
            parts.append((" " + Self.date(range.newest, span: range.newest - range.oldest), plain))
        }
        endGroup()
        return groups
    }

    /// A time's UTC day, with the minute when the view spans under two days.
    static func date(_ epochMilliseconds: Double, span: Double) -> String {
        let ms = Int64(epochMilliseconds.rounded(.down))
        return span < 2 * 86_400_000 ? String(ISOTime.dateAndTime(epochMilliseconds: ms).dropLast(3))
            : UTCDay.string(epochMilliseconds: ms)
    }

    /// The parts from the left, cut where the scale bar begins; the bar at the right end.
    func render(row: Int, from x: Int, width: Int, into screen: inout Screen) {
        screen.fill(row: row, from: x, to: x + width)
        let bar = scaleBar?.text(unicode: unicode)
        let barWidth = bar.map { DisplayWidth.of($0) + 1 } ?? 0
        var column = x
        // Whole groups only: `M` without its symbols, or a cut word, would mislead.
        for group in groups {
            let texts = group.map { unicode ? $0.text : ASCIIFallback.transliterate($0.text) }
            guard texts.reduce(0, { $0 + DisplayWidth.of($1) }) <= x + width - barWidth - column else { break }
            for (text, part) in zip(texts, group) { column += screen.put(text, row: row, column: column, style: part.style) }
        }
        if let bar, barWidth <= width {
            screen.put(bar, row: row, column: x + width - barWidth + 1, style: MapPalette.tickStyle)
        }
    }
}
