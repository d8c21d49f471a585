import QuakeMap
import QuakeQuery
import TerminalUI

/// The map's cells as they are composed, lowest layer first: the line
/// layers' braille (coasts over plates over faults over the graticule),
/// then the quakes (a density cell's background, or an event's symbol),
/// then labels and the marker; `flush` writes them to the screen.
struct MapCells {
    let frame: MapFrame
    let origin: (x: Int, y: Int)
    private let columns: Int, rows: Int
    private var lineMask: [UInt8]
    private var lineStyle: [Style?]
    /// What a cell shows above the lines: quakes, labels, the marker.
    private var top: [Cell?]
    /// The quakes' braille dots per cell, 0 where there is none (labels
    /// keep off the others; the marker joins their dots).
    private var quakeMask: [UInt8]
    /// Density cells drawn as a background: a town's label may be written
    /// over one and the cell's class still shows.
    private var underLabel: [Bool]

    init(frame: MapFrame, origin: (x: Int, y: Int)) {
        self.frame = frame
        self.origin = origin
        columns = frame.projection.columns
        rows = frame.projection.rows
        let count = columns * rows
        lineMask = Array(repeating: 0, count: count)
        lineStyle = Array(repeating: nil, count: count)
        top = Array(repeating: nil, count: count)
        quakeMask = Array(repeating: 0, count: count)
        underLabel = Array(repeating: false, count: count)
    }

    private func index(_ dot: Dot) -> Int { dot.row * columns + dot.column }

    // MARK: Lines

    /// The graticule first, the coasts last: a cell takes the style of the
    /// topmost line crossing it, and the dots of all.
    /// Outside UTF-8 every line is `.`, so the graticule is left to its labels.
    mutating func drawLayers(land: LandOutline, overlays: [MapOverlay], graticule: MapGraticule?) {
        let projection = frame.projection
        var graticuleDots: [Dot] = []
        let across = projection.dotsAcross, down = projection.dotsDown
        for meridian in graticule?.meridians ?? [] {
            let x = dotColumn(of: meridian)
            guard x >= 0, x < across else { continue }
            for y in stride(from: 0, to: down, by: 4) { graticuleDots.append(Dot(x: x, y: y)) }
        }
        for parallel in graticule?.parallels ?? [] {
            let y = dotRow(of: parallel)
            guard y >= 0, y < down else { continue }
            for x in stride(from: 0, to: across, by: 2) { graticuleDots.append(Dot(x: x, y: y)) }
        }
        add(graticuleDots, style: MapPalette.graticuleStyle)
        for overlay in overlays.reversed() { add(overlay.lines.dots(in: projection), style: overlay.style) }
        add(land.dots(in: projection), style: MapPalette.coastStyle)
    }

    /// The column of dots a meridian (continued past 180 or not) runs down.
    private func dotColumn(of meridian: Double) -> Int {
        let projection = frame.projection
        return Int(projection.position(GeoPoint(latitude: projection.region.center.latitude,
                                                longitude: MapRegion.normalized(meridian))).x)
    }

    /// The row of dots a parallel runs along.
    private func dotRow(of parallel: Double) -> Int {
        let projection = frame.projection
        return Int(projection.position(GeoPoint(latitude: parallel, longitude: projection.region.center.longitude)).y)
    }

    private mutating func add(_ dots: [Dot], style: Style) {
        for dot in dots {
            let cell = index(dot)
            lineMask[cell] |= BrailleCanvas.bit(x: dot.x, y: dot.y)
            lineStyle[cell] = style
        }
    }

    /// The section's line, over every layer.
    mutating func drawProfileLine(_ line: MapProfileLine) {
        add(LandOutline(polylines: [line.points]).dots(in: frame.projection), style: MapView.profileStyle)
    }

    /// `A` and `A′` beside their ends (right of the end, else left),
    /// where no quake or other label is.
    mutating func labelProfileLine(_ line: MapProfileLine, unicode: Bool) {
        for (point, text) in [(line.start, "A"), (line.end, unicode ? "A′" : "A'")] {
            guard let point, let dot = frame.projection.dotIfInside(point) else { continue }
            let (column, row) = (dot.x / 2, dot.y / 4)
            if !label(text, column: column + 1, row: row, style: MapView.profileStyle) {
                label(text, column: column - DisplayWidth.of(text), row: row, style: MapView.profileStyle)
            }
        }
    }

    // MARK: Quakes

    /// Draws the dots as density cells (in at most `densityClasses`
    /// classes, as many as can be told apart) or event symbols; says what
    /// was drawn, for the legend.
    mutating func drawQuakes(_ quakes: MapQuakes?, style: MapStyle, coloring: MapColoring, colors: Bool,
                             unicode: Bool, densityClasses: Int,
                             changed: [GeoPoint], flashing: [GeoPoint] = []) -> MapDrawn {
        guard let quakes, !quakes.dots.isEmpty else { return MapDrawn(style: style == .auto ? .events : style) }
        var count = Array(repeating: 0, count: columns * rows)
        var largest = Array(repeating: Double?.none, count: columns * rows)
        var value = Array(repeating: Double?.none, count: columns * rows)
        var oldest = Double.infinity, newest = -Double.infinity
        for dot in quakes.dots {
            let cell = index(dot.dot)
            count[cell] += dot.count
            quakeMask[cell] |= BrailleCanvas.bit(x: dot.dot.x, y: dot.dot.y)
            if let m = dot.magnitude { largest[cell] = max(largest[cell] ?? m, m) }
            if let v = dot.value {
                value[cell] = max(value[cell] ?? v, v)
                oldest = min(oldest, v); newest = max(newest, v)
            }
        }
        let lit = count.indices.filter { count[$0] > 0 }
        let resolved = style.resolved(quakes: quakes.count, cells: lit.count)
        let bold = Set(changed.compactMap(frame.projection.dotIfInside).map(index))
        let flash = Set(flashing.compactMap(frame.projection.dotIfInside).map(index))
        defer { for cell in flash where top[cell] != nil { top[cell]!.style.reverse = true } }
        var drawn = MapDrawn(style: resolved)
        if coloring == .time, oldest <= newest { drawn.timeRange = (oldest, newest) }
        if resolved == .density {
            let scale = DensityScale(largest: lit.map { count[$0] }.max() ?? 1, maximumClasses: densityClasses)
            drawn.density = scale
            for cell in lit {
                let level = scale.level(of: count[cell])
                top[cell] = densityCell(level: level, of: scale.count, lines: lineMask[cell], colors: colors,
                                        unicode: unicode, bold: bold.contains(cell))
                underLabel[cell] = colors
            }
        } else {
            for cell in lit {
                let event = MapPalette.event(largest: largest[cell], value: value[cell], dots: quakeMask[cell], coloring: coloring,
                                             span: (oldest, newest), colors: colors, unicode: unicode)
                top[cell] = Cell(text: event.text, style: Style(foreground: event.color, bold: bold.contains(cell)))
            }
        }
        return drawn
    }

    /// A density cell: its class's background under the lines crossing it
    /// (contrasting), or a shade without colors.
    private func densityCell(level: Int, of classes: Int, lines: UInt8, colors: Bool, unicode: Bool, bold: Bool) -> Cell {
        guard colors else {
            return Cell(text: MapPalette.densityShade(level: level, of: classes, unicode: unicode), style: Style(bold: bold))
        }
        let text = lines == 0 || !unicode ? " " : String(BrailleCanvas.character(lines))
        return Cell(text: text, style: Style(foreground: MapPalette.densityForeground(level: level, of: classes),
                                             background: MapPalette.densityColor(level: level, of: classes), bold: bold))
    }

    // MARK: Labels and the marker

    /// Writes `text` from a cell on, unless it would cover a quake, another
    /// label or run off the map; true when written. `overDensity`: it may
    /// cover density cells drawn in color, on their background (in their
    /// contrasting foreground), so their classes still show.
    @discardableResult
    mutating func label(_ text: String, column: Int, row: Int, style: Style, overDensity: Bool = false) -> Bool {
        // A wide character (a CJK name) takes two cells: its own, then an empty one.
        let texts = text.flatMap { DisplayWidth.of($0) == 2 ? [String($0), ""] : [String($0)] }
        guard row >= 0, row < rows, column >= 0, column + texts.count <= columns else { return false }
        let cells = (column..<column + texts.count).map { row * columns + $0 }
        guard cells.allSatisfy({ (quakeMask[$0] == 0 && top[$0] == nil) || (overDensity && underLabel[$0]) }) else { return false }
        for (cell, text) in zip(cells, texts) {
            var shown = style
            if underLabel[cell], let density = top[cell]?.style {
                shown.foreground = density.foreground
                shown.background = density.background
            }
            top[cell] = Cell(text: text, style: shown)
            underLabel[cell] = false
        }
        return true
    }

    /// Meridians' labels along the top row, parallels' down the left edge.
    mutating func drawTicks(_ graticule: MapGraticule) {
        for meridian in graticule.meridians {
            label(graticule.label(longitude: meridian), column: dotColumn(of: meridian) / 2, row: 0, style: MapPalette.tickStyle)
        }
        for parallel in graticule.parallels {
            label(graticule.label(latitude: parallel), column: 0, row: dotRow(of: parallel) / 4, style: MapPalette.tickStyle)
        }
    }

    /// The towns' labels (`TownLabels` keeps them apart), each left out
    /// where it would cover a quake, except that the first
    /// `MapView.townsOverDensity` (the most populous) are written over
    /// colored density cells: where quakes are dense, the largest towns
    /// would otherwise never be named.
    mutating func drawTowns(_ labels: [TownLabel]) {
        for (index, town) in labels.enumerated() {
            label(town.text, column: town.column, row: town.row, style: MapPalette.townStyle,
                  overDensity: index < MapView.townsOverDensity)
        }
    }

    /// The marker joins a quake's braille dots, or reverses its symbol (or
    /// shade); elsewhere it is its own dot (`@` outside UTF-8).
    mutating func drawMarker(_ point: GeoPoint, unicode: Bool) {
        guard let dot = frame.projection.dotIfInside(point) else { return }
        let cell = index(dot)
        let shown = top[cell]?.text ?? " "
        let isBraille = shown.unicodeScalars.first.map { (0x2800...0x28FF).contains($0.value) } ?? false
        let text = quakeMask[cell] != 0 && shown != " " && !isBraille ? shown
            : unicode ? String(BrailleCanvas.character(quakeMask[cell] | BrailleCanvas.bit(x: dot.x, y: dot.y))) : "@"
        top[cell] = Cell(text: text, style: MapView.markerStyle)
    }

    // MARK: Output

    func flush(into screen: inout Screen, unicode: Bool) {
        for row in 0..<rows {
            for column in 0..<columns {
                let cell = row * columns + column
                let shown: Cell
                if let over = top[cell] {
                    shown = over
                } else if lineMask[cell] != 0, let style = lineStyle[cell] {
                    shown = Cell(text: unicode ? String(BrailleCanvas.character(lineMask[cell])) : ".", style: style)
                } else {
                    shown = .blank
                }
                if shown.text.isEmpty { continue }   // the right half of a wide character, put with it
                let text = unicode ? shown.text : ASCIIFallback.transliterate(shown.text)
                screen.put(text, row: origin.y + row, column: origin.x + column, style: shown.style)
            }
        }
    }
}

/// What the quakes were drawn as, for the legend.
struct MapDrawn {
    var style: MapStyle
    var density: DensityScale?
    var timeRange: (oldest: Double, newest: Double)?
}
