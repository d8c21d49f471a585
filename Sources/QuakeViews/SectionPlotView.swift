import Foundation
import QuakeCharts
import QuakeMap
import QuakeStore
import TerminalUI

/// A depth cross-section drawn: distance along the line A–A′ across (km
/// from A), depth down (km), the quakes as the map draws its events (a
/// cell's largest magnitude as its symbol from M4, braille dots below;
/// coloured by magnitude, depth or time as the map's `V` chooses); ticks at
/// round values on both axes, labelled; true to scale unless `stretched` (a
/// kilometre as long down as across, with the terminal's cells twice as
/// tall as wide: the depth axis then reaches as deep as the rows allow).
public struct SectionPlotView {
    /// A quake on the section: its distance along the line and its depth.
    public struct Point: Sendable, Equatable {
        public let along: Double
        public let depth: Double
        public let magnitude: Double?
        /// Its time (epoch ms), for coloring by time; nil when not read.
        public let time: Double?
        /// How many quakes it stands for: 1, or a cube's count.
        public let count: Int
        public init(along: Double, depth: Double, magnitude: Double? = nil, time: Double? = nil, count: Int = 1) {
            self.along = along; self.depth = depth; self.magnitude = magnitude; self.time = time; self.count = count
        }
    }

    public let lengthKilometres: Double
    public let points: [Point]
    public let stretched: Bool
    public let unicode: Bool
    public let cellAspect: Double
    public let coloring: MapColoring
    public let colors: Bool

    public init(lengthKilometres: Double, points: [Point], stretched: Bool = false, unicode: Bool, cellAspect: Double = 2,
                coloring: MapColoring = .magnitude, colors: Bool = true) {
        self.lengthKilometres = lengthKilometres; self.points = points; self.stretched = stretched
        self.unicode = unicode; self.cellAspect = cellAspect; self.coloring = coloring; self.colors = colors
    }

    /// The depths shown: from the shallowest (0 unless a quake is above
    /// sea level) to the deepest, as whole ticks; at least 10 km.
    var depthRange: (top: Double, bottom: Double) {
        let shallowest = min(0, points.map(\.depth).min() ?? 0), deepest = max(10, points.map(\.depth).max() ?? 10)
        let ticks = AxisTicks(low: shallowest, high: deepest, maximum: 6)
        return ((shallowest / ticks.step).rounded(.down) * ticks.step, (deepest / ticks.step).rounded(.up) * ticks.step)
    }

    /// Where the plot goes and its scales: kilometres a dot across and down.
    struct Frame {
        let plot: Rect
        /// The depth labels' columns, left of the axis.
        let labelWidth: Int
        let kilometresAcross: Double
        let kilometresDown: Double
        let top: Double
        var bottom: Double { top + Double(plot.height * 4) * kilometresDown }
        var right: Double { Double(plot.width * 2) * kilometresAcross }

        /// The dot a point is drawn on: a quake at the very end of the line
        /// or the bottom of the axis on the last dot, not past it.
        func dot(_ point: Point) -> (x: Int, y: Int) {
            (min(plot.width * 2 - 1, Int((point.along / kilometresAcross).rounded(.down))),
             min(plot.height * 4 - 1, Int(((point.depth - top) / kilometresDown).rounded(.down))))
        }
    }

    /// The frame for `area`, its label column as wide as the depth ticks'
    /// labels need (measured on a first frame); nil when too small to draw.
    func frame(in area: Rect) -> Frame? {
        guard area.width >= 20, area.height >= 5 else { return nil }
        let depths = depthRange
        let trial = frame(in: area, labelWidth: 4, depths: depths)
        let ticks = AxisTicks(low: trial.top, high: trial.bottom, maximum: max(2, trial.plot.height / 2))
        return frame(in: area, labelWidth: max(4, ticks.values.map { ticks.label($0).count }.max() ?? 0), depths: depths)
    }

    private func frame(in area: Rect, labelWidth: Int, depths: (top: Double, bottom: Double)) -> Frame {
        let plot = Rect(x: area.x + labelWidth + 1, y: area.y, width: max(1, area.width - labelWidth - 2),
                        height: max(1, area.height - 2))
        var across = lengthKilometres / Double(plot.width * 2), down = (depths.bottom - depths.top) / Double(plot.height * 4)
        if !stretched {
            // A dot is cellAspect/2 times as tall as wide: one scale for both, the coarser.
            let dotAspect = cellAspect / 2
            let scale = max(across, down / dotAspect)
            across = scale
            down = scale * dotAspect
        }
        return Frame(plot: plot, labelWidth: labelWidth, kilometresAcross: across, kilometresDown: down, top: depths.top)
    }

    /// The screen cell a point is drawn in, nil when the area is too small to draw.
    public func cell(of point: Point, in area: Rect) -> (column: Int, row: Int)? {
        guard let frame = frame(in: area) else { return nil }
        let dot = frame.dot(point)
        return (frame.plot.x + dot.x / 2, frame.plot.y + dot.y / 4)
    }

    public func render(in area: Rect, into screen: inout Screen) {
        guard let frame = frame(in: area) else {
            screen.put("section: too small", row: area.y, column: area.x, style: Style(dim: true), maxWidth: area.width)
            return
        }
        drawQuakes(frame, into: &screen)
        renderDepthAxis(frame, into: &screen)
        renderDistanceAxis(frame, into: &screen)
    }

    /// Each cell's quakes as one event: its dots, its largest magnitude,
    /// its deepest depth or latest time for the color; when the cells hold
    /// many quakes each (the map's density threshold), its dots colored by
    /// how many, on the map's density ramp.
    private func drawQuakes(_ frame: Frame, into screen: inout Screen) {
        let plot = frame.plot
        var canvas = BrailleCanvas(columns: plot.width, rows: plot.height)
        var largest = [Int: Double](), value = [Int: Double](), count = [Int: Int]()   // by cell, row * width + column
        var oldest = Double.infinity, newest = -Double.infinity
        for point in points {
            let dot = frame.dot(point)
            canvas.set(x: dot.x, y: dot.y)
            let cell = (dot.y / 4) * plot.width + dot.x / 2
            count[cell, default: 0] += point.count
            if let m = point.magnitude { largest[cell] = max(largest[cell] ?? m, m) }
            let shade = coloring == .depth ? point.depth : coloring == .time ? point.time : nil
            if let shade {
                value[cell] = max(value[cell] ?? shade, shade)
                oldest = min(oldest, shade); newest = max(newest, shade)
            }
        }
        let density = MapPalette.DensityColoring(counts: count.values)
        for row in 0..<plot.height {
            for column in 0..<plot.width {
                let mask = canvas.mask(column: column, row: row)
                guard mask != 0 else { continue }
                let cell = row * plot.width + column
                if let density {
                    let cellCount = count[cell] ?? 1
                    screen.put(unicode ? String(BrailleCanvas.character(mask)) : density.shade(cellCount), row: plot.y + row,
                               column: plot.x + column, style: colors ? Style(foreground: density.color(cellCount)) : .plain)
                    continue
                }
                let event = MapPalette.event(largest: largest[cell], value: value[cell], dots: mask, coloring: coloring,
                                             span: (oldest, newest), colors: colors, unicode: unicode)
                screen.put(event.text, row: plot.y + row, column: plot.x + column,
                           style: colors ? Style(foreground: event.color) : .plain)
            }
        }
    }

    /// `│` down the left of the plot, `┤` and a label at each depth tick.
    private func renderDepthAxis(_ frame: Frame, into screen: inout Screen) {
        let plot = frame.plot, axis = plot.x - 1, labelWidth = frame.labelWidth
        let ticks = AxisTicks(low: frame.top, high: frame.bottom, maximum: max(2, plot.height / 2))
        for row in 0..<plot.height { screen.put(unicode ? "│" : "|", row: plot.y + row, column: axis) }
        for value in ticks.values {
            let row = Int(((value - frame.top) / frame.kilometresDown / 4).rounded(.down))
            guard row >= 0, row < plot.height else { continue }
            screen.put(unicode ? "┤" : "+", row: plot.y + row, column: axis)
            screen.put(DisplayWidth.fit(ticks.label(value), to: labelWidth, alignRight: true), row: plot.y + row, column: axis - labelWidth)
        }
    }

    /// `└──┬──` under the plot, and the distances under the ticks, `km` last.
    private func renderDistanceAxis(_ frame: Frame, into screen: inout Screen) {
        let plot = frame.plot, row = plot.maxY
        screen.put(unicode ? "└" : "+", row: row, column: plot.x - 1)
        for column in 0..<plot.width { screen.put(unicode ? "─" : "-", row: row, column: plot.x + column) }
        let end = min(lengthKilometres, frame.right)
        // A label every eight columns at most, over the columns the line uses.
        let used = min(plot.width, Int((end / frame.kilometresAcross / 2).rounded(.up)))
        let ticks = AxisTicks(low: 0, high: end, maximum: max(2, used / 8))
        var free = plot.x - 1   // the first column a label may use
        for value in ticks.values {
            let column = Int((value / frame.kilometresAcross / 2).rounded(.down))
            guard column < plot.width else { continue }
            screen.put(unicode ? "┬" : "+", row: row, column: plot.x + column)
            let label = ticks.label(value)
            let x = plot.x + column - label.count / 2
            guard x >= free, x + label.count <= plot.maxX else { continue }
            screen.put(label, row: row + 1, column: x)
            free = x + label.count + 1
        }
        if free <= plot.maxX - 2 { screen.put("km", row: row + 1, column: plot.maxX - 2) }
    }
}
